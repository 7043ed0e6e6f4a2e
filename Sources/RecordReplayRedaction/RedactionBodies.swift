import RepositoryContractsJSON
import Foundation
import RecordReplayMessages
import RecordReplayFixtures

/// How the redaction and the secret scan read a body.
enum RedactionBody {
    /// A JSON body (a `Content-Type` naming JSON, such as `application/x-amz-json-1.1`, or none and
    /// valid JSON), parsed.
    case json(JSONValue, pretty: Bool)
    /// An `application/x-www-form-urlencoded` body.
    case form(String)
    /// Any other UTF-8 body.
    case text(String)
    /// Bytes that are not UTF-8.
    case binary

    private static let lineFeed = Data([0x0A])

    init(_ body: Data, headers: HTTPHeaders) {
        guard let text = body.utf8Text else {
            self = .binary
            return
        }
        let mediaType = headers.mediaType
        // Any JSON media type: `application/json`, `…+json`, `application/x-amz-json-1.1`.
        if mediaType == nil || mediaType?.essence.contains("json") == true, let value = JSONValue(parsingIfValid: body.utf8Bytes) {
            // A byte search: Foundation's `String.contains` compares Unicode text, slowly on Linux for a long body.
            self = .json(value, pretty: body.range(of: Self.lineFeed) != nil)
        } else if mediaType?.essence == "application/x-www-form-urlencoded" {
            self = .form(text)
        } else {
            self = .text(text)
        }
    }
}

extension Data {
    fileprivate var utf8Bytes: [UInt8] { [UInt8](self) }
}

extension HTTPHeaders {
    /// The `boundary` parameter of a `multipart/…` `Content-Type`, unquoted.
    var multipartBoundary: String? {
        guard let value = self["Content-Type"] else { return nil }
        for parameter in value.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingSpacesAndTabs().lowercased() == "boundary" else { continue }
            let boundary = pair[1].trimmingSpacesAndTabs()
            return boundary.hasPrefix("\"") && boundary.hasSuffix("\"") && boundary.count >= 2
                ? String(boundary.dropFirst().dropLast()) : boundary
        }
        return nil
    }
}

extension Redaction {
    /// Redacts the deny-listed members of a JSON or form body.
    func redactBody(_ body: inout Data, headers: HTTPHeaders, side: String, at index: Int, log: inout RedactionLog) {
        // A body that is not UTF-8 (gzip, UTF-16, ISO-8859-1) is judged as the text it holds.
        if let (encoding, content) = BodyEncoding.decoding(body, headers: headers) {
            var decoded = content
            redactBody(&decoded, headers: headers, side: side, at: index, log: &log)
            if decoded != content { body = encoding.encoded(decoded) }
            return
        }
        switch RedactionBody(body, headers: headers) {
        case .json(let value, let pretty):
            var replaced: [Replacement] = []
            let redacted = redactJSON(value, path: JSONPath(), side: side, at: index, log: &log, replaced: &replaced)
            if !replaced.isEmpty {
                // The body's own style (escapes such as `\u00e9`, separators, indentation), so that the
                // literals are found as the body spells them, and a body serialized again keeps its bytes.
                let style = JSONSerializationStyle(reproducing: Array(body), of: value)
                body = Self.redactedInPlace(body, redacted: redacted, replaced: replaced, style: style ?? .compact)
                    ?? Data((style.map { redacted.serialized(style: $0) } ?? redacted.serialized(pretty: pretty)).utf8)
            }
        case .form(let text):
            var changed = false
            let contextual = formContext(text)
            let items = text.split(separator: "&", omittingEmptySubsequences: false).map { item -> Substring in
                guard let equals = item.firstIndex(of: "=") else { return item }
                let name = PercentEncoding.decoded(item[..<equals], plusIsSpace: true)
                let value = PercentEncoding.decoded(item[item.index(after: equals)...], plusIsSpace: true)
                guard redacts(name, listed: bodyMemberNames) || contextual.contains(name) else {
                    // A credential inside the value (a connection string, a URL with a password).
                    guard let redacted = redactingBase64JSON(value) ?? redactingTextCredentials(in: value) else { return item }
                    changed = true
                    log.record(index, "\(side).body form \(name)", .inText, secrets: redacted.secrets)
                    return item[...equals] + URLText.percentEncoded(redacted.text, keeping: Self.formValueBytes)
                }
                guard !value.isEmpty, value != Self.placeholder else { return item }
                changed = true
                log.record(index, "\(side).body form \(name)", .deniedName, secrets: [value])
                return item[...equals] + Self.placeholder
            }
            if changed { body = Data(items.joined(separator: "&").utf8) }
        case .text(let text):
            let mediaType = headers.mediaType?.essence ?? ""
            if mediaType == "multipart/form-data", let boundary = headers.multipartBoundary {
                if let redacted = redactMultipart(text, boundary: boundary, side: side, at: index, log: &log) {
                    body = Data(redacted.utf8)
                }
            } else if mediaType.contains("xml") || mediaType.contains("html") {
                if let redacted = redactMarkup(text, side: side, at: index, log: &log) { body = Data(redacted.utf8) }
            } else if mediaType == "text/event-stream" {
                if let redacted = redactEventStream(text, side: side, at: index, log: &log) { body = Data(redacted.utf8) }
            }
            // Assignments, connection strings and URLs inside any text: scripts, `.env`, YAML, TOML, XML text.
            if let redacted = body.utf8Text.flatMap({ redactingBase64JSON($0) ?? redactingTextCredentials(in: $0) }) {
                body = Data(redacted.text.utf8)
                log.record(index, "\(side).body", .inText, secrets: redacted.secrets)
            }
        case .binary:
            return
        }
    }

    /// `text` (a server-sent events stream) with the JSON of each `data:` line redacted as a JSON body
    /// is, the line's layout kept; nil when nothing changed.
    private func redactEventStream(_ text: String, side: String, at index: Int, log: inout RedactionLog) -> String? {
        var output = ""
        var copied = text.startIndex
        var changed = false
        for line in EventStreamData.lines(in: text) {
            var replaced: [Replacement] = []
            let label = "\(side).body event"
            let redacted = redactJSON(line.value, path: JSONPath(), side: label, at: index, log: &log, replaced: &replaced)
            guard !replaced.isEmpty else { continue }
            let content = Data(text[line.range].utf8)
            let style = JSONSerializationStyle(reproducing: Array(content), of: line.value) ?? .compact
            let rewritten = Self.redactedInPlace(content, redacted: redacted, replaced: replaced, style: style)
                .flatMap(\.utf8Text) ?? redacted.serialized(style: style)
            output += text[copied..<line.range.lowerBound] + rewritten
            copied = line.range.upperBound
            changed = true
        }
        return changed ? output + text[copied...] : nil
    }

    private func redactJSON(
        _ value: JSONValue, path: JSONPath, side: String, at index: Int, log: inout RedactionLog,
        replaced: inout [Replacement]
    ) -> JSONValue {
        switch value {
        case .object(let members):
            let contextual = redactsCredentialNames
                ? JSONCredentialContext.credentialMembers(of: members) { redacts($0, listed: bodyMemberNames) } : []
            return .object(
                members.map { member in
                    let memberPath = path.member(member.name)
                    guard (redacts(member.name, listed: bodyMemberNames) && !JSONCredentialContext.isKeyList(member.value))
                        || contextual.contains(member.name)
                    else {
                        return JSONValue.Member(
                            member.name,
                            redactJSON(
                                member.value, path: memberPath, side: side, at: index, log: &log, replaced: &replaced))
                    }
                    var secrets: [String] = []
                    let redacted: JSONValue
                    if case .string(let text) = member.value, Self.keepsStructure(member.name) {
                        // An echoed `Authorization` or cookie keeps its scheme or cookie names, as the header does.
                        let kept = RedactionHeaderValue(name: member.name, value: text)
                        secrets = kept.secrets
                        redacted = .string(kept.value)
                        if kept.value != text { replaced.append(Replacement(original: member.value, redacted: kept.value)) }
                    } else {
                        redacted = Self.redactingLeaves(member.value, secrets: &secrets, replaced: &replaced)
                    }
                    if redacted != member.value {
                        log.record(index, "\(side).body \(memberPath)", .deniedName, secrets: secrets)
                    }
                    return JSONValue.Member(member.name, redacted)
                })
        case .array(let elements):
            return .array(
                elements.enumerated().map { offset, element in
                    // A leaf that holds no text is kept without building its path (a path is a copy of
                    // its parent's: thousands of nulls deep in a document cost their depth each).
                    if case .number = element { return element }
                    if case .bool = element { return element }
                    if case .null = element { return element }
                    return redactJSON(element, path: path.index(offset), side: side, at: index, log: &log, replaced: &replaced)
                })
        case .string(let text):
            // A credential inside the string: a connection string's key, a URL's password, a script; or
            // inside the JSON it wraps in base64.
            guard let redacted = redactingBase64JSON(text) ?? redactingTextCredentials(in: text) else { return value }
            log.record(index, "\(side).body \(path)", .inText, secrets: redacted.secrets)
            replaced.append(Replacement(original: value, redacted: redacted.text))
            return .string(redacted.text)
        case .number, .bool, .null:
            return value
        }
    }

    /// The items of a form body that hold a credential because of the form they are in
    /// (``JSONCredentialContext``: an OAuth token request's `code`, a named value), and an authorization
    /// code alone (``OAuthCode``: a `form_post` callback).
    func formContext(_ text: String) -> Set<String> {
        guard redactsCredentialNames else { return [] }
        let items = PercentEncoding.formItems(Data(text.utf8))
        let members = items.map { JSONValue.Member($0.name, .string($0.value ?? "")) }
        var names = JSONCredentialContext.credentialMembers(of: members) { redacts($0, listed: bodyMemberNames) }
        names.formUnion(OAuthCode.codes(in: items.map { ($0.name, $0.value) }, allowsAlone: true).map { items[$0].name })
        return names
    }

    /// The bytes a form value keeps unescaped when a redaction writes it again.
    static let formValueBytes = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789*-._".utf8)

    /// A JSON value swapped for a redacted string.
    struct Replacement {
        var original: JSONValue
        var redacted: String
    }

    /// Whether a value under `name` keeps its structure when redacted (an `Authorization` scheme,
    /// cookie names), as ``RedactionHeaderValue`` does for the header of that name.
    static func keepsStructure(_ name: String) -> Bool {
        ["Authorization", "Proxy-Authorization", "Cookie", "Set-Cookie"].contains { $0.equalsIgnoringASCIICase(name) }
    }

    /// `value` with every non-empty string and every number inside it replaced by the placeholder;
    /// `secrets` gets their text and `replaced` the values themselves.
    private static func redactingLeaves(_ value: JSONValue, secrets: inout [String], replaced: inout [Replacement]) -> JSONValue {
        switch value {
        case .object(let members):
            return .object(
                members.map { JSONValue.Member($0.name, redactingLeaves($0.value, secrets: &secrets, replaced: &replaced)) })
        case .array(let elements):
            return .array(elements.map { redactingLeaves($0, secrets: &secrets, replaced: &replaced) })
        case .string(let text) where !text.isEmpty && text != placeholder:
            secrets.append(text)
            replaced.append(Replacement(original: value, redacted: placeholder))
            return .string(placeholder)
        case .number(let lexeme):
            secrets.append(lexeme)
            replaced.append(Replacement(original: value, redacted: placeholder))
            return .string(placeholder)
        case .string, .bool, .null:
            return value
        }
    }
}

extension Redaction {
    /// `body` with each replaced string's literal swapped for the placeholder's in the text itself, so
    /// the body keeps its layout (whitespace, member order, escapes); `nil` when that does not give
    /// `redacted` (a replaced number, an unusual escape), and the caller serializes instead. Other
    /// occurrences of the same strings are replaced too, as propagation would do anyway.
    fileprivate static func redactedInPlace(
        _ body: Data, redacted: JSONValue, replaced: [Replacement], style: JSONSerializationStyle
    ) -> Data? {
        var swaps: [String: String] = [:]
        for replacement in replaced {
            guard case .string(let text) = replacement.original else { return nil }
            swaps[text] = replacement.redacted
        }
        // One linear pass replaces all the literals.
        let literals = swaps.map {
            (JSONValue.string($0.key).serialized(style: style), JSONValue.string($0.value).serialized(style: style))
        }
        guard let text = body.utf8Text, let swapped = SpellingSearch(replacing: literals).replacing(in: text) else {
            return nil
        }
        return layoutKept(swapped, holding: replacingStrings(swaps, in: redacted))
    }

    /// `text` as a body when it is JSON holding exactly `expected`: the check that lets a redaction
    /// edit a JSON body's text in place instead of serializing the value again.
    static func layoutKept(_ text: String, holding expected: JSONValue) -> Data? {
        guard let parsed = JSONValue(parsingIfValid: Array(text.utf8)), parsed.canonicalForm == expected.canonicalForm
        else { return nil }
        return Data(text.utf8)
    }

    /// `value` with every string that is a key of `swaps` replaced by its value.
    private static func replacingStrings(_ swaps: [String: String], in value: JSONValue) -> JSONValue {
        switch value {
        case .object(let members):
            return .object(members.map { JSONValue.Member($0.name, replacingStrings(swaps, in: $0.value)) })
        case .array(let elements):
            return .array(elements.map { replacingStrings(swaps, in: $0) })
        case .string(let text):
            return swaps[text].map { .string($0) } ?? value
        default:
            return value
        }
    }
}
