/// What ``MockClock/runUntilIdle(maxSteps:timeLimit:)`` or ``MockClock/run(timeout:maxSteps:)`` did,
/// why it stopped, and what it left behind.
public struct IdleRun: Sendable, Hashable, CustomStringConvertible {
    /// Why a run stopped.
    ///
    /// A struct over private storage rather than an enum, so that a new reason is not a breaking change
    /// for code that switches over the ones it knows (compare with `==`).
    public struct Stop: Sendable, Hashable, CustomStringConvertible {
        /// The reasons, for the package's own exhaustive switches.
        package enum Kind: String, Sendable, Hashable {
            case idle, unverified, stepLimit, timeLimit
        }

        /// Which reason this is.
        package let kind: Kind

        private init(_ kind: Kind) {
            self.kind = kind
        }

        /// Nothing is pending and nothing woken can sleep again: every task the run woke has slept again
        /// on this clock (and was woken in turn) or ended, as the clock saw it.
        public static let idle = Stop(.idle)
        /// Nothing was pending when the run last looked, but some task it woke neither slept again on
        /// this clock nor was seen to end (``IdleRun/notBack``): it may still be running, or waiting on
        /// the main actor or I/O, and may sleep again. Start such tasks with
        /// ``MockClock/startTask(name:fileID:line:_:)->Task<Void,Never>`` so that the clock sees them end, and await
        /// ``MockClock/run(timeout:maxSteps:)`` so that it waits for them.
        public static let unverified = Stop(.unverified)
        /// The run took `maxSteps` steps and sleepers were still pending: an endless timer or loop.
        public static let stepLimit = Stop(.stepLimit)
        /// The real-time bound passed with sleepers still pending, or (``MockClock/run(timeout:maxSteps:)``)
        /// before woken work had settled.
        public static let timeLimit = Stop(.timeLimit)

        /// The reason's name: `idle`, `unverified`, `stepLimit`, `timeLimit`.
        public var description: String { kind.rawValue }
    }

    /// How many deadlines it advanced to.
    public var steps: Int
    /// Where time stood when it stopped.
    public var now: MockClock.Instant
    /// How many sleepers were pending when it stopped.
    public var pendingSleepers: Int
    /// Why it stopped.
    public var stop: Stop
    /// How many of the sleepers it woke slept off the clock's executor: their tasks' work after waking is
    /// not something the run could see to its end.
    public var wokenOffExecutor: Int
    /// The woken tasks that have not slept again on this clock and were not seen to end, whichever
    /// advance woke them: a task the clock did not start stays here until it sleeps on the clock again.
    public var notBack: [WokenTask]

    /// Whether it stopped because it took `maxSteps` steps while sleepers were still pending.
    public var reachedStepLimit: Bool { stop == .stepLimit }

    /// Creates a report.
    public init(
        steps: Int, now: MockClock.Instant, pendingSleepers: Int, stop: Stop, wokenOffExecutor: Int = 0,
        notBack: [WokenTask] = []
    ) {
        self.notBack = notBack
        self.steps = steps
        self.now = now
        self.pendingSleepers = pendingSleepers
        self.stop = stop
        self.wokenOffExecutor = wokenOffExecutor
    }

    /// `.idle after 3 steps, now +3 s`; for any other stop, what was left and, for each task not back,
    /// why and the form that would have waited for it.
    public var description: String {
        var text = ".\(stop) after \(steps) step\(steps == 1 ? "" : "s"), now \(now)"
        if pendingSleepers > 0 { text += ", \(pendingSleepers) sleeper\(pendingSleepers == 1 ? "" : "s") pending" }
        if !notBack.isEmpty {
            text += "; not seen to sleep again or end:" + notBack.map { "\n  - " + $0.explained }.joined()
        }
        return text
    }
}
