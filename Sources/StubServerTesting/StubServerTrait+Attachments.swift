import Foundation
package import RecordReplay

extension StubServerTrait {
    /// What a scope attaches to its test when the server found something, redacted with the scope's
    /// redaction: with unmatched requests, each one's diagnostic (the request, the closest recorded ones
    /// with a field-by-field diff, the hint) as `unmatched requests.txt` and the whole journal as
    /// `journal.har` (every request the server received, with the response it got where known), which a
    /// HAR viewer or a browser's network panel opens; with drift, the drift report as `drift report.txt`.
    package static func findingAttachments(of playback: Playback, report: PlaybackReport) -> [FailureAttachment] {
        let redaction = playback.redaction
        var attachments: [FailureAttachment] = []
        if !report.unmatchedRequests.isEmpty {
            let diagnostics = report.unmatchedRequests.map { unmatched in
                "Request #\(unmatched.sequenceNumber) (in the journal): \(unmatched.request.method) \(unmatched.request.path)\n"
                    + unmatched.diagnostic
            }
            attachments.append(FailureAttachment(
                text: diagnostics.joined(separator: "\n\n") + "\n", named: "unmatched requests.txt", redaction: redaction))
            let journal = redaction.shown(playback.journalAsFixture)
            attachments.append(FailureAttachment(redactedBytes: Array(journal.encoded(as: .har)), named: "journal.har"))
        }
        if !report.driftFindings.isEmpty {
            let text = report.driftFindings.map(\.description).joined(separator: "\n\n") + "\n"
            attachments.append(FailureAttachment(text: text, named: "drift report.txt", redaction: redaction))
        }
        return attachments
    }
}
