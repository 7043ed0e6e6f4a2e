import ContractEngine

/// Shrinks a failing sequence of steps: removes chunks of steps, halving the chunk size down to single
/// steps, then simplifies each remaining step's random choices (each to 0, else to half), and repeats
/// while anything helps. A candidate is kept only if a run of it on fresh systems diverges with the same
/// signature (the same operation, on its result or on the observation after it); the kept sequence is
/// what ran up to the divergence, skipped steps left out. The re-runs are bounded.
struct StepShrinker {
    var maxAttempts: Int

    func shrink(
        _ failing: RunOutcome, run: ([PlannedStep]) async -> RunOutcome?
    ) async -> (steps: [PlannedStep], attempts: Int) {
        guard let signature = failing.divergence?.signature else { return (failing.steps.map(\.step), 0) }
        var current = failing.steps.map(\.step)
        var attempts = 0
        /// Runs `candidate`; keeps it when it diverges the same way.
        func keeps(_ candidate: [PlannedStep]) async -> Bool {
            attempts += 1
            guard !candidate.isEmpty, let outcome = await run(candidate), outcome.divergence?.signature == signature else { return false }
            current = outcome.steps.map(\.step)
            return true
        }
        var progressed = true
        while progressed, attempts < maxAttempts {
            progressed = await removeChunks(count: { current.count }, canTryMore: { attempts < maxAttempts }) { range in
                var candidate = current
                candidate.removeSubrange(range)
                return await keeps(candidate)
            }
            if await simplifyChoices(of: { current }, canTryMore: { attempts < maxAttempts }, keeps) { progressed = true }
        }
        return (current, attempts)
    }

    /// Tries each step's choices from the first: 0, else half the choice. `true` when one was kept.
    private func simplifyChoices(
        of current: () -> [PlannedStep], canTryMore: () -> Bool, _ keeps: ([PlannedStep]) async -> Bool
    ) async -> Bool {
        var simplified = false
        var stepIndex = 0
        while stepIndex < current().count, canTryMore() {
            var choiceIndex = 0
            while choiceIndex < current()[stepIndex].choices.count, canTryMore() {
                let choice = current()[stepIndex].choices[choiceIndex]
                for simpler in Set([0, choice / 2]).sorted() where simpler < choice && canTryMore() {
                    var candidate = current()
                    candidate[stepIndex].choices[choiceIndex] = simpler
                    if await keeps(candidate) {
                        simplified = true
                        break
                    }
                }
                choiceIndex += 1
            }
            stepIndex += 1
        }
        return simplified
    }
}
