/// One kind of model-based run, as the sequence search drives it: how a run draws and runs its steps, how
/// its outcome reads, and how its steps get smaller. The search (seeds, runs, the first divergence,
/// shrinking, the last re-run) is the same for every kind: the CRUD check (``ModelOperation`` steps
/// judged by the reference model's laws, or by a second conformer) and the check of a protocol of the
/// user's own (``ProtocolOperation`` steps compared with the model's results) are its two users.
protocol SequenceRunner: Sendable {
    /// A step as a recipe a run can replay.
    associatedtype Step: Sendable & Equatable
    /// What a run gave: its trace and its divergence, if any.
    associatedtype Outcome: Sendable

    /// Draws `count` steps from `seed` and runs them on fresh systems: the steps as drawn, and the outcome.
    /// Throws only when the systems cannot be made.
    func run(seed: UInt64, count: Int) async throws -> (steps: [Step], outcome: Outcome)

    /// Runs exactly `steps` on fresh systems. Throws only when the systems cannot be made.
    func run(_ steps: [Step]) async throws -> Outcome

    /// What names the outcome's divergence (the same operation going wrong the same way), or `nil` when
    /// the run passed: shrinking keeps a candidate only when it diverges with the same signature.
    func signature(of outcome: Outcome) -> String?

    /// Whether a failing outcome may be shrunk: not when a call hung (every candidate would wait for the
    /// watchdog again), nor when the subject only replays recorded requests.
    func mayShrink(_ outcome: Outcome) -> Bool

    /// The steps of `steps` that mattered when they ran as `outcome`: up to the divergence, without the
    /// steps the run skipped.
    func steps(_ steps: [Step], thatRanIn outcome: Outcome) -> [Step]

    /// `steps` without those in `range`, the rest still meaning what they meant.
    func removing(_ range: Range<Int>, from steps: [Step]) -> [Step]

    /// Simpler forms of `step`, in the order to try them (empty when it is as simple as it gets).
    func simplerForms(of step: Step) -> [Step]

    /// The whole sequence simplified at once, or `nil` when the kind has no such simplification.
    func simplified(_ steps: [Step]) -> [Step]?
}
