import RecordReplayMessages
import Foundation
@_spi(Benchmarks) import RecordReplayWire
import Testing
import RepositoryContractsTestSupport

/// Binding, start errors, many connections and clients that vanish.
@Suite("HTTP transport: listener")
struct HTTPListenerTests {
    @Test("by default the server listens on loopback only, IPv4 and (when available) IPv6, on one port")
    func loopbackByDefault() async throws {
        try await withListener { listener, port in
            #expect(port != 0)
            #expect(listener.port == port)
            let addresses = listener.boundAddresses
            #expect(addresses.first == "127.0.0.1:\(port)")
            #expect(addresses.allSatisfy { $0 == "127.0.0.1:\(port)" || $0 == "[::1]:\(port)" })
            if addresses.contains("[::1]:\(port)") {
                let response = try await blocking {
                    try RawHTTPClient(port: port, host: "::1").exchange("GET /v6 HTTP/1.1\r\nHost: x\r\n\r\n")
                }
                #expect(response.status == 200)
            }
        }
    }

    @Test("another address is used only when asked for")
    func explicitAddress() async throws {
        try await withListener(.patient { $0.bindAddress = .address("0.0.0.0") }) { listener, port in
            #expect(listener.boundAddresses == ["0.0.0.0:\(port)"])
            let response = try await blocking { try RawHTTPClient(port: port).exchange("GET / HTTP/1.1\r\nHost: x\r\n\r\n") }
            #expect(response.status == 200)
        }
    }

    @Test("a port in use is reported with its address")
    func addressInUse() async throws {
        try await withListener { _, port in
            let second = HTTPListener(options: ServerOptions(port: port)) { echo($0) }
            #expect(throws: ServerStartError.addressInUse(address: "127.0.0.1:\(port)")) { try second.start() }
            await second.stop()
        }
        #expect(ServerStartError.addressInUse(address: "127.0.0.1:1").description.contains("127.0.0.1:1"))
        #expect(ServerStartError.addressInUse(address: "127.0.0.1:1").address == "127.0.0.1:1")
        #expect(ServerStartError.alreadyStarted.address == nil)
    }

    @Test("an address that is not numeric is reported")
    func invalidAddress() async throws {
        let listener = HTTPListener(options: ServerOptions(bindAddress: .address("localhost"))) { echo($0) }
        #expect(throws: ServerStartError.invalidAddress("localhost")) { try listener.start() }
        await listener.stop()
    }

    @Test("start() twice is an error")
    func startTwice() async throws {
        try await withListener { listener, _ in
            #expect(throws: ServerStartError.alreadyStarted) { try listener.start() }
        }
    }

    @Test("a client vanishing in the middle of a large response disturbs nothing else")
    func clientVanishesMidResponse() async throws {
        let large = Data(repeating: 0x61, count: 32 * 1024 * 1024)
        let handler: @Sendable (StubRequest) -> ResponsePlan = { request in
            request.path == "/large" ? .respond(StubResponse(status: 200, body: large)) : echo(request)
        }
        try await withListener(handler: handler) { listener, port in
            let (firstByte, other) = try await blocking {
                let other = try RawHTTPClient(port: port)
                _ = try other.exchange("GET /before HTTP/1.1\r\nHost: x\r\n\r\n")
                let vanishing = try RawHTTPClient(port: port)
                try vanishing.send("GET /large HTTP/1.1\r\nHost: x\r\n\r\n")
                let firstByte = vanishing.readOnce(maximum: 1)
                vanishing.reset()
                return (firstByte, try other.exchange("GET /after HTTP/1.1\r\nHost: x\r\n\r\n"))
            }
            #expect(firstByte == .bytes(Array("H".utf8)))
            #expect(other.text.hasPrefix("GET /after"))
            let fresh = try await blocking { try RawHTTPClient(port: port).exchange("GET /new HTTP/1.1\r\nHost: x\r\n\r\n") }
            #expect(fresh.status == 200)
            _ = listener
        }
    }

    /// Each connection costs two descriptors in this process (client and server side).
    static let enoughDescriptors = TestSockets.raiseOpenFileLimit(to: 3_256) >= 2_128

    @Test(
        "1,000 concurrent connections are each answered",
        .enabled(if: enoughDescriptors, "the open-file limit cannot be raised to 2,128 descriptors"))
    func thousandConnections() async throws {
        let count = 1_000
        try await withListener(.patient { $0.maxConnections = count }) { listener, port in
            let (answered, open) = try await blocking {
                let clients = try (0..<count).map { _ in try RawHTTPClient(port: port) }
                for (index, client) in clients.enumerated() {
                    try client.send("GET /\(index) HTTP/1.1\r\nHost: x\r\n\r\n")
                }
                var answered = 0
                for (index, client) in clients.enumerated() where try client.readResponse().text.hasPrefix("GET /\(index)\n") {
                    answered += 1
                }
                // Kept alive until counted: an optimized build ends an array's lifetime at its last use, and
                // a client's deinit closes its socket.
                return withExtendedLifetime(clients) { (answered, listener.openConnectionCount) }
            }
            #expect(answered == count)
            #expect(open == count, "every connection is open at once")
        }
    }
}
