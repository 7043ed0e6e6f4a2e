/// How a concurrent model-based check draws, runs and shrinks its plans; every setting has a default.
public struct ConcurrentCheckOptions: Sendable {
    /// How many steps a plan makes one after another before its tasks start (their seen values are all
    /// the tasks can draw): 0...3 by default.
    public var prefixSteps: ClosedRange<Int>
    /// How many tasks make their steps concurrently: 2 by default.
    public var tasks: Int
    /// How many steps each task makes: 2...4 by default.
    public var taskSteps: ClosedRange<Int>
    /// How many times each plan runs on fresh systems (interleavings differ from run to run): 3 by default.
    public var repetitions: Int
    /// How many times shrinking runs a candidate plan before taking it for passing (a race does not show on
    /// every run), and how many times the shrunk plan is run to say how often it fails: 10 by default.
    public var shrinkReruns: Int
    /// The most candidate plans shrinking tries: 200 by default.
    public var maxShrinkAttempts: Int
    /// The most tries (a fresh model, a replay and one call each) the search for an order of one run's
    /// calls makes before it calls the run undecided, which is not a failure: 20 000 by default.
    public var searchStepLimit: Int
    /// How long one of the subject's calls (or its observation) may go without any sign of progress
    /// anywhere in the process before it is reported as not returning: ``ProtocolModelCheck/defaultCallTimeout``
    /// by default. A run with such a call fails and is reported as it ran, not shrunk.
    public var callTimeout: Duration

    /// Options with the given settings, the others at their defaults; counts below their least sensible
    /// value are raised to it (no negative step counts, at least one task, run and re-run).
    public init(
        prefixSteps: ClosedRange<Int> = 0...3, tasks: Int = 2, taskSteps: ClosedRange<Int> = 2...4, repetitions: Int = 3,
        shrinkReruns: Int = 10, maxShrinkAttempts: Int = 200, searchStepLimit: Int = 20_000,
        callTimeout: Duration = ProtocolModelCheck.defaultCallTimeout
    ) {
        self.prefixSteps = max(0, prefixSteps.lowerBound)...max(0, prefixSteps.upperBound)
        self.tasks = max(1, tasks)
        self.taskSteps = max(0, taskSteps.lowerBound)...max(0, taskSteps.upperBound)
        self.repetitions = max(1, repetitions)
        self.shrinkReruns = max(1, shrinkReruns)
        self.maxShrinkAttempts = max(0, maxShrinkAttempts)
        self.searchStepLimit = max(1, searchStepLimit)
        self.callTimeout = callTimeout
    }

    var shape: ConcurrentShape { ConcurrentShape(prefixSteps: prefixSteps, tasks: tasks, taskSteps: taskSteps) }
}
