/// Shrinks a failing sequence of any ``SequenceRunner``: removes chunks of steps (delta debugging,
/// halving the chunk size down to single steps), then tries each remaining step's simpler forms (the
/// first kept one wins, and the next step is tried), then the whole sequence simplified, and repeats
/// while anything helps.
///
/// Every candidate is run on fresh systems, and kept only if it diverges with the same signature, so
/// shrinking cannot slide to a different bug; the kept sequence is what mattered of it when it ran (up to
/// the divergence, skipped steps left out). The number of re-runs is bounded.
struct SequenceShrinker<Runner: SequenceRunner> {
    var runner: Runner
    /// The most candidates to run.
    var maxAttempts: Int

    /// `steps`, which ran as the failing `outcome`, shrunk; and how many candidates ran.
    func shrink(_ steps: [Runner.Step], failing outcome: Runner.Outcome) async -> (steps: [Runner.Step], attempts: Int) {
        var current = runner.steps(steps, thatRanIn: outcome)
        guard let signature = runner.signature(of: outcome) else { return (current, 0) }
        var attempts = 0
        /// Runs `candidate`; keeps it when it diverges the same way.
        func keeps(_ candidate: [Runner.Step]) async -> Bool {
            guard attempts < maxAttempts, candidate != current, !candidate.isEmpty else { return false }
            attempts += 1
            guard let result = try? await runner.run(candidate), runner.signature(of: result) == signature else { return false }
            current = runner.steps(candidate, thatRanIn: result)
            return true
        }
        var progressed = true
        while progressed, attempts < maxAttempts {
            progressed = await removeChunks(count: { current.count }, canTryMore: { attempts < maxAttempts }) { range in
                await keeps(runner.removing(range, from: current))
            }
            var index = 0
            while index < current.count, attempts < maxAttempts {
                for simpler in runner.simplerForms(of: current[index]) {
                    var candidate = current
                    candidate[index] = simpler
                    if await keeps(candidate) {
                        progressed = true
                        break
                    }
                }
                index += 1
            }
            if let simplified = runner.simplified(current), await keeps(simplified) { progressed = true }
        }
        return (current, attempts)
    }
}
