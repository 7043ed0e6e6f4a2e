import Foundation
import RecordReplay
import Testing
import RepositoryContractsTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The code of "The server" article, run.
@Suite("Documentation: the server")
struct TheServerExamples {
    @Test("a server with its own limits answers a body over its limit with 413")
    func ownLimits() async throws {
        let options = ServerOptions(maxBodyBytes: 1024, maxConnections: 16)
        let server = StubServer(StubServer.Configuration(server: options))
        try await server.start()

        var request = URLRequest(url: server.baseURL.appendingPathComponent("todos"))
        request.httpMethod = "POST"
        request.httpBody = Data(repeating: UInt8(ascii: "x"), count: 2048)
        let (_, response) = try await URLSession.patient.data(for: request)
        await server.stop()
        #expect((response as? HTTPURLResponse)?.statusCode == 413)
        #expect(server.baseURL.absoluteString == "http://127.0.0.1:\(server.port)")
    }
}

extension TheServerExamples {
    @Test("servers kept in an array and stopped at the end answer until their stops")
    func serversInAnArray() async throws {
        let session = URLSession.patient
        let servers = [StubServer(), StubServer()]
        for server in servers { try await server.start() }
        var statuses: [Int] = []
        for server in servers {
            let (_, response) = try await session.data(from: server.baseURL.appendingPathComponent("todos"))
            statuses.append((response as? HTTPURLResponse)?.statusCode ?? 0)
        }
        for server in servers { await server.stop() }  // also what keeps them answering until here
        // Nothing is stubbed: each answers with the unmatched-request status, which a closed port could not.
        #expect(statuses == [599, 599])
    }

    @Test("the limits the article gives are the defaults")
    func defaults() {
        let options = ServerOptions()
        #expect(options.bindAddress == .loopback && options.port == 0)
        #expect(options.maxRequestLineBytes == 8 * 1024)
        #expect(options.maxHeaderBytes == 64 * 1024 && options.maxHeaderCount == 100)
        #expect(options.maxBodyBytes == 64 * 1024 * 1024)
        #expect(options.requestTimeout == .seconds(30) && options.idleTimeout == .seconds(30))
        #expect(options.maxConnections == 256 && options.maxBufferedBodyBytes == 256 * 1024 * 1024)
        #expect(PlaybackOptions().journalBodyLimit == 1024 * 1024)
        #expect(PlaybackOptions().unmatchedStatus == 599)
    }

    @Test("a server starts once")
    func startsOnce() async throws {
        let server = StubServer()
        try await server.start()
        await #expect(throws: ServerStartError.alreadyStarted) { try await server.start() }
        await server.stop()
    }
}
