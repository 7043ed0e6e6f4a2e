import RepositoryContractsPlatform
import ContractEngine
import Testing

/// A call nobody wrapped still cannot hang the run: the clause body is watched as a whole, and the
/// failure names the last place the clause was seen at.
@Suite("Body watchdog")
struct BodyWatchdogTests {
    /// A subject of an own protocol, with a call that never returns.
    final class Stuck: Sendable {
        func neverReturns() async {
            await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in }
        }
    }

    struct StuckTerms: ContractTerms {
        typealias Subject = Stuck
    }

    @Test("an unwatched call that never returns fails the clause after the timeout, naming the last check before it")
    func unwatchedHang() async throws {
        let checkLine = #line + 3  // the line of `check.expect(true, "first step")` below
        let contract = Contract("own", terms: StuckTerms(), clauses: [
            Clause("hangs", "calls something that never returns") { check in
                check.expect(true, "first step")
                await check.subject.neverReturns()
                check.fail("never reached")
            },
        ])
        let conformance = Conformance<StuckTerms>("stuck", timeout: .milliseconds(100)) { Stuck() }
        let result = try #require(await contract.cases(for: conformance).first?.run())
        #expect(result.status == .failed)
        let message = try #require(result.failures.first?.message)
        #expect(message.hasPrefix("the clause's next step after the check at ContractEngineTests/BodyWatchdogTests.swift:\(checkLine) (a subject call?) did not complete"))
        #expect(!message.contains("never reached"))
    }

    @Test("a watched call that hangs is judged by its own watchdog, and named")
    func watchedHang() async throws {
        let contract = Contract("own", terms: StuckTerms(), clauses: [
            Clause("hangs", "a watched call never returns") { check in
                try await check.watching("neverReturns()") { await check.subject.neverReturns() }
            },
        ])
        let conformance = Conformance<StuckTerms>("stuck", timeout: .milliseconds(100)) { Stuck() }
        let result = try #require(await contract.cases(for: conformance).first?.run())
        #expect(result.failures.first?.message.hasPrefix("neverReturns() did not complete") == true)
    }

    @Test("a long body that keeps making checks is not cut off")
    func movingBody() async throws {
        let contract = Contract("own", terms: StuckTerms(), clauses: [
            Clause("busy", "many small steps") { check in
                // Each step takes CPU time, not wall-clock time: twice the timeout in all.
                for step in 0..<40 {
                    let start = processCPUTime()!
                    while processCPUTime()! - start < .milliseconds(25) {}
                    check.expect(step >= 0, "step \(step)")
                }
            },
        ])
        let conformance = Conformance<StuckTerms>("busy", timeout: .milliseconds(500)) { Stuck() }
        let result = try #require(await contract.cases(for: conformance).first?.run())
        #expect(result.status == .passed, "\(result.failures)")
    }
}
