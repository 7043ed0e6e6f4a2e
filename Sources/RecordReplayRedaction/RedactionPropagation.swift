import RepositoryContractsJSON
import Foundation
import RecordReplayMessages
import RecordReplayFixtures

/// Replaces removed secrets wherever else they still appear in an interaction: raw, percent-encoded
/// and base64-encoded (standard, unpadded and URL-safe).
struct RedactionPropagation {
    /// Every spelling of every secret, found in one linear pass per text; where spellings overlap, the
    /// whole overlapping stretch is replaced, so no part of a longer secret survives a shorter one.
    private let spellings: SpellingSearch
    /// The short secrets (see ``Redaction/minimumPropagatedLength``), raw and percent-encoded, replaced
    /// only where they stand as a whole token.
    private let wholeTokens: SpellingSearch

    /// Header fields that frame the message: a short secret equal to a length or a type is no reason to
    /// change them.
    private static let framingHeaders = [
        "Content-Length", "Content-Type", "Transfer-Encoding", "Content-Encoding", "Host", "Connection", "Date",
    ]

    /// A search for `secrets` anywhere and for `shortSecrets` as whole tokens.
    init(secrets: Set<String>, shortSecrets: Set<String> = []) {
        var wholeTokens = SpellingSearch(shortest: shortSecrets.map(\.utf8.count).min() ?? 1)
        for secret in shortSecrets {
            wholeTokens.add(secret, replacement: Redaction.placeholder)
            wholeTokens.add(URLText.percentEncoded(secret, keeping: Self.unreserved), replacement: Redaction.placeholder)
        }
        self.wholeTokens = wholeTokens
        self.spellings = Self.spellings(of: secrets)
    }

    private static func spellings(of secrets: Set<String>) -> SpellingSearch {
        // Every spelling is at least as long as its secret; each is hashed as it is made and let go, so
        // a long secret's five spellings are never all held at once.
        var spellings = SpellingSearch(shortest: secrets.map(\.utf8.count).min() ?? 1)
        func add(_ spelling: String) { spellings.add(spelling, replacement: Redaction.placeholder) }
        for secret in secrets {
            add(secret)
            let percentEncoded = URLText.percentEncoded(secret, keeping: Self.unreserved)
            if percentEncoded != secret {
                add(percentEncoded)
                add(Self.lowercasingEscapes(percentEncoded))
            }
            // Byte by byte: a long secret's base64 as an array of `Character`s would take 16 bytes a byte.
            var base64 = Array(Data(secret.utf8).base64EncodedData())
            add(String(decoding: base64, as: UTF8.self))
            while base64.last == UInt8(ascii: "=") { base64.removeLast() }
            add(String(decoding: base64, as: UTF8.self))
            for index in base64.indices {
                if base64[index] == UInt8(ascii: "+") { base64[index] = UInt8(ascii: "-") }
                if base64[index] == UInt8(ascii: "/") { base64[index] = UInt8(ascii: "_") }
            }
            add(String(decoding: base64, as: UTF8.self))
        }
        return spellings
    }

    var isEmpty: Bool { spellings.isEmpty && wholeTokens.isEmpty }

    /// `text` with every spelling replaced by the placeholder, or `nil` when there was none.
    func replacing(in text: String, wholeTokens searchesWholeTokens: Bool = true) -> String? {
        var replaced = spellings.replacing(in: text)
        // Spellings hidden by escapes (`\u0073k_live_…`, `%2573…`): found in the decoding, replaced in
        // the text as written.
        let written = Array((replaced ?? text).utf8)
        if let escaped = EscapedText(written) {
            var work = ScanWork()
            let found = spellings.occurrences(in: escaped.bytes, work: &work).map { escaped.textRange(of: $0.range) }
            if !found.isEmpty {
                var output: [UInt8] = []
                var copied = 0
                for range in found where range.lowerBound >= copied {
                    output += written[copied..<range.lowerBound] + Array(Redaction.placeholder.utf8)
                    copied = range.upperBound
                }
                output += written[copied...]
                replaced = String(decoding: output, as: UTF8.self)
            }
        }
        guard searchesWholeTokens, !wholeTokens.isEmpty else { return replaced }
        return wholeTokens.replacingWholeTokens(in: replaced ?? text) ?? replaced
    }

    /// Replaces the secrets in the path, query values, headers and bodies of one interaction.
    func apply(to interaction: inout Interaction, at index: Int, log: inout RedactionLog) {
        if let path = replacing(in: interaction.request.path) {
            // A secret that began with the path's `/` must not take it along: the fixture would not
            // read back.
            interaction.request.path = path.hasPrefix("/") ? path : "/" + path
            log.record(index, "request.path", .propagation)
        }
        for item in interaction.request.query.indices {
            if let value = interaction.request.query[item].value, let replaced = replacing(in: value) {
                interaction.request.query[item].value = replaced
                log.record(index, "request.query \(interaction.request.query[item].name)", .propagation)
            }
        }
        apply(to: &interaction.request.headers, side: "request", at: index, log: &log)
        apply(to: &interaction.response.headers, side: "response", at: index, log: &log)
        apply(
            to: &interaction.request.body, headers: interaction.request.headers, side: "request", at: index, log: &log)
        apply(
            to: &interaction.response.body, headers: interaction.response.headers, side: "response", at: index,
            log: &log)
    }

    private func apply(to headers: inout HTTPHeaders, side: String, at index: Int, log: inout RedactionLog) {
        for position in headers.fields.indices {
            let framing = Self.framingHeaders.contains { $0.equalsIgnoringASCIICase(headers.fields[position].name) }
            if let replaced = replacing(in: headers.fields[position].value, wholeTokens: !framing) {
                headers.fields[position].value = replaced
                log.record(index, "\(side).header \(headers.fields[position].name)", .propagation)
            }
        }
    }

    private func apply(to body: inout Data, headers: HTTPHeaders, side: String, at index: Int, log: inout RedactionLog)
    {
        // A gzip payload, UTF-16 or ISO-8859-1 text: replaced in the text it holds.
        if let (encoding, content) = BodyEncoding.decoding(body, headers: headers) {
            var decoded = content
            apply(to: &decoded, headers: headers, side: side, at: index, log: &log)
            if decoded != content { body = encoding.encoded(decoded) }
            return
        }
        switch RedactionBody(body, headers: headers) {
        case .json(let value, let pretty):
            var paths: [String] = []
            let replaced = replacingStrings(in: value, path: JSONPath(), changedPaths: &paths)
            guard !paths.isEmpty else { return }
            // Replace in the text itself when that gives the same value, keeping the body's layout.
            body = body.utf8Text.flatMap { replacing(in: $0) }.flatMap { Redaction.layoutKept($0, holding: replaced) }
                ?? Data(replaced.serialized(pretty: pretty).utf8)
            for path in paths { log.record(index, "\(side).body \(path)", .propagation) }
        case .form(let text), .text(let text):
            if let replaced = replacing(in: text) {
                body = Data(replaced.utf8)
                log.record(index, "\(side).body", .propagation)
            }
        case .binary:
            return
        }
    }

    private func replacingStrings(in value: JSONValue, path: JSONPath, changedPaths: inout [String]) -> JSONValue {
        switch value {
        case .object(let members):
            return .object(
                members.map {
                    // A member name that is a secret (a map keyed by tokens) is replaced like a value.
                    var name = $0.name
                    if let replaced = replacing(in: name) {
                        changedPaths.append(path.member(name).description + " (member name)")
                        name = replaced
                    }
                    return JSONValue.Member(
                        name, replacingStrings(in: $0.value, path: path.member($0.name), changedPaths: &changedPaths))
                })
        case .array(let elements):
            return .array(
                elements.enumerated().map {
                    replacingStrings(in: $1, path: path.index($0), changedPaths: &changedPaths)
                })
        case .string(let text):
            guard let replaced = replacing(in: text) else { return value }
            changedPaths.append(path.description)
            return .string(replaced)
        case .number, .bool, .null:
            return value
        }
    }

    /// `text` with the hex digits of its `%XX` escapes in lower case (`%2f`), as some clients write them.
    private static func lowercasingEscapes(_ text: String) -> String {
        var output = ""
        var escapeDigitsLeft = 0
        for character in text {
            if character == "%" {
                escapeDigitsLeft = 2
                output.append(character)
            } else if escapeDigitsLeft > 0 {
                escapeDigitsLeft -= 1
                output += character.lowercased()
            } else {
                output.append(character)
            }
        }
        return output
    }

    private static let unreserved = Set(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
}
