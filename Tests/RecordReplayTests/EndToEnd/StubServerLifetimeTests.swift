import Foundation
@testable import RecordReplay
import RepositoryContractsPrimitives
import StubServerTesting
import Testing

/// What happens to a server whose last reference goes away: stopped, it goes quietly; running, it stops
/// listening and says so, naming its address and what to do.
/// Serialized: each test puts its own collector in the one place the messages go.
@Suite("StubServer: a server dropped while running", .serialized)
struct StubServerLifetimeTests {
    /// Runs `body` with the messages of dropped servers collected (those of other tests' servers, dropped
    /// meanwhile, are told apart by the address), and puts standard error back afterwards.
    static func collectingDropMessages(_ body: () async throws -> Void) async rethrows -> [String] {
        let messages = Protected<[String]>([])
        let previous = StubServer.droppedWhileRunning.withLock { sink in
            defer { sink = { message in messages.withLock { $0.append(message) } } }
            return sink
        }
        defer { StubServer.droppedWhileRunning.withLock { $0 = previous } }
        try await body()
        return messages.withLock { $0 }
    }

    @Test("dropped while running: it stops listening and says so, with its address and the remedy")
    func droppedWhileRunning() async throws {
        var address = ""
        let messages = try await Self.collectingDropMessages {
            var server: StubServer? = StubServer()
            try await server?.start()
            address = try #require(server?.baseURL.absoluteString)
            server = nil
        }
        let message = try #require(messages.first { $0.contains(address + " ") })
        #expect(message.contains("without stop()") && message.contains("await server.stop()"), "\(message)")
        #expect(message.contains("optimized build"), "\(message)")
    }

    /// The trait's server, as the trait leaves it: weakly held, so the test can tell it is gone.
    struct TraitServer {
        weak var server: StubServer?
        var address = ""
    }

    @Test("the .stubServer trait stops its server whether the test returns or throws: its servers go quietly")
    func traitServersGoQuietly() async throws {
        let test = try #require(Test.current)
        let trait: StubServerTrait = .stubServer(recording: .never)
        struct Thrown: Error {}
        for throwing in [false, true] {
            let seen = Protected(TraitServer())
            let messages = try await Self.collectingDropMessages {
                do {
                    try await trait.provideScope(for: test, testCase: nil) {
                        let server = StubServer.current
                        seen.withLock { $0 = TraitServer(server: server, address: server.baseURL.absoluteString) }
                        if throwing { throw Thrown() }
                    }
                } catch is Thrown {}
            }
            let (gone, address) = seen.withLock { ($0.server == nil, $0.address) }
            // Gone by now, so its deinit has run: a message it wrote would be among those collected.
            #expect(gone, "the trait's server outlived its scope (throwing: \(throwing))")
            #expect(!address.isEmpty && !messages.contains { $0.contains(address + " ") }, "\(messages)")
        }
    }

    @Test("stopped, or never started, before it goes: nothing is said")
    func droppedAfterStop() async throws {
        var addresses: [String] = []
        let messages = try await Self.collectingDropMessages {
            var stopped: StubServer? = StubServer()
            try await stopped?.start()
            addresses.append(try #require(stopped?.baseURL.absoluteString))
            await stopped?.stop()
            stopped = nil
            var neverStarted: StubServer? = StubServer()
            addresses.append(try #require(neverStarted?.baseURL.absoluteString))
            neverStarted = nil
        }
        for address in addresses {
            #expect(!messages.contains { $0.contains(address + " ") }, "\(messages)")
        }
    }
}
