import ContractEngine

/// A runner whose runs make their watched calls inline, in the run's task (``withInlineWatchedCalls(_:)``),
/// instead of a task per call: a run makes four watched calls a step, and handing each to a task of its
/// own and back was most of a run's time. A run in which a call stalls is given up and run once more on
/// fresh systems with a task per call, where that call (the same operation at the same place) is not made
/// but fails at once with the stall seen: the run ends as a run with a task per call would have, and the
/// hung code is not called twice (a call that spins would hold a second thread).
struct InlineWatchedRunner<Base: SequenceRunner>: SequenceRunner {
    let base: Base

    func run(seed: UInt64, count: Int) async throws -> (steps: [Base.Step], outcome: Base.Outcome) {
        try await watchedInline { [base] in try await base.run(seed: seed, count: count) }
    }

    func run(_ steps: [Base.Step]) async throws -> Base.Outcome {
        try await watchedInline { [base] in try await base.run(steps) }
    }

    func signature(of outcome: Base.Outcome) -> String? { base.signature(of: outcome) }
    func mayShrink(_ outcome: Base.Outcome) -> Bool { base.mayShrink(outcome) }
    func steps(_ steps: [Base.Step], thatRanIn outcome: Base.Outcome) -> [Base.Step] { base.steps(steps, thatRanIn: outcome) }
    func removing(_ range: Range<Int>, from steps: [Base.Step]) -> [Base.Step] { base.removing(range, from: steps) }
    func simplerForms(of step: Base.Step) -> [Base.Step] { base.simplerForms(of: step) }
    func simplified(_ steps: [Base.Step]) -> [Base.Step]? { base.simplified(steps) }

    /// `run` with its calls inline; again with the hung call replayed when one stalled, or as it is
    /// (every call in a task of its own) when the caller was cancelled.
    private func watchedInline<Value: Sendable>(_ run: @escaping @Sendable () async throws -> Value) async throws -> Value {
        switch await withInlineWatchedCalls(run) {
        case .finished(let result): try result.get()
        case .abandoned(let hang?): try await withHangReplayed(hang, run)
        case .abandoned(nil): try await run()
        }
    }
}
