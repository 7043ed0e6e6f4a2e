import Foundation
import RecordReplayMessages
import RecordReplayFixtures

extension Redaction {
    /// `text` with the credentials inside it (``TextCredentials``) replaced by the placeholder, the rest
    /// kept byte for byte, and the credentials; nil when it holds none.
    func redactingTextCredentials(in text: String) -> (text: String, secrets: [String])? {
        guard redactsCredentialNames else { return nil }
        return TextCredentials.redacted(text) { textCredentials(in: text, bytes: $0) }
    }

    /// The credentials inside `text` (whose UTF-8 is `bytes`), for the body-member names this redaction
    /// redacts: assignments, URL passwords and webhook paths, through escapes. Remembered for the process
    /// by the text and what the search reads of this redaction (``RememberedResults``).
    func textCredentials(in text: String, bytes: [UInt8]) -> [TextCredentials.Found] {
        let input = TextCredentials.ScanInput(
            text: text, listed: bodyMemberNames, allowed: allowedNames, redactsCredentialNames: redactsCredentialNames)
        return TextCredentials.remembered.value(for: input, size: bytes.count) {
            var work = ScanWork()
            return TextCredentials.findThroughEscapes(in: bytes, namesCredential: { redacts($0, listed: bodyMemberNames) }, work: &work)
        }
    }

    /// Redacts the credentials inside the path, the query values and the header values of one
    /// interaction (its bodies are done with the deny-listed members, see `redactBody`).
    ///
    /// A path segment that holds one is replaced whole (`/services/T…/B…/REDACTED`, `/REDACTED/getMe`),
    /// so replay matches it against whatever the client sends there.
    func redactTextCredentials(of interaction: inout Interaction, at index: Int, log: inout RedactionLog) {
        if let path = redactedPath(interaction.request.path, secrets: { log.record(index, "request.path", .inText, secrets: $0) }) {
            interaction.request.path = path
        }
        for item in interaction.request.query.indices {
            guard let value = interaction.request.query[item].value,
                let redacted = redactingBase64JSON(value) ?? redactingTextCredentials(in: value)
            else { continue }
            interaction.request.query[item].value = redacted.text
            log.record(index, "request.query \(interaction.request.query[item].name)", .inText, secrets: redacted.secrets)
        }
        for side in ["request", "response"] {
            var headers = side == "request" ? interaction.request.headers : interaction.response.headers
            var changed = false
            for position in headers.fields.indices where !redacts(headers.fields[position].name, listed: headerNames) {
                guard let redacted = redactingTextCredentials(in: headers.fields[position].value) else { continue }
                headers.fields[position].value = redacted.text
                changed = true
                log.record(index, "\(side).header \(headers.fields[position].name)", .inText, secrets: redacted.secrets)
            }
            guard changed else { continue }
            if side == "request" { interaction.request.headers = headers } else { interaction.response.headers = headers }
        }
    }

    /// The path with each segment that holds a credential replaced whole by the placeholder; nil when
    /// none does. The segments are judged percent-decoded; `secrets` gets the credentials found.
    private func redactedPath(_ path: String, secrets: ([String]) -> Void) -> String? {
        guard redactsCredentialNames, TextCredentials.mayHold(path.utf8) else { return nil }
        var segments = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        // The decoded path, with where each segment starts in it.
        var decoded: [UInt8] = []
        var starts: [Int] = []
        for (offset, segment) in segments.enumerated() {
            if offset > 0 { decoded.append(UInt8(ascii: "/")) }
            starts.append(decoded.count)
            decoded += PercentEncoding.decoded(Substring(segment), plusIsSpace: false).utf8
        }
        var work = ScanWork()
        let found = TextCredentials.find(in: decoded, namesCredential: { redacts($0, listed: bodyMemberNames) }, work: &work)
        guard !found.isEmpty else { return nil }
        for item in found {
            let segment = (starts.lastIndex { $0 <= item.range.lowerBound }) ?? 0
            segments[segment] = Redaction.placeholder
        }
        secrets(found.map { String(decoding: decoded[$0.range], as: UTF8.self) })
        return segments.joined(separator: "/")
    }
}
