import StubServer

extension InspectCommand {
    /// What `inspect` reports about secrets in `fixture`: one line per finding.
    ///
    /// PLACEHOLDER: always empty for now. The redaction and secret-scan status (which headers and body
    /// fields were redacted, what looks like a credential left in) is added by the recording work; this
    /// is the one place `inspect` reads it from, in the table (`security:` lines) and in the JSON
    /// (`securityNotes`).
    static func securityNotes(for fixture: Fixture) -> [String] {
        []
    }
}
