import Foundation
import RecordReplayWire
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

    mutating func scan(_ exchange: Interaction) {
        let request = exchange.request
        scanText(PercentEncoding.decoded(Substring(request.path), plusIsSpace: false), field: "request.path")
        for item in request.query {
            scanValue(
                item.value ?? "", name: item.name, list: .query, field: "request.query \(item.name)")
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
            guard findings.count == before, listed,
                let secret = RedactionHeaderValue(name: field.name, value: field.value).secrets.first
            else { continue }
            add(label, .unredactedValue, secret)
        }
    }

    /// A character of RFC 9110's `token68` (what a bearer credential is made of); a challenge such as
    /// `Bearer realm="api"` has others.
    private static func isToken68(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || "-._~+/=".contains(character))
    }

    private mutating func scan(_ body: Data, headers: HTTPHeaders, side: String) {
        switch RedactionBody(body, headers: headers) {
        case .json(let value, _):
            scan(value, path: JSONPath(), memberName: nil, side: side)
        case .form(let text):
            for item in PercentEncoding.formItems(Data(text.utf8)) {
                scanValue(
                    item.value ?? "", name: item.name, list: .bodyMember,
                    field: "\(side).body form \(item.name)")
            }
        case .text(let text):
            scanText(text, field: "\(side).body")
        case .binary:
            // Shapes only: an assignment's few letters occur by chance in megabytes of compressed bytes.
            scanText(String(decoding: body, as: UTF8.self), field: "\(side).body", textCredentials: false)
        }
    }

    private mutating func scan(_ value: JSONValue, path: JSONPath, memberName: String?, side: String) {
        switch value {
        case .object(let members):
            for member in members {
                scan(member.value, path: path.member(member.name), memberName: member.name, side: side)
            }
        case .array(let elements):
            for (offset, element) in elements.enumerated() {
                scan(element, path: path.index(offset), memberName: memberName, side: side)
            }
        case .string(let text):
            scanValue(text, name: memberName, list: .bodyMember, field: "\(side).body \(path)")
        case .number(let lexeme):
            scanValue(lexeme, name: memberName, list: .bodyMember, field: "\(side).body \(path)")
        case .bool, .null:
            return
        }
    }

    /// Scans a value for shapes; when none is found and its name is deny-listed, reports the value
    /// itself unless it is empty or the placeholder.
    private mutating func scanValue(_ value: String, name: String?, list: NameList, field: @autoclosure () -> String) {
        let before = findings.count
        scanText(value, name: name, field: field())
        guard findings.count == before, let name, redacts(name, list: list), !value.isEmpty,
            value != Redaction.placeholder
        else { return }
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
        guard text.utf8.count >= 16 else { return }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.utf8.count >= 16, let decoded = Data(base64Encoded: trimmed)?.utf8Text else { return }
        for match in SecretScanShapes.matches(in: decoded, name: name) {
            add(field() + " (base64)", match.kind, match.text, provider: match.provider)
        }
    }

    /// Reports the credentials inside `text`: assignments, URL passwords, webhook path segments.
    /// A credential a shape already reported (`aws_secret_access_key = <key>`) is reported once.
    private mutating func scanTextCredentials(_ text: String, besides shapes: [String], field: @autoclosure () -> String) {
        guard findsTextCredentials, redaction.redactsCredentialNames, TextCredentials.mayHold(text.utf8) else { return }
        let bytes = Array(text.utf8)
        var work = ScanWork()
        let redaction = redaction
        let found = TextCredentials.find(in: bytes, namesCredential: { redaction.redacts($0, listed: redaction.bodyMemberNames) }, work: &work)
        for item in found {
            let secret = String(decoding: bytes[item.range], as: UTF8.self)
            guard !shapes.contains(where: { $0.contains(secret) || secret.contains($0) }) else { continue }
            add(field(), item.kind, secret)
        }
    }

    private mutating func add(_ field: String, _ kind: SecretKind, _ secret: String, provider: String? = nil) {
        findings.append(SecretFinding(interaction: interaction, field: field, kind: kind, secret: secret, provider: provider))
        secrets.append(secret)
    }
}
