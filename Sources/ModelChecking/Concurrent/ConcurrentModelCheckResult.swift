import RepositoryContractsPrimitives

/// What a concurrent model-based check of your own protocol found: whether every run's calls could be
/// explained by the model taking them one at a time, and for a failing plan the shrunk plan, each call's
/// result and logical-clock ticks, the dead end of the search, the Swift that replays it and the seed.
public struct ConcurrentModelCheckResult: Sendable, CustomStringConvertible {
    /// One call of the shrunk plan as the subject answered it in a failing run.
    public struct Call: Sendable, Hashable {
        /// `p1`, `p2`, … in the prefix; `t1.1`, `t1.2`, … in task 1; `observation` for the observation
        /// after the tasks.
        public let label: String
        /// The operation's name (`observation` for the observation).
        public let operation: String
        /// The call as the operation's `swift:` writes it, with the values the subject produced (empty for
        /// the observation).
        public let swift: String
        /// Whether ``swift`` is a whole statement (a time step), printed as it is rather than after
        /// `_ = try await`.
        public let isStatement: Bool
        /// What the subject's call returned or threw: `returned [a, b]`, `returned`, `threw …`.
        public let result: String
        /// Whether the subject's call threw (the Swift repro marks it `try?`).
        public let threw: Bool
        /// The logical clock's tick just before the call was made.
        public let invocation: Int
        /// The logical clock's tick just after the call returned.
        public let response: Int
        /// The name the repro binds this prefix call's result to (its label, `p1`), when a later call
        /// passes on a value it produced that the model and the subject assigned differently (an id, a
        /// token); ``swift`` of those calls reads it from there (`p1.id`).
        public let binding: String?
    }

    /// A call that could have come next in the dead end, which the model does not explain there.
    public struct Unexplained: Sendable, Hashable {
        /// The call's ``Call/label``.
        public let label: String
        /// What the subject answered.
        public let subject: String
        /// What the model answered instead, after the explained order.
        public let model: String
    }

    /// Where the search for an order got stuck: the longest order of calls the model explains, and the
    /// calls that could come next, none of which it explains.
    public struct DeadEnd: Sendable, Hashable {
        /// The labels of the explained calls, in the order the model took them.
        public let explained: [String]
        /// The calls that could come next.
        public let unexplained: [Unexplained]
    }

    /// A failing plan, shrunk, with one failing run of it.
    public struct Failure: Sendable {
        /// The failing plan's seed: as `seed:` or `REPOSITORY_CONTRACTS_SEED` it makes that plan the first
        /// one. While the seeded scheduler controls the subject (``schedule`` is set), the rerun is the same
        /// search: the same interleavings, the same failure and the same shrinking.
        public let seed: UInt64
        /// Which plan failed, counted from 1.
        public let plan: Int
        /// How many steps the plan had before shrinking (the observation not counted).
        public let originalStepCount: Int
        /// In how many of the plan's runs (the check's `repetitions`) the plan failed.
        public let failedRuns: Int
        /// The shrunk plan's prefix: the calls made one after another before the tasks started.
        public let prefix: [Call]
        /// The shrunk plan's tasks, each its calls in order (tasks that shrinking emptied are left out).
        public let tasks: [[Call]]
        /// The observation after the tasks, when the check observes.
        public let observation: Call?
        /// Where the search got stuck on the failing run.
        public let deadEnd: DeadEnd
        /// How many candidate plans shrinking tried.
        public let shrinkAttempts: Int
        /// In how many of ``shrunkReruns`` runs of the shrunk plan, after shrinking, it failed.
        public let shrunkFailedRuns: Int
        /// How many times the shrunk plan was run after shrinking: 0 when a call did not return (the run is
        /// reported as it ran, not shrunk, since every candidate would wait for the watchdog again).
        public let shrunkReruns: Int
        /// The seed of the scheduler the failing run's tasks ran on, when it picked every job of theirs:
        /// the same plan under the same seed interleaves the same way. `nil` when they interleaved freely.
        public let schedule: UInt64?
        /// In how many of ``scheduleReplays`` replays of the shrunk plan under ``schedule`` it failed.
        public let failedScheduleReplays: Int
        /// How many times the shrunk plan was replayed under ``schedule`` (0 without one).
        public let scheduleReplays: Int

        /// How many steps the shrunk plan has (the observation not counted).
        public var stepCount: Int { prefix.count + tasks.reduce(0) { $0 + $1.count } }
    }

    /// The first plan's seed.
    public let seed: UInt64
    /// How many plans were run, the failing one included.
    public internal(set) var plans = 0
    /// How many plans the check would have run had every one passed.
    public let budget: Int
    /// How many times each plan ran.
    public let repetitions: Int
    /// Runs whose history the search could not decide within its step limit (counted as passing).
    public internal(set) var inconclusiveRuns = 0
    /// The failing plan, if any.
    public internal(set) var failure: Failure?
    /// Why the check could not run (no operations, or making the model or the subject threw); a failure too.
    public internal(set) var setupError: String?
    /// What the seeded scheduler saw and could not control (work on the main actor, an unstructured task, a
    /// callback from another thread), which turned it off for the check's later runs; `nil` when it
    /// controlled every run it was given.
    public internal(set) var uncontrolledWork: String?

    init(seed: UInt64, budget: Int, repetitions: Int) {
        self.seed = seed
        self.budget = budget
        self.repetitions = repetitions
    }

    /// Whether every run's history was explained by the model (or undecided).
    public var passed: Bool { failure == nil && setupError == nil }

    /// The whole report: the shrunk plan with each call's result and ticks, the dead end, the Swift repro
    /// and the seed; or how many plans passed.
    public var description: String {
        if let setupError { return "Concurrent model check could not run: \(setupError)" }
        let undecided = inconclusiveRuns > 0 ? " (\(inconclusiveRuns) runs undecided: the search reached its step limit)" : ""
        guard let failure else {
            return "Concurrent model check passed \(plans) plans × \(repetitions) runs (seed \(hex(seed)))\(undecided)"
                + (uncontrolledWork.map { " (\($0))" } ?? "")
        }
        var lines = [
            "Concurrent model check falsified (seed \(hex(failure.seed)); plan \(failure.plan) of at most \(budget); "
                + "\(failure.originalStepCount) steps shrunk to \(failure.stepCount) in \(failure.shrinkAttempts) candidates):",
            "  the plan failed in \(failure.failedRuns) of \(repetitions) runs; "
                + (failure.shrunkReruns == 0
                    ? "a call did not return, so the run is reported as it ran, not shrunk"
                    : "the shrunk plan failed in \(failure.shrunkFailedRuns) of \(failure.shrunkReruns) runs after shrinking") + undecided,
        ]
        lines += failure.traceLines.map { "  " + $0 }
        lines.append("As Swift (the body of an async throwing test, on a fresh subject `store`):")
        lines += (swiftLines ?? []).map { "    " + $0 }
        if let schedule = failure.schedule {
            lines.append(
                "Replays exactly: the tasks ran on a seeded scheduler (schedule \(hex(schedule))), and the "
                    + "shrunk plan failed in \(failure.failedScheduleReplays) of \(failure.scheduleReplays) replays under that schedule")
            lines.append(
                "Replay this search, failure and shrinking included: \(EnvironmentVariable.seed)=\(hex(failure.seed)) "
                    + "(or seed: \(hex(failure.seed))). The Swift above runs the calls on the default executor: "
                    + "a race may interleave them differently there and pass")
        } else {
            lines.append(
                "Replay this plan: \(EnvironmentVariable.seed)=\(hex(failure.seed)) (or seed: "
                    + "\(hex(failure.seed))); a replay runs the same calls, but a race may interleave them "
                    + "differently and pass" + (uncontrolledWork.map { " (\($0))" } ?? ""))
        }
        return lines.joined(separator: "\n")
    }
}

extension ConcurrentModelCheckResult.Failure {
    /// The plan's calls by place, with results and ticks, then the dead end.
    var traceLines: [String] {
        func line(_ call: ConcurrentModelCheckResult.Call) -> String {
            "  \(call.label)\(call.swift.isEmpty ? "" : ". " + call.swift) → \(call.result)   (ticks \(call.invocation)–\(call.response))"
        }
        var lines: [String] = []
        if !prefix.isEmpty { lines += ["prefix:"] + prefix.map(line) }
        for (index, task) in tasks.enumerated() { lines += ["task \(index + 1):"] + task.map(line) }
        if let observation { lines += ["after the tasks:", line(observation)] }
        lines += deadEndLines
        return lines
    }

    /// The dead end in words.
    var deadEndLines: [String] {
        let explained = deadEnd.explained.isEmpty
            ? "The model explains no call first; it explains none of:"
            : "The model explains \(deadEnd.explained.joined(separator: ", ")) in this order, then none of:"
        return ["No order of the calls, each taking effect between its invocation and its response, explains every result.", explained]
            + deadEnd.unexplained.map { "  \($0.label): the subject \($0.subject); the model \($0.model)" }
    }
}
