import ContractEngine

/// Shrinks a failing sequence of steps: removes chunks of steps, halving the chunk size down to single
/// steps, and repeats while anything helps. A candidate is kept only if a run of it on fresh systems
/// diverges with the same signature (the same operation, on its result or on the observation after it);
/// the kept sequence is what ran up to the divergence, skipped steps left out. The re-runs are bounded.
struct StepShrinker {
    var maxAttempts: Int

    func shrink(
        _ failing: RunOutcome, run: ([PlannedStep]) async -> RunOutcome?
    ) async -> (steps: [PlannedStep], attempts: Int) {
        guard let signature = failing.divergence?.signature else { return (failing.steps.map(\.step), 0) }
        var current = failing.steps.map(\.step)
        var attempts = 0
        var progressed = true
        while progressed, attempts < maxAttempts {
            progressed = await removeChunks(count: { current.count }, canTryMore: { attempts < maxAttempts }) { range in
                var candidate = current
                candidate.removeSubrange(range)
                attempts += 1
                guard !candidate.isEmpty, let outcome = await run(candidate), outcome.divergence?.signature == signature else { return false }
                current = outcome.steps.map(\.step)
                return true
            }
        }
        return (current, attempts)
    }
}
