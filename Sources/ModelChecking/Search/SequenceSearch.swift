/// The search every sequential model-based check runs: `runs` sequences of `steps` steps, seeded from the
/// first seed (the first run's seed is that seed itself), stopping at the first divergence, which it
/// shrinks (when the runner allows) and runs once more for the report. Each run makes its watched calls
/// inline (``InlineWatchedRunner``).
struct SequenceSearch<Runner: SequenceRunner> {
    var runner: Runner
    var runs: Int
    var steps: Int
    var maxShrinkAttempts: Int

    /// The runner, its runs making their watched calls inline.
    private var watched: InlineWatchedRunner<Runner> { InlineWatchedRunner(base: runner) }

    /// A divergence the search found: the run as drawn, and the smallest sequence that fails the same way.
    struct Finding {
        var seed: UInt64
        /// Which run diverged (1-based).
        var run: Int
        var original: [Runner.Step]
        var originalOutcome: Runner.Outcome
        /// The smallest failing sequence: the original one when shrinking was not allowed, or when the
        /// smaller one did not fail the same way once more.
        var shrunk: [Runner.Step]
        /// How `shrunk` ran, last.
        var outcome: Runner.Outcome
        var shrinkAttempts: Int
        /// Whether the runner did not allow shrinking this failure.
        var shrinkingSkipped: Bool
    }

    /// How a search ended, after `runs` runs.
    enum Ending {
        case passed
        case found(Finding)
        /// Making a run's systems threw: the check reports the error alone.
        case setupFailed(any Error)
    }

    /// Runs the search from `firstSeed`: how many runs it made, and how it ended.
    func explore(firstSeed: UInt64) async -> (runs: Int, ending: Ending) {
        var seeds = RunSeeds(first: firstSeed)
        for index in 0..<max(1, runs) {
            let seed = seeds.next()
            let drawn: (steps: [Runner.Step], outcome: Runner.Outcome)
            do {
                drawn = try await watched.run(seed: seed, count: steps)
            } catch {
                return (index + 1, .setupFailed(error))
            }
            guard runner.signature(of: drawn.outcome) != nil else { continue }
            return (index + 1, .found(await finding(drawn.steps, drawn.outcome, seed: seed, run: index + 1)))
        }
        return (max(1, runs), .passed)
    }

    /// The failure of `steps`, shrunk when allowed, with the last run of the smallest sequence.
    private func finding(_ steps: [Runner.Step], _ outcome: Runner.Outcome, seed: UInt64, run: Int) async -> Finding {
        var found = Finding(
            seed: seed, run: run, original: steps, originalOutcome: outcome, shrunk: steps, outcome: outcome,
            shrinkAttempts: 0, shrinkingSkipped: true)
        guard runner.mayShrink(outcome) else { return found }
        found.shrinkingSkipped = false
        let shrunk = await SequenceShrinker(runner: watched, maxAttempts: maxShrinkAttempts).shrink(steps, failing: outcome)
        found.shrinkAttempts = shrunk.attempts
        // The smallest sequence once more, for its trace; it fails the same way unless a system is not
        // deterministic, and then the report keeps the run as drawn.
        if let last = try? await watched.run(shrunk.steps), runner.signature(of: last) == runner.signature(of: outcome) {
            found.shrunk = shrunk.steps
            found.outcome = last
        }
        return found
    }
}
