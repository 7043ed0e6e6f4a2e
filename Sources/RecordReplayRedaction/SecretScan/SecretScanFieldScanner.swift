import RepositoryContractsJSON
import Foundation
import RecordReplayMessages
import RecordReplayFixtures

/// Walks the fields of one interaction and collects the ``SecretFinding``s in them.
struct SecretScanFieldScanner {
    let redaction: Redaction
    let interaction: Int
    private(set) var findings: [SecretFinding] = []
    /// The secret behind each finding, in the same order: what redaction removes.
    private(set) var secrets: [String] = []
    /// Whether redaction redacts values under a name, by list and name: a fixture repeats the same
    /// member names thousands of times, and reading a name is not free.
    private var verdicts: [NameVerdict: Bool] = [:]
    /// The secrets reported so far, by field (without a suffix such as ` (base64)`).
    private var reported: [String: Set<String>] = [:]

    /// The deny-list a value's name is checked against.
    private enum NameList: Hashable {
        case query
        case header
        case bodyMember
    }

    private struct NameVerdict: Hashable {
        var list: NameList
        var name: String
    }

    /// Whether credentials inside text are looked for too: not when the redaction has just removed
    /// them in place (it looks for the shapes only; the scan of the result still checks).
    let findsTextCredentials: Bool

    init(redaction: Redaction, interaction: Int, findsTextCredentials: Bool = true) {
        self.redaction = redaction
        self.interaction = interaction
        self.findsTextCredentials = findsTextCredentials
    }

    /// Whether random-looking tokens are looked for (``Redaction/redactsRandomLookingTokens``).
    private var findsRandomLooking: Bool { redaction.redactsRandomLookingTokens }

    private func isAllowed(_ name: String) -> Bool { Redaction.list(redaction.allowedNames, contains: name) }

    mutating func scan(_ exchange: Interaction) {
        let request = exchange.request
        scanText(PercentEncoding.decoded(Substring(request.path), plusIsSpace: false), field: "request.path")
        if findsRandomLooking {
            let segments = request.path.split(separator: "/").map { PercentEncoding.decoded($0, plusIsSpace: false) }
            for (offset, segment) in segments.enumerated()
            where RandomLookingToken.matches(segment) || HexKeys.isKey(segment, after: offset > 0 ? segments[offset - 1] : nil) {
                add("request.path", .randomLookingToken, segment)
            }
        }
        let items = request.query.map { (name: $0.name, value: $0.value) }
        let codes = redaction.redactsCredentialNames ? OAuthCode.codes(in: items, allowsAlone: true) : []
        let publicItems = OAuthCode.publicItems(in: items)
        for (index, item) in request.query.enumerated() {
            let before = findings.count
            scanValue(
                item.value ?? "", name: item.name, list: .query, field: "request.query \(item.name)",
                marked: codes.contains(index))
            if findsRandomLooking, findings.count == before, !isAllowed(item.name), !publicItems.contains(index),
                let value = item.value, RandomLookingToken.matches(value)
            {
                add("request.query \(item.name)", .randomLookingToken, value)
            }
        }
        scan(request.headers, side: "request")
        scan(request.body, headers: request.headers, side: "request")
        scan(exchange.response.headers, side: "response")
        scan(exchange.response.body, headers: exchange.response.headers, side: "response")
    }

    private mutating func scan(_ headers: HTTPHeaders, side: String) {
        for field in headers {
            let label = "\(side).header \(field.name)"
            let value = field.value.trimmingSpacesAndTabs()
            if value.utf8.count > 7, value.prefix(7).lowercased() == "bearer " {
                let token = value.dropFirst(7).trimmingSpacesAndTabs()
                if !token.isEmpty, token != Redaction.placeholder, token.allSatisfy(Self.isToken68) {
                    add(label, .bearerToken, String(token))
                    continue
                }
            }
            let before = findings.count
            // A deny-listed header is reported whole below, not by the assignments inside it (`Cookie`).
            let listed = redacts(field.name, list: .header)
            scanText(value, name: field.name, field: label, textCredentials: !listed)
            if findings.count == before, listed,
                let secret = RedactionHeaderValue(name: field.name, value: field.value).secrets.first
            {
                add(label, .unredactedValue, secret)
            }
            guard findings.count == before, !listed, !isAllowed(field.name) else { continue }
            for item in HeaderTokens.credentials(inHeader: field.name, value: value) {
                add(label, .structuredCredential, item)
            }
            guard findsRandomLooking else { continue }
            for part in HeaderTokens.candidates(inHeader: field.name, value: value)
            where RandomLookingToken.matches(part) || HexKeys.isKey(part, inHeader: field.name) {
                add(label, .randomLookingToken, part)
            }
        }
    }

    /// A character of RFC 9110's `token68` (what a bearer credential is made of); a challenge such as
    /// `Bearer realm="api"` has others.
    private static func isToken68(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || "-._~+/=".contains(character))
    }

    private mutating func scan(_ body: Data, headers: HTTPHeaders, side: String) {
        if let coding = BodyEncoding.unreadableCoding(of: body, headers: headers) {
            findings.append(
                SecretFinding(interaction: interaction, field: "\(side).body", kind: .unreadableBody, preview: "Content-Encoding: \(coding)"))
            secrets.append("")  // nothing to propagate: the body is withheld whole
        }
        // A gzip payload, UTF-16 or ISO-8859-1 text: judged as the text it holds.
        if let (_, content) = BodyEncoding.decoding(body, headers: headers) {
            scan(content, headers: headers, side: side)
            // And the bytes as they are, for shapes: a decoding that is not what the bytes are (binary
            // data that starts like a byte order mark) must not hide a token they hold.
            scanText(String(decoding: body, as: UTF8.self), field: "\(side).body", textCredentials: false)
            return
        }
        switch RedactionBody(body, headers: headers) {
        case .json(let value, _):
            scan(value, path: JSONPath(), memberName: nil, side: side, label: "\(side).body")
        case .form(let text):
            let contextual = redaction.formContext(text)
            for item in PercentEncoding.formItems(Data(text.utf8)) {
                scanValue(
                    item.value ?? "", name: item.name, list: .bodyMember,
                    field: "\(side).body form \(item.name)", marked: contextual.contains(item.name))
            }
        case .text(let text):
            if headers.mediaType?.essence == "text/event-stream" {
                for (number, event) in EventStreamData.values(in: text).enumerated() {
                    scan(event, path: JSONPath(), memberName: nil, side: side, label: "\(side).body event \(number)")
                }
            }
            let before = findings.count
            scanText(text, field: "\(side).body")
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if findsRandomLooking, findings.count == before, RandomBodyValue.isSecret(trimmed, name: nil) {
                add("\(side).body", .randomLookingToken, trimmed)
            }
        case .binary:
            // Shapes only: an assignment's few letters occur by chance in megabytes of compressed bytes.
            scanText(String(decoding: body, as: UTF8.self), field: "\(side).body", textCredentials: false)
        }
    }

    /// Scans a JSON value: member names like values, each member's value under its name, and the
    /// members the object around them marks (``JSONCredentialContext``) like deny-listed ones.
    private mutating func scan(
        _ value: JSONValue, path: JSONPath, memberName: String?, side: String, label: String, marked: Bool = false,
        readable: Bool = false
    ) {
        switch value {
        case .object(let members):
            let redaction = redaction
            let contextual = JSONCredentialContext.credentialMembers(of: members) {
                redaction.redacts($0, listed: redaction.bodyMemberNames)
            }
            let readableMembers = JSONCredentialContext.readableMembers(of: members)
            for member in members {
                scanMemberName(member.name, field: "\(label) \(path.member(member.name)) (member name)")
                // A true, false or null is not scanned: its path is not built (a copy of its parent's).
                if case .bool = member.value { continue }
                if case .null = member.value { continue }
                let memberPath = path.member(member.name)
                scan(
                    member.value, path: memberPath, memberName: member.name, side: side, label: label,
                    marked: marked || contextual.contains(member.name), readable: readableMembers.contains(member.name))
            }
        case .array(let elements):
            for (offset, element) in elements.enumerated() {
                if case .bool = element { continue }
                if case .null = element { continue }
                scan(
                    element, path: path.index(offset), memberName: memberName, side: side, label: label, marked: marked,
                    readable: readable)
            }
        case .string(let text):
            scanValue(
                text, name: memberName, list: .bodyMember, field: "\(label) \(path)", marked: marked, random: !readable)
        case .number(let lexeme):
            scanValue(lexeme, name: memberName, list: .bodyMember, field: "\(label) \(path)", marked: marked)
        case .bool, .null:
            return
        }
    }

    /// A member name is judged like a value: a token's shape or randomness (a map keyed by tokens).
    private mutating func scanMemberName(_ name: String, field: @autoclosure () -> String) {
        guard name.utf8.count >= 16 else { return }
        for match in SecretScanShapes.matches(in: name) { add(field(), match.kind, match.text, provider: match.provider) }
        if findsRandomLooking, RandomLookingToken.matches(name), !SecretScanShapes.matches(in: name).contains(where: { $0.text == name }) {
            add(field(), .randomLookingToken, name)
        }
    }

    /// Scans a value for shapes; when none is found and its name is deny-listed, reports the value
    /// itself unless it is empty or the placeholder.
    private mutating func scanValue(
        _ value: String, name: String?, list: NameList, field: @autoclosure () -> String, marked: Bool = false,
        random: Bool = true
    ) {
        let before = findings.count
        scanText(value, name: name, field: field())
        guard findings.count == before else { return }
        guard let name, marked || redacts(name, list: list), !value.isEmpty, value != Redaction.placeholder else {
            // A body value whose name and shape say nothing: judged by its randomness.
            if random, findsRandomLooking, list == .bodyMember, !(name.map(isAllowed) ?? false),
                RandomBodyValue.isSecret(value, name: name)
            {
                add(field(), .randomLookingToken, value)
            }
            return
        }
        // An echoed `Authorization` or cookie is redacted keeping its scheme or cookie names.
        if Redaction.keepsStructure(name) {
            if let secret = RedactionHeaderValue(name: name, value: value).secrets.first { add(field(), .unredactedValue, secret) }
            return
        }
        add(field(), .unredactedValue, value)
    }

    /// Whether redaction redacts values under `name` on `list`, read once per name.
    private mutating func redacts(_ name: String, list: NameList) -> Bool {
        let key = NameVerdict(list: list, name: name)
        if let known = verdicts[key] { return known }
        let listed =
            switch list {
            case .query: redaction.queryNames
            case .header: redaction.headerNames
            case .bodyMember: redaction.bodyMemberNames
            }
        let verdict = redaction.redacts(name, listed: listed)
        verdicts[key] = verdict
        return verdict
    }

    /// Scans text for shapes, and also its decoding when the whole text is base64 of UTF-8 text.
    private mutating func scanText(
        _ text: String, name: String? = nil, field: @autoclosure () -> String, textCredentials: Bool = true
    ) {
        let shapes = SecretScanShapes.matches(in: text, name: name)
        for match in shapes {
            add(field(), match.kind, match.text, provider: match.provider)
        }
        if textCredentials { scanTextCredentials(text, besides: shapes.map(\.text), field: field()) }
        // The text with its escapes decoded (repeated percent-encoding, JSON escapes): shapes the
        // escapes hide (`\u0073k_live_…`).
        if let escaped = EscapedText(Array(text.utf8)) {
            let seen = Set(shapes.map(\.text))
            for match in SecretScanShapes.matches(in: String(decoding: escaped.bytes, as: UTF8.self), name: name)
            where !seen.contains(match.text) {
                add(field() + " (decoded)", match.kind, match.text, provider: match.provider)
            }
        }
        guard text.utf8.count >= 16 else { return }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        // Base64 of JSON is judged as JSON: its member names too.
        if textCredentials, let wrapped = Base64JSON(trimmed), let value = JSONValue(parsingIfValid: Array(wrapped.json.utf8)) {
            scan(value, path: JSONPath(), memberName: nil, side: "", label: field() + " (base64)")
            return
        }
        guard trimmed.utf8.count >= 16, let decoded = Data(ifStandardBase64: trimmed)?.utf8Text else { return }
        for match in SecretScanShapes.matches(in: decoded, name: name) {
            add(field() + " (base64)", match.kind, match.text, provider: match.provider)
        }
    }

    /// Reports the credentials inside `text`: assignments, URL passwords, webhook path segments.
    /// A credential a shape already reported (`aws_secret_access_key = <key>`) is reported once.
    private mutating func scanTextCredentials(_ text: String, besides shapes: [String], field: @autoclosure () -> String) {
        guard findsTextCredentials, redaction.redactsCredentialNames, TextCredentials.mayHold(text.utf8) else { return }
        let bytes = Array(text.utf8)
        let found = redaction.textCredentials(in: text, bytes: bytes)
        for item in found {
            let secret = String(decoding: bytes[item.range], as: UTF8.self)
            guard !shapes.contains(where: { $0.contains(secret) || secret.contains($0) }) else { continue }
            add(field(), item.kind, secret)
        }
    }

    private mutating func add(_ field: String, _ kind: SecretKind, _ secret: String, provider: String? = nil) {
        // One finding per secret and field: a token that has a shape is not reported again as random, nor
        // a text's token again when the bytes are scanned as they are.
        let base = field.components(separatedBy: " (").first ?? field
        let known = reported[base, default: []]
        guard !known.contains(secret),
            kind != .randomLookingToken || !known.contains(where: { $0.contains(secret) || secret.contains($0) })
        else { return }
        reported[base, default: []].insert(secret)
        findings.append(SecretFinding(interaction: interaction, field: field, kind: kind, secret: secret, provider: provider))
        secrets.append(secret)
    }
}
