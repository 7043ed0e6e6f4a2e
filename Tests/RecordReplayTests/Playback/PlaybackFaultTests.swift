import RecordReplayMessages
import Foundation
import MockTime
import RepositoryContractsPrimitives
@_spi(Benchmarks) import RecordReplay
@_spi(Benchmarks) import RecordReplayFixtures
@_spi(Benchmarks) import RecordReplayRedaction
@_spi(Benchmarks) import RecordReplayWire
import Testing
import RepositoryContractsTestSupport

private typealias Support = PlaybackTestSupport

@Suite("Playback fault injection", .timeLimit(.minutes(10)))
struct PlaybackFaultTests {
    private func recordedTodos(count: Int = 1) -> Playback {
        let playback = Playback()
        playback.load(
            Support.fixture(
                (1...count).map { _ in
                    (
                        Support.request("GET", "/todos"),
                        StubResponse(headers: ["ETag": "v1"], body: Data("[1,2,3]".utf8))
                    )
                }), source: "todos.json")
        return playback
    }

    private func connectionFault(of plan: ResponsePlan) -> ConnectionFault? {
        if case .fault(let fault) = plan { return fault }
        return nil
    }

    @Test("a status override keeps the matched headers and body unless a body is given")
    func statusOverride() throws {
        let playback = recordedTodos(count: 2)
        let rule = playback.inject(.status(503), when: .get("/todos"), on: .first)
        let first = try #require(Support.immediateResponse(of: playback.plan(for: Support.request("GET", "/todos"))))
        #expect(first.status == 503 && first.headers["ETag"] == "v1" && first.body == Data("[1,2,3]".utf8))
        playback.removeFault(rule)
        playback.inject(.status(500, body: Data("boom".utf8)), when: .get("/todos"))
        let second = try #require(Support.immediateResponse(of: playback.plan(for: Support.request("GET", "/todos"))))
        #expect(second.status == 500 && second.body == Data("boom".utf8))
        #expect(playback.journal.map(\.faults) == [[.status(503)], [.status(500, body: Data("boom".utf8))]])
    }

    @Test("a status rule alone answers a request nothing else matches, without an unmatched report")
    func statusAlone() throws {
        let playback = Playback()
        playback.inject(.status(429, body: Data("slow down".utf8)), when: .post("/login"))
        let response = try #require(
            Support.immediateResponse(of: playback.plan(for: Support.request("POST", "/login"))))
        #expect(response.status == 429 && response.body == Data("slow down".utf8))
        #expect(playback.journal.first?.responder == .fault)
        #expect(playback.report.unmatchedRequests.isEmpty)
    }

    @Test("connection-level faults replace the answer and consume no interaction, so a retry gets it")
    func connectionFaults() {
        let playback = recordedTodos()
        playback.inject(.connectionReset, when: .get("/todos"), on: .first)
        #expect(connectionFault(of: playback.plan(for: Support.request("GET", "/todos"))) == .connectionReset)
        #expect(Support.bodyText(of: playback.plan(for: Support.request("GET", "/todos"))) == "[1,2,3]")
        #expect(playback.journal.map(\.responder) == [.fault, .interaction(source: "todos.json", index: 0)])
        #expect(playback.journal.map(\.faults) == [[.connectionReset], []])

        let alone = Playback()
        let garbage = Data("HTTP/1.1 2OO OK\r\n\r\n".utf8)
        alone.inject(.closeWithoutReply, when: .get("/close"))
        alone.inject(.malformedResponse(garbage), when: .get("/garbage"))
        alone.inject(.neverRespond, when: .get("/hang"))
        #expect(connectionFault(of: alone.plan(for: Support.request("GET", "/close"))) == .closeWithoutReply)
        #expect(connectionFault(of: alone.plan(for: Support.request("GET", "/garbage"))) == .malformedResponse(garbage))
        #expect(connectionFault(of: alone.plan(for: Support.request("GET", "/hang"))) == .neverRespond)
        #expect(alone.report.findings.isEmpty)
    }

    @Test("a truncated body cuts the response that would have been sent, from a fixture or a stub closure")
    func truncation() async {
        let playback = recordedTodos()
        playback.inject(.truncatedBody(keepingBytes: 3), when: .path("/**"))
        let expected = StubResponse(headers: ["ETag": "v1"], body: Data("[1,2,3]".utf8))
        #expect(
            connectionFault(of: playback.plan(for: Support.request("GET", "/todos")))
                == .truncatedBody(expected, keepingBytes: 3))

        playback.stub(.get("/live")) { _ in Support.response("abcdef") }
        let plan = await Support.resolve(playback.plan(for: Support.request("GET", "/live")))
        #expect(connectionFault(of: plan) == .truncatedBody(Support.response("abcdef"), keepingBytes: 3))
    }

    @Test(
        "occurrences count only the requests the rule's pattern matches",
        arguments: [
            (Occurrences.every, [1, 2, 3, 4]), (.first, [1]), (.nth(2), [2]), (.times(3), [1, 2, 3]),
            (.after(2), [3, 4]),
            ([1, 4] as Occurrences, [1, 4]), (.ordinals([3]), [3]),
        ])
    func occurrenceSelection(occurrences: Occurrences, expected: [Int]) {
        let playback = Playback()
        playback.stub(.any, with: Support.response("ok"))
        playback.inject(.connectionReset, when: .get("/todos"), on: occurrences)
        var faulted: [Int] = []
        for ordinal in 1...4 {
            _ = playback.plan(for: Support.request("GET", "/other"))  // not counted
            if connectionFault(of: playback.plan(for: Support.request("GET", "/todos"))) == .connectionReset {
                faulted.append(ordinal)
            }
        }
        #expect(faulted == expected)
    }

    @Test("a delay waits on the injected clock: the plan does not complete until the clock is advanced")
    func delayOnClock() async throws {
        let clock = MockClock()
        let playback = Playback(clock: clock)
        playback.stub(.get("/slow"), with: Support.response("done"))
        playback.inject(.delay(.seconds(5)), when: .get("/slow"))
        guard case .deferred(let decide) = playback.plan(for: Support.request("GET", "/slow")) else {
            Issue.record("a delayed answer must be deferred")
            return
        }
        let finished = Protected(false)
        let task = Task {
            let plan = await decide()
            finished.withLock { $0 = true }
            return plan
        }
        await clock.waitForSleepers(count: 1)
        #expect(!finished.withLock { $0 })
        clock.advance(by: .seconds(4))
        #expect(clock.pendingSleeperCount == 1)
        #expect(!finished.withLock { $0 })
        clock.advance(by: .seconds(1))
        let plan = await task.value
        #expect(finished.withLock { $0 })
        #expect(Support.immediateResponse(of: plan)?.status == 200)
        #expect(playback.journal.first?.faults == [.delay(.seconds(5))])
    }

    @Test("delays add up and come before a stub closure runs")
    func delaysCombineBeforeClosure() async {
        let clock = MockClock()
        let playback = Playback(clock: clock)
        let calls = Protected(0)
        playback.stub(.get("/slow")) { _ in
            calls.withLock { $0 += 1 }
            return Support.response("done")
        }
        playback.inject(.delay(.seconds(1)), when: .get("/slow"))
        playback.inject(.delay(.seconds(2)), when: .path("/slow"))
        let plan = playback.plan(for: Support.request("GET", "/slow"))
        guard case .deferred = plan else {
            Issue.record("a delayed answer must be deferred")
            return
        }
        let task = Task { await Support.resolve(plan) }
        await clock.waitForSleepers(count: 1)
        clock.advance(by: .seconds(2))
        #expect(calls.withLock { $0 } == 0)
        clock.advance(by: .seconds(1))
        let resolved = await task.value
        #expect(calls.withLock { $0 } == 1)
        #expect(Support.immediateResponse(of: resolved)?.status == 200)
    }

    @Test("a delayed plan returns promptly when its task is cancelled")
    func delayCancellation() async throws {
        let clock = MockClock()
        let playback = Playback(clock: clock)
        playback.inject(.delay(.seconds(60)), when: .any)
        playback.inject(.status(204), when: .any)
        let plan = playback.plan(for: Support.request("GET", "/anything"))
        guard case .deferred = plan else {
            Issue.record("a delayed answer must be deferred")
            return
        }
        let task = Task { await Support.resolve(plan) }
        await clock.waitForSleepers(count: 1)
        task.cancel()
        let resolved = await task.value
        #expect(connectionFault(of: resolved) == .closeWithoutReply)
        #expect(clock.pendingSleeperCount == 0)
    }
}
