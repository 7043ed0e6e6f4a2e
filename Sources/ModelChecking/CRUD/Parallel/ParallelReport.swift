/// What the parallel mode of a model-based check found.
package struct ParallelReport: Sendable {
    /// How many plans were run (the failing one included).
    package var plans: Int
    /// How many plans the check would have run had every one passed.
    package var budget: Int
    /// How many times each plan runs.
    package var repetitions: Int
    /// Runs whose history the search could not decide within its step limit (counted as passing).
    package var inconclusiveRuns = 0
    /// The first failing plan, shrunk.
    package var failure: ParallelFailure?
    /// Work a seeded scheduler did not control, which turned it off for the rest of the check.
    package var uncontrolled: UncontrolledWork?

    package init(plans: Int, budget: Int, repetitions: Int) {
        self.plans = plans
        self.budget = budget
        self.repetitions = repetitions
    }

    /// The summary line of a passing parallel mode.
    var summary: String {
        "\(plans) parallel plans × \(repetitions) runs linearizable"
            + (inconclusiveRuns > 0 ? " (\(inconclusiveRuns) runs inconclusive: the search hit its step limit)" : "")
            + (uncontrolled.map { " (\($0))" } ?? "")
    }
}

/// A parallel plan that failed in some of its runs, shrunk, with one failing history.
package struct ParallelFailure: Sendable {
    /// The plan's seed: `REPOSITORY_CONTRACTS_SEED` (or `seed:`) with it makes this the first plan.
    package var seed: UInt64
    /// Which plan failed (1-based).
    package var plan: Int
    /// The plan as generated.
    package var original: ParallelPlan
    /// In how many of the repetitions the generated plan failed.
    package var failedRepetitions: Int
    /// The shrunk plan.
    package var shrunk: ParallelPlan
    /// How many candidate plans shrinking tried.
    package var shrinkAttempts: Int
    /// In how many of how many runs the shrunk plan failed when it was last tried.
    package var shrunkFailures: (failed: Int, made: Int)
    /// A failing run of the shrunk plan.
    package var outcome: ParallelOutcome
    /// How often the shrunk plan failed when replayed under the failing run's schedule seed (`(0, 0)`: its
    /// tasks interleaved freely, so there was no seed to replay).
    package var replays: (failed: Int, made: Int) = (0, 0)

    /// A failure of plan number `plan` (seed `seed`), shrunk to `shrunk`, with a failing run's `outcome`.
    package init(
        seed: UInt64, plan: Int, original: ParallelPlan, failedRepetitions: Int, shrunk: ParallelPlan, shrinkAttempts: Int,
        shrunkFailures: (failed: Int, made: Int), outcome: ParallelOutcome
    ) {
        self.seed = seed
        self.plan = plan
        self.original = original
        self.failedRepetitions = failedRepetitions
        self.shrunk = shrunk
        self.shrinkAttempts = shrinkAttempts
        self.shrunkFailures = shrunkFailures
        self.outcome = outcome
    }

    /// The failing history as a timeline: one column per task, invocations (`→`) and responses (`←`) in
    /// logical-clock order; the calls before and after the tasks in the first column.
    package var timeline: [String] {
        let history = outcome.history
        let columns = (history.map(\.task).max() ?? 0) + 1
        let width = 34
        func pad(_ text: String) -> String {
            text.count >= width ? String(text.prefix(width - 1)) + "…" : text + String(repeating: " ", count: width - text.count)
        }
        var events: [(tick: Int, task: Int, text: String)] = []
        for entry in history {
            let call = entry.call.call
            var sent = call.version.map { " v\($0)" } ?? ""
            if case .conditionalUpdate = call.operation { sent += " @" + (call.carried.map { "v\($0)" } ?? "?") }
            events.append((entry.call.invocation, entry.task, "→ \(call.operation)\(sent)"))
            events.append((entry.call.response, entry.task, "← \(entry.observed)"))
        }
        events.sort { $0.tick < $1.tick }
        var lines = [("       " + (0..<columns).map { pad($0 == 0 ? "before/after" : "task \($0)") }.joined()).trimmingTrailingSpaces]
        for event in events {
            var cells = Array(repeating: pad(""), count: columns)
            cells[event.task] = pad(event.text)
            let tick = String(event.tick)
            lines.append(String(repeating: " ", count: max(0, 5 - tick.count)) + tick + "  " + cells.joined().trimmingTrailingSpaces)
        }
        return lines
    }

    /// Why the history fails, in words.
    package var explanation: [String] {
        if let problem = outcome.problem { return [problem] }
        switch outcome.verdict {
        case .notLinearizable(let deadEnds):
            var lines = ["No order of these calls, each taking effect between its → and its ←, explains every response. "
                + "The longest orders that explain a prefix:"]
            func name(_ index: Int, response: Bool = false) -> String {
                let entry = outcome.history[index]
                return "\(entry.task == 0 ? "" : "t\(entry.task) ")\(entry.call.call.operation)" + (response ? " → \(entry.observed)" : "")
            }
            for end in deadEnds {
                let order = end.order.isEmpty ? "(nothing)" : end.order.map { name($0) }.joined(separator: ", ")
                lines.append("    \(order) leaves \(end.state), which explains none of: "
                    + end.stuck.map { name($0, response: true) }.joined(separator: "; "))
            }
            return lines
        default: return []
        }
    }
}

extension ParallelFailure {
    /// Whether a failing run replays exactly, in a report's words: its schedule seed and how many replays
    /// under it failed; or why its interleaving may not recur.
    package static func replayLine(schedule: UInt64?, replays: (failed: Int, made: Int), uncontrolled: UncontrolledWork?) -> String {
        if let schedule {
            return "Replays exactly: the tasks ran on a seeded scheduler (schedule \(hex(schedule))), and the shrunk plan "
                + "failed in \(replays.failed) of \(replays.made) replays under that schedule. The seed below reruns this search, "
                + "failure and shrinking included."
        }
        let why = uncontrolled.map { "\($0)." } ?? "Its tasks interleaved freely (a call stalled, or the scheduler is off)."
        return why + " Interleavings vary: the same plan may pass in another run."
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
