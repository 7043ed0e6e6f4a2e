package import Foundation
import RepositoryContractsPrimitives
package import RecordReplayFixtures

/// The secret scan of fixture files as they are loaded: a fixture that still holds a credential fails
/// the scope that loads it, so a leaking file is not quietly replayed (and then committed).
///
/// Each file's findings are kept for the process, keyed by path, size, modification date and the
/// redaction's lists, so a fixture loaded by many test cases is scanned once, and a scope that redacts
/// more names gets its own scan.
package enum LoadedFixtureScan {
    private struct Key: Hashable {
        var path: String
        var size: Int
        var modified: Date
        var lists: [[String]]
        var rules: [Bool]
    }

    private static let cache = Protected<[Key: [SecretFinding]]>([:])

    /// The findings of the secret scan in `fixture`, read from `url`.
    package static func findings(in fixture: Fixture, readFrom url: URL, redaction: Redaction) -> [SecretFinding] {
        let values = try? url.resourceValues(forKeys: [.fileSizeKey, .contentModificationDateKey])
        let key = Key(
            path: url.standardizedFileURL.path, size: values?.fileSize ?? -1,
            modified: values?.contentModificationDate ?? .distantPast,
            lists: [redaction.headerNames, redaction.queryNames, redaction.bodyMemberNames, redaction.allowedNames],
            rules: [redaction.redactsCredentialNames, redaction.redactsRandomLookingTokens])
        if let known = cache.withLock({ $0[key] }) { return known }
        let findings = SecretScan(redaction: redaction).findings(in: fixture)
        cache.withLock { $0[key] = findings }
        return findings
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
