import BrokenExamples
import ExampleSystems
import Foundation
import RecordReplay
import RepositoryContracts
import RepositoryContractsPrimitives
import Testing

/// The model-based check of the session seed system's own protocol: the fake (API and store in memory) as
/// the model; as subjects the real repository (the HTTP auth client against the API fake on a stub server,
/// the session in a file) and the three broken repositories, each found by a sequence of the protocol's
/// own calls and a relaunch.
@Suite("Protocol model check: the session repository")
struct SessionModelCheckTests {
    /// A fresh app over the fake: the model.
    static func fakeApp() -> SessionApp {
        let api = SessionAPIFake()
        return SessionApp(store: InMemorySessionStore()) { RemoteSessionRepository(api: api, store: $0) }
    }

    static func check(subject: @escaping @Sendable () async throws -> SessionApp, seed: UInt64) async -> ProtocolModelCheckResult {
        await ProtocolModelCheck.check(
            model: { fakeApp() }, subject: subject, operations: SessionOperations.all,
            observe: { try await $0.repository.currentSession() }, seed: seed)
    }

    @Test("the real repository, over HTTP with the session in a file, agrees with the fake over several seeds", arguments: [UInt64(1), 2, 3])
    func realAgrees(seed: UInt64) async throws {
        let server = StubServer()
        // Each run's subject gets an API fake of its own behind the one server: the runs are sequential.
        let api = Protected(SessionAPIFake())
        server.playback.stub(.any) { request in await api.withLock { $0 }.respond(to: request) }
        try await server.start()
        let result = await Self.check(
            subject: {
                api.withLock { $0 = SessionAPIFake() }
                let client = HTTPAuthAPI(baseURL: server.baseURL)
                return SessionApp(store: FileSessionStore.temporary()) { RemoteSessionRepository(api: client, store: $0) }
            }, seed: seed)
        await server.stop()
        #expect(result.passed, "\(result)")
        #expect(result.runs == ProtocolModelCheck.defaultRuns)
    }

    /// The fewest steps each flaw needs: sign up, then sign out, a refused sign in, or a relaunch.
    static let expected: [BrokenSessionRepository.Flaw: String] = [
        .signout: "signOut()", .staleSignin: "signIn(email:password:)", .memoryOnly: "relaunch()",
    ]

    @Test("each broken repository is found over 20 seeds with the default settings and shrunk to two steps",
          arguments: BrokenSessionRepository.Flaw.allCases)
    func brokenFound(_ flaw: BrokenSessionRepository.Flaw) async throws {
        var found = 0, sizes: [Int] = [], runs: [Int] = []
        for seed in UInt64(1)...20 {
            let result = await Self.check(
                subject: {
                    let api = SessionAPIFake()
                    return SessionApp(store: InMemorySessionStore()) { BrokenSessionRepository(api: api, store: $0, flaw: flaw) }
                }, seed: seed)
            guard let failure = result.failure else { continue }
            found += 1
            sizes.append(failure.steps.count)
            runs.append(result.runs)
            #expect((2...3).contains(failure.steps.count), "\(result)")
            #expect(failure.divergence.operation == Self.expected[flaw], "\(result)")
        }
        #expect(found == 20, "\(flaw): found in \(found) of 20 seeds")
        print("\(flaw): found \(found)/20, shrunk sizes \(sizes.sorted()), runs until found \(runs.sorted())")
    }
}
