/// The check of a protocol of the user's own as a user of the sequence search: its steps are recipes
/// of drawn choices and seen values, and a smaller form of a step has one choice simplified.
extension ProtocolRun: SequenceRunner {
    func run(seed: UInt64, count: Int) async throws -> (steps: [PlannedStep], outcome: RunOutcome) {
        let outcome = try await run(.generate(seed: seed, count: count))
        return (outcome.steps.map(\.step), outcome)
    }

    func run(_ steps: [PlannedStep]) async throws -> RunOutcome {
        try await run(.replay(steps))
    }

    func signature(of outcome: RunOutcome) -> String? {
        outcome.divergence?.signature
    }

    /// A run whose call hung is reported as it ran.
    func mayShrink(_ outcome: RunOutcome) -> Bool {
        outcome.divergence?.hung != true
    }

    /// What ran: a run leaves out the steps it could not draw again and stops at the divergence.
    func steps(_ steps: [PlannedStep], thatRanIn outcome: RunOutcome) -> [PlannedStep] {
        outcome.steps.map(\.step)
    }

    /// Seen values name their producer by its id, so the other steps mean the same without renumbering.
    func removing(_ range: Range<Int>, from steps: [PlannedStep]) -> [PlannedStep] {
        var kept = steps
        kept.removeSubrange(range)
        return kept
    }

    /// Each choice, from the first, at 0 and else at half its value (0 is every draw's simplest value).
    func simplerForms(of step: PlannedStep) -> [PlannedStep] {
        step.choices.indices.flatMap { index in
            let choice = step.choices[index]
            return Set([0, choice / 2]).sorted().filter { $0 < choice }.map { simpler in
                var form = step
                form.choices[index] = simpler
                return form
            }
        }
    }

    func simplified(_ steps: [PlannedStep]) -> [PlannedStep]? {
        nil
    }
}
