import RecordReplayMessages
import Foundation
import MockTime
@testable import MockTimeTesting
@testable import RecordReplay
import RepositoryContractsPrimitives
import StubServerTesting
import Testing
import RepositoryContractsTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Once a time limit fires, every wait the package offers ends on cancellation, so the test ends and the
/// run goes on: each test here has a body stuck in one of them, under a bound that fires (or a plain
/// cancellation, for the turn, whose wait a time limit does not count), and checks that the body ended.
///
/// A bound here fires once nothing moves for its limit; beside other tests, work elsewhere holds it off
/// up to 24 × the limit (2.4 s), never more.
@Suite("A cancelled test stops waiting", .timeLimit(.minutes(10)))
struct CancelledTestWaitTests {
    init() {
        URLSessionInterception.prepare()
    }

    /// The name the interception gate knows the current test's trait scope by.
    private static func holderName(of test: Test) -> String {
        ([test.id.moduleName] + test.id.nameComponents).joined(separator: ".")
    }

    /// A server whose interceptions are known to the gate as `name`.
    private static func namedServer(_ name: [String]) -> StubServer {
        var configuration = StubServer.Configuration()
        configuration.test = RecordingCommand.TestIdentity(moduleName: "Holders", nameComponents: name)
        return StubServer(configuration)
    }

    @Test("a test cancelled while it waits for the interception turn stops waiting, and the turn passes on")
    func turnWaitEndsOnCancellation() async throws {
        let test = try #require(Test.current)
        let holder = Self.namedServer(["stress()"])
        let holding = try await holder.interceptURLSession()
        let trait: StubServerTrait = .stubServer(interceptsURLSession: true)
        let bodyRan = Protected(false)
        let waiting = Task {
            try await trait.provideScope(for: test, testCase: nil) { bodyRan.withLock { $0 = true } }
        }
        await InterceptionRouter.shared.gate.waitUntilWaiting(named: Self.holderName(of: test))
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        #expect(!bodyRan.withLock { $0 }, "the cancelled test never got the turn")
        await holding.end()
        // The gate is not left holding a turn for the cancelled waiter: the next interception starts.
        let next = try await interceptionServer().interceptURLSession()
        await next.end()
    }

    @Test("time spent waiting for the turn does not count against a time limit, and the wait names its holder")
    func turnWaitIsNotCounted() async throws {
        let holder = Self.namedServer(["stress()"])
        let holding = try await holder.interceptURLSession()
        let waiter = Self.namedServer(["waiter()"])
        let limit = Duration.milliseconds(400)
        let fired = Protected(false)
        let notice = Protected<String?>(nil)
        let run = Task {
            await BoundedRun(limit: limit).run({
                let interception = try await waiter.interceptURLSession()
                notice.withLock { $0 = interception.turnWaitNotice() }   // reported from a second on
                await interception.end()
            }, onTimeout: { _ in fired.withLock { $0 = true } })
        }
        await InterceptionRouter.shared.gate.waitUntilWaiting(named: "Holders.waiter()")
        // The holder keeps the turn for five limits: a bound that counted the wait would fire meanwhile.
        _ = await sleepUnlessCancelled(until: .now + limit * 5)
        await holding.end()
        guard case .finished = await run.value else {
            Issue.record("the waiter's run did not finish")
            return
        }
        #expect(!fired.withLock { $0 })
        let text = try #require(notice.withLock { $0 })
        #expect(text.hasPrefix("waited "))
        #expect(text.contains(" for the URLSession interception held by Holders.stress() (interceptions run one at a time"))
        // A wait under a second is not reported.
        let next = try await interceptionServer().interceptURLSession()
        #expect((next.waitedForTurn < .seconds(1)) == (next.turnWaitNotice() == nil))
        await next.end()
    }

    @Test("a body stuck in waitForRequests ends when the time limit fires")
    func waitForRequestsEndsOnCancellation() async throws {
        let server = StubServer()
        let outcome = await BoundedRun(limit: .milliseconds(100)).run({
            await server.playback.waitForRequests(count: 1)
        }, onTimeout: { _ in })
        guard case .timedOut = outcome else {
            Issue.record("expected the bound to fire, got \(outcome)")
            return
        }
        // Cancelled before it waits, it returns at once too.
        let early = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            await server.playback.waitForRequests(count: 1)
            return Task.isCancelled
        }
        #expect(await early.value)
    }

    @Test("a body stuck in waitForSleepers (with a far bound of its own) ends when the time limit fires")
    func waitForSleepersEndsOnCancellation() async throws {
        let clock = MockClock()
        let outcome = await BoundedRun(limit: .milliseconds(100), local: { clock.movements.count }).run({
            await clock.waitForSleepers(count: 1, timeout: .seconds(3_600))
        }, onTimeout: { _ in })
        guard case .timedOut = outcome else {
            Issue.record("expected the bound to fire, got \(outcome)")
            return
        }
        #expect(clock.pendingSleeperCount == 0)
    }

    /// The scopes the way a user lists them: `.mockClock(timeLimit:)` first, then `.stubServer`.
    private func underTraits(
        interceptsURLSession: Bool = false, _ body: @escaping @Sendable (StubServer) async throws -> Void
    ) async throws -> [String] {
        let test = try #require(Test.current)
        let mockClock: MockClockTrait = .mockClock(timeLimit: .milliseconds(100))
        let stubServer: StubServerTrait = .stubServer(interceptsURLSession: interceptsURLSession, options: .init(clock: ContinuousClock()))
        let messages = Protected<[String]>([])
        try await withKnownIssue {
            try await mockClock.provideScope(for: test, testCase: nil) {
                try await stubServer.provideScope(for: test, testCase: nil) { try await body(StubServer.current) }
            }
        } matching: { issue in
            messages.withLock { $0 += issue.comments.map(\.rawValue) }
            return true
        }
        return messages.withLock { $0 }
    }

    /// The answers a socket server holds back: one it is still deciding, one it never gives.
    static let heldBackAnswers: [(name: String, fault: Fault)] = [
        ("an answer still being decided (an hour's delay)", .delay(.seconds(3_600))),
        ("a request never answered (neverRespond)", .neverRespond),
    ]

    @Test("an answer held back by the server is dropped when the time limit fires, even for an unstructured Task",
        arguments: heldBackAnswers.indices)
    func heldBackAnswerEndsOnCancellation(_ index: Int) async throws {
        let fault = Self.heldBackAnswers[index].fault
        let messages = try await underTraits { server in
            server.playback.stub(.get("/held"), with: StubResponse(status: 200))
            server.playback.inject(fault, when: .get("/held"))
            let load = Task { try await URLSession.patient.data(from: server.baseURL.appendingPathComponent("held")) }
            await server.playback.waitForRequests(count: 1)
            _ = try await load.value
        }
        #expect(messages.contains { $0.hasPrefix("the test made no progress within the .mockClock trait's time limit of 0.1 s") },
            "\(Self.heldBackAnswers[index].name)")
    }

    @Test("an intercepted request whose answer is delayed an hour fails when the time limit fires")
    func interceptedDeferredAnswerEndsOnCancellation() async throws {
        let messages = try await underTraits(interceptsURLSession: true) { server in
            server.playback.stub(.get("/slow"), with: StubResponse(status: 200))
            server.playback.inject(.delay(.seconds(3_600)), when: .get("/slow"))
            let load = Task { try await URLSession.shared.data(from: URL(string: "https://api.example.com/slow")!) }
            await server.playback.waitForRequests(count: 1)
            _ = try await load.value
        }
        #expect(messages.contains { $0.hasPrefix("the test made no progress within the .mockClock trait's time limit of 0.1 s") })
    }

    @Test("a body that ignores cancellation gets a second issue saying so, once nothing moves for the stuck limit")
    func stuckBodyIsReported() async throws {
        let release = OneShot<Void>()
        let stuck = Protected(false)
        let run = Task {
            await BoundedRun(limit: .milliseconds(100), stuckLimit: .milliseconds(100)).run({
                await release.value()   // ignores cancellation
            }, onTimeout: { _ in }, onStuck: {
                stuck.withLock { $0 = true }
                release.fire(())
            })
        }
        guard case .timedOut = await run.value else {
            Issue.record("expected the bound to fire")
            return
        }
        #expect(stuck.withLock { $0 })
    }
}
