import ContractEngine

/// Draws concurrent plans, runs each several times on fresh subjects (interleavings differ from run to
/// run), and shrinks the first plan that fails in some run; the shrunk plan is then run `reruns` times
/// more to say how often it fails.
struct ConcurrentExploration<System: Sendable>: Sendable {
    let run: ConcurrentRun<System>
    let plans: Int
    let repetitions: Int
    let reruns: Int
    let maxShrinkAttempts: Int

    /// Explores from `firstSeed`, the first plan's seed.
    func explore(firstSeed: UInt64) async -> ConcurrentModelCheckResult {
        var result = ConcurrentModelCheckResult(seed: firstSeed, budget: max(1, plans), repetitions: max(1, repetitions))
        var seeds = SplitMix64(seed: firstSeed)
        do {
            for index in 0..<result.budget {
                let seed = index == 0 ? firstSeed : seeds.next()
                result.plans = index + 1
                let first = try await run.run(.generate(seed: seed))
                var tally = ConcurrentTally<System>()
                tally.add(first)
                tally.merge(try await ConcurrentTally.of(first.plan, times: result.repetitions - 1, stoppingAtFailure: false) {
                    try await run.run(.replay($0))
                })
                result.inconclusiveRuns += tally.inconclusive
                guard let failing = tally.firstFailure else { continue }
                result.failure = try await shrunkFailure(failing, seed: seed, plan: index + 1, failedRuns: tally.failed, result: &result)
                return result
            }
        } catch {
            result.setupError = "making the model or the subject threw \(describe(error))"
        }
        return result
    }

    /// `failing` shrunk, and its shrunk plan run `reruns` times more for how often it fails; a run in which
    /// a call hung is reported as it ran.
    private func shrunkFailure(
        _ failing: ConcurrentOutcome<System>, seed: UInt64, plan: Int, failedRuns: Int, result: inout ConcurrentModelCheckResult
    ) async throws -> ConcurrentModelCheckResult.Failure {
        let replay: (ConcurrentPlan) async throws -> ConcurrentOutcome<System> = { try await run.run(.replay($0)) }
        guard !failing.hung else {
            return ConcurrentModelCheckResult.Failure(
                seed: seed, plan: plan, originalStepCount: failing.plan.stepCount, failedRuns: failedRuns, shrunk: failing,
                shrinkAttempts: 0, shrunkFailures: (0, 0))
        }
        let shrunk = try await ConcurrentShrinker(reruns: reruns, maxAttempts: maxShrinkAttempts).shrink(failing, run: replay)
        let measured = try await ConcurrentTally.of(shrunk.outcome.plan, times: max(1, reruns), stoppingAtFailure: false, run: replay)
        result.inconclusiveRuns += shrunk.inconclusive + measured.inconclusive
        return ConcurrentModelCheckResult.Failure(
            seed: seed, plan: plan, originalStepCount: failing.plan.stepCount, failedRuns: failedRuns, shrunk: shrunk.outcome,
            shrinkAttempts: shrunk.attempts, shrunkFailures: (measured.failed, measured.made))
    }
}
