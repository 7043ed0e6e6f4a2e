import RepositoryContractsPrimitives
package import RecordReplayFixtures

/// The secret scan of fixture files as they are loaded: a fixture that still holds a credential fails
/// the scope that loads it, so a leaking file is not quietly replayed (and then committed).
///
/// The findings are remembered by content (``SecretScan/rememberedFindings(in:)``): a fixture loaded by
/// many test cases, or again after it was recorded and verified, is scanned once, and a scope that
/// redacts more names gets its own scan.
package enum LoadedFixtureScan {
    /// The findings of the secret scan in `fixture`, as loaded.
    package static func findings(in fixture: Fixture, redaction: Redaction) -> [SecretFinding] {
        SecretScan(redaction: redaction).rememberedFindings(in: fixture)
    }

    /// What a scope reports for a fixture that holds secrets, and the command that fixes it (with the
    /// options that give it the names `redaction` adds to the defaults).
    package static func message(file: String, findings: [SecretFinding], redaction: Redaction) -> String {
        let count = findings.count
        let lines = findings.prefix(DiagnosticText.listedItems).map { "  \($0)" }
        let more = count > DiagnosticText.listedItems ? ["  … and \(count - DiagnosticText.listedItems) more"] : []
        return ([
            "\(file) holds \(count) secret\(count == 1 ? "" : "s") that a recording would have redacted:"
        ] + lines + more + [
            "Redact it before it is committed: swift run repo-contracts redact \(file)"
                + (redaction.commandLineOptions.isEmpty ? "" : " " + redaction.commandLineOptions),
            "Writing the fixture by hand? Write REDACTED where the credential goes (Authorization: Bearer REDACTED): "
                + "it matches whatever the client sends there.",
        ]).joined(separator: "\n")
    }
}
