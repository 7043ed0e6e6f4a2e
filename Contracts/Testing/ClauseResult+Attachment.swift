import ContractEngine
import Testing

extension ClauseResult {
    /// What a failed or crashed clause compared, as a text file a person can open beside the issue: each
    /// failure's message, where its check is, and the expected and actual values in full (an issue's
    /// message abbreviates long values); nil when the clause passed or was skipped.
    func failureAttachment(label: String, conformance: String, verifiedAt location: SourceLocation) -> FailureAttachment? {
        guard status == .failed || status == .crashed else { return nil }
        var lines = [
            "\(label) on \(conformance): \(status)",
            "clause: \(summary)",
            "verified at: \(location.fileID):\(location.line)",
        ]
        if let assumptions { lines.append("the conformer declared: \(assumptions)") }
        if let subjectCalls { lines.append("subject calls: \(subjectCalls)") }
        for (number, failure) in failures.enumerated() {
            lines.append("")
            lines.append("Failure \(number + 1) of \(failures.count)" + (failure.location.map { " (the check at \($0))" } ?? ""))
            lines.append(failure.message)
            for (side, value) in [("expected", failure.expected), ("actual", failure.actual)] {
                guard let value else { continue }
                lines.append("")
                lines.append("\(side):")
                lines.append(contentsOf: value.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 })
            }
        }
        return FailureAttachment(text: lines.joined(separator: "\n") + "\n", named: "\(label) \(conformance).txt")
    }
}
