/// How a concurrent plan fared over several runs: how many were made, failed and were undecided, and the
/// first failing outcome.
struct ConcurrentTally<System>: Sendable {
    var made = 0
    var failed = 0
    var inconclusive = 0
    var firstFailure: ConcurrentOutcome<System>?

    /// Counts `outcome`.
    mutating func add(_ outcome: ConcurrentOutcome<System>) {
        made += 1
        if outcome.inconclusive { inconclusive += 1 }
        guard outcome.failed else { return }
        failed += 1
        if firstFailure == nil { firstFailure = outcome }
    }

    /// Adds the runs `other` counted.
    mutating func merge(_ other: ConcurrentTally) {
        made += other.made
        failed += other.failed
        inconclusive += other.inconclusive
        if firstFailure == nil { firstFailure = other.firstFailure }
    }

    /// Runs `plan` `times` times with `run`; with `stoppingAtFailure`, stops at the first failing run.
    static func of(
        _ plan: ConcurrentPlan, times: Int, stoppingAtFailure: Bool,
        run: (ConcurrentPlan) async throws -> ConcurrentOutcome<System>
    ) async throws -> ConcurrentTally {
        var tally = ConcurrentTally()
        for _ in 0..<max(0, times) {
            tally.add(try await run(plan))
            if stoppingAtFailure, tally.firstFailure != nil { break }
        }
        return tally
    }
}

/// Shrinks a failing concurrent plan by dropping one step at a time (prefix steps first, then the tasks'),
/// else one step of each of two tasks, repeating while a drop keeps it failing. A race may not show on every run, so a candidate is run up to
/// `reruns` times and kept if any run fails; the kept plan is the one that ran (steps whose seen values
/// were dropped with their producer left out). The candidates tried are bounded by `maxAttempts`.
struct ConcurrentShrinker {
    var reruns: Int
    var maxAttempts: Int

    /// The smallest failing outcome found from `failing`, how many candidates were tried, and how many
    /// runs were undecided on the way.
    func shrink<System>(
        _ failing: ConcurrentOutcome<System>, run: (ConcurrentPlan) async throws -> ConcurrentOutcome<System>
    ) async throws -> (outcome: ConcurrentOutcome<System>, attempts: Int, inconclusive: Int) {
        var current = failing, attempts = 0, inconclusive = 0
        var progressed = true
        while progressed, attempts < maxAttempts {
            progressed = false
            for candidate in current.plan.smaller {
                guard attempts < maxAttempts else { break }
                attempts += 1
                let tally = try await ConcurrentTally.of(candidate, times: max(1, reruns), stoppingAtFailure: true, run: run)
                inconclusive += tally.inconclusive
                guard let failure = tally.firstFailure else { continue }
                current = failure
                progressed = true
                break
            }
        }
        return (current, attempts, inconclusive)
    }
}
