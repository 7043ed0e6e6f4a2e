package import ContractEngine

extension ModelCheckResult {
    /// The kinds of model-based check the CI reports tell apart: each conformer's suite in them is
    /// `Model-based check › <subject>`, with one test case per kind.
    package enum ReportedCheck: String, Sendable {
        /// A conformer against the reference model (sequential runs, and parallel ones where declared).
        case modelCheck
        /// Two conformers against each other.
        case differential
    }

    /// The suite name's first part for every model-based check in the CI reports.
    package static let reportedContract = "Model-based check"

    /// Hands this result to `collector` (the task's ``ReportCollector/current``, by default) for the CI
    /// reports as one test case of kind `check`, and returns it: the one call the test frameworks' glue
    /// makes. Passed, or failed with the whole report (a check that could not run fails too); not timed
    /// (`time="0.000"`).
    package func reported(as check: ReportedCheck, to collector: ReportCollector = .current) -> ModelCheckResult {
        collector.add(ReportEntry(
            contract: Self.reportedContract, conformer: subject, id: check.rawValue,
            summary: check == .differential ? "\(subject): the same runs, the same outcomes" : "\(subject) agrees with the reference model",
            status: passed ? .passed : .failed, message: passed ? nil : description))
        return self
    }
}
