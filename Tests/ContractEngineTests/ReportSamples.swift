import ContractEngine
import Foundation

/// Results built by hand for the tests of the CI reports: every status, text that XML and Markdown must
/// escape, unicode names.
enum ReportSamples {
    /// When the samples' clauses ended: 2027-01-15T08:00:00 UTC.
    static let finished = Date(timeIntervalSince1970: 1_800_000_000)

    /// A failure message with everything XML must escape or cannot hold: markup, quotes, a CDATA end,
    /// a terminal colour code (ESC), a NUL, a form feed and a carriage return.
    static let hostileMessage =
        "expected <a & \"b\"> 'c' ]]> \u{1B}[31mred\u{1B}[0m\u{0}\u{0C}\nsecond line | `code`\r\nthird"

    /// The hostile message as the reports write it: forbidden characters as Swift escapes.
    static let hostileMessageWritten =
        "expected <a & \"b\"> 'c' ]]> \\u{1B}[31mred\\u{1B}[0m\\u{0}\\u{C}\nsecond line | `code`\r\nthird"

    static func entry(
        _ id: String, _ status: ClauseResult.Status, contract: String = "CRUD", conformer: String = "in-memory",
        message: String? = nil, milliseconds: Int64 = 5, position: Int? = nil, notes: [String] = []
    ) -> ReportEntry {
        ReportEntry(
            contract: contract, conformer: conformer, id: id, summary: "the law of \(id)", status: status, message: message,
            duration: status == .skipped ? nil : .milliseconds(milliseconds), position: position, notes: notes,
            finished: finished)
    }

    /// One clause per status on `in-memory`, a hostile failure, a crash, a skip with markup in its
    /// reason, a passing clause with a note, and a conformer and a contract with unicode names.
    static let everyStatus: [ReportEntry] = [
        entry("create.returnsEntity", .passed, milliseconds: 12, position: 0, notes: ["$.title: NUL left out: <reason>"]),
        entry("delete.removesFromFetch", .failed, message: hostileMessage, milliseconds: 1_234, position: 1),
        entry("fetchAll.declaredOrder", .crashed, message: "the conformer trapped: Fatal error\nat line 3", position: 2),
        entry("pages.everyEntityOnce", .skipped, message: "no pagination is declared (.paginated(<limit>))", position: 3),
        entry("create.returnsEntity", .passed, conformer: "café ☕ 東京", position: 0),
        entry("delete.removesFromFetch", .passed, conformer: "café ☕ 東京", position: 1),
        entry("fetchAll.declaredOrder", .passed, conformer: "café ☕ 東京", position: 2),
        entry("pages.everyEntityOnce", .skipped, conformer: "café ☕ 東京", message: "no pagination is declared (.paginated(<limit>))", position: 3),
        entry("sessions.expire", .failed, contract: "Sessions ✓", conformer: "keychain", message: "expired session was returned"),
    ]
}
