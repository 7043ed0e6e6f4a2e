#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
@_spi(Benchmarks) import RecordReplay
@_spi(Benchmarks) import RecordReplayFixtures
@_spi(Benchmarks) import RecordReplayRedaction
@_spi(Benchmarks) import RecordReplayWire

extension InspectCommand {
    /// What `inspect` reports about secrets in `fixture`: whether `redaction` (the user's) would still
    /// change something (a field it left in clear), and every finding of the secret scan checking its
    /// lists, each with its interaction, field, kind and a masked preview (never the secret itself).
    /// `pending` is what `redaction` changes in `fixture`, when the caller has it already.
    static func securityNotes(for fixture: Fixture, redaction: Redaction, pending: [RedactedField]? = nil) -> [String] {
        let pending = pending ?? redaction.redact(fixture).redactions
        let findings = SecretScan(redaction: redaction).findings(in: fixture)
        var notes: [String] = []
        notes.append(
            pending.isEmpty
                ? "redaction: nothing left to redact"
                : "redaction: \(pending.count) field\(pending.count == 1 ? "" : "s") not redacted")
        notes += pending.map { "  not redacted: \($0)" }
        notes.append(
            findings.isEmpty
                ? "secret scan: clean"
                : "secret scan: \(findings.count) finding\(findings.count == 1 ? "" : "s")")
        notes += findings.map { "  secret: \($0)" }
        return notes
    }
}
#endif
