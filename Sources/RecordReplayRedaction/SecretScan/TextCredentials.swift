import RecordReplayMessages

/// Credentials that sit inside a piece of text rather than being a value of their own: what both the
/// redaction and the secret scan look for in every string value, query value, header value and text body.
///
/// - **Assignments**: a name followed by `=`, `:`, `: `, `:=` or `=>` and a value, quoted (`"…"`, `'…'`,
///   `` `…` ``, `\"…\"`) or not, whose name holds a credential by the field-name rule (``CredentialName``,
///   through the redaction's lists): `apiKey="…"` in a script, `password: …` in YAML, `API_TOKEN=…` in a
///   `.env` file, `AccountKey=…;` and `Pwd=…;` in connection strings, `"secret": "…"` in JSON held as text,
///   `Authorization: Bearer …` in an echoed request. An unquoted value after `:` counts only when it ends its
///   line (YAML, not prose), and values that are no secret are left: `true`, `null`, `${VAR}`, `{{ var }}`,
///   `config.apiKey`, function calls, masks (`****`), one character.
/// - **URL passwords**: the password of `scheme://user:password@host`, and a user part that is a long
///   random-looking token.
/// - **Webhook and bot paths** (``URLPathSecrets``) in any URL or path in the text.
/// - **Elements** (``ElementCredentials``): the text of `<password>…</password>` in XML held in text.
/// - **OAuth authorization codes** (``OAuthCode``) in the query of any URL in the text.
/// - **Structures** (``TextStructures``): key files, CSV columns, `cookies.txt` rows, authentication
///   commands and mail authentication exchanges, Oracle connection strings.
///
/// One pass over the text, each byte read a bounded number of times: linear.
enum TextCredentials {
    /// One credential: where its value is in the text, and what it is.
    struct Found: Equatable, Sendable {
        var range: Range<Int>
        var kind: SecretKind
        /// The assignment's name, or what the URL rule found ("URL password", "webhook path").
        var label: String
        /// For a credential found in the text's decoding (``EscapedText``): the credential as decoded,
        /// which may be spelled so elsewhere (`p&amp;ss` here, `p&ss` in another field).
        var decoded: String? = nil
    }

    /// The longest name an assignment is read back for, and the longest quoted value.
    private static let longestName = 64
    private static let longestValue = 4_096

    /// Whether `bytes` can hold anything this finds: an assignment or a URL needs `=`, `:` or `/`; a
    /// structure (``TextStructures``: a command, a CSV or `cookies.txt` row) a space, a tab or a separator;
    /// an escaped one (``EscapedText``) a `%` or a `\`.
    static func mayHold(_ bytes: some Sequence<UInt8>) -> Bool {
        bytes.contains {
            $0 == UInt8(ascii: "=") || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: " ")
                || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: "|")
                || $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "\\")
        }
    }

    /// The credentials in `bytes`, in order and not overlapping. `namesCredential` is asked once per
    /// distinct name.
    static func find(in bytes: [UInt8], namesCredential: (String) -> Bool, work: inout ScanWork) -> [Found] {
        var found: [Found] = []
        var verdicts: [String: Bool] = [:]
        func isCredential(_ name: String) -> Bool {
            if let known = verdicts[name] { return known }
            let verdict = namesCredential(name)
            verdicts[name] = verdict
            return verdict
        }
        var consumedUpTo = 0
        // Where the tag of a credential's label ends: `<meta name="csrf-token" content="…">`,
        // `<add key="ApiKey" value="…"/>` hold the secret in `content` or `value`.
        var labelledUpTo = 0
        var position = 0
        let count = bytes.count
        while position < count {
            // A step a byte; the bytes before the next `=` or `:` are passed over through the buffer (an
            // array read costs several calls in a debug build), and so are those a credential consumed.
            let next = bytes.withUnsafeBufferPointer { text in
                var at = position
                while at < count {
                    let byte = text[at]
                    if (byte == UInt8(ascii: "=") || byte == UInt8(ascii: ":")) && at >= consumedUpTo { break }
                    at += 1
                }
                return at
            }
            work.add(next - position + (next < count ? 1 : 0))
            position = next
            guard position < count else { break }
            let byte = bytes[position]
            defer { position += 1 }
            if byte == UInt8(ascii: ":"), position + 2 < bytes.count, bytes[position + 1] == UInt8(ascii: "/"),
                bytes[position + 2] == UInt8(ascii: "/")
            {
                if let password = urlPassword(in: bytes, schemeEnd: position, work: &work) {
                    found.append(password)
                    consumedUpTo = password.range.upperBound
                }
                continue
            }
            switch assignment(in: bytes, operatorAt: position, isCredential: isCredential, labelled: position < labelledUpTo, work: &work) {
            case .credential(let assignment, let end):
                found.append(assignment)
                consumedUpTo = end
            case .label(let end):
                labelledUpTo = bytes[end...].prefix(256).firstIndex(of: UInt8(ascii: ">")) ?? min(bytes.count, end + 256)
                work.add(labelledUpTo - end)
            case nil:
                break
            }
        }
        found += pathSecrets(in: bytes, work: &work)
        found += ElementCredentials.find(in: bytes, isCredential: isCredential, work: &work)
        found += OAuthCode.find(in: bytes, work: &work)
        found += TextStructures.find(in: bytes, namesCredential: isCredential, work: &work)
        found.sort { $0.range.lowerBound < $1.range.lowerBound }
        var kept: [Found] = []
        for item in found where item.range.lowerBound >= (kept.last?.range.upperBound ?? 0) { kept.append(item) }
        return kept
    }

    /// `text` with every credential replaced by the placeholder, and the credentials; nil when none.
    static func redacted(_ text: String, namesCredential: (String) -> Bool) -> (text: String, secrets: [String])? {
        redacted(text) { bytes in
            var work = ScanWork()
            return findThroughEscapes(in: bytes, namesCredential: namesCredential, work: &work)
        }
    }

    /// ``redacted(_:namesCredential:)`` with the credentials in the text's bytes found by `find`.
    static func redacted(_ text: String, finding find: ([UInt8]) -> [Found]) -> (text: String, secrets: [String])? {
        let bytes = Array(text.utf8)
        guard mayHold(bytes) else { return nil }
        let found = find(bytes)
        guard !found.isEmpty else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var copied = 0
        var secrets: [String] = []
        for item in found {
            output += bytes[copied..<item.range.lowerBound]
            output += Redaction.placeholder.utf8
            let written = String(decoding: bytes[item.range], as: UTF8.self)
            secrets.append(written)
            if let decoded = item.decoded, decoded != written { secrets.append(decoded) }
            copied = item.range.upperBound
        }
        output += bytes[copied...]
        return (String(decoding: output, as: UTF8.self), secrets)
    }

    /// ``find(in:namesCredential:work:)`` in `bytes` and in their decoding (``EscapedText``: repeated
    /// percent-encoding, JSON escapes), the credentials found in the decoding given as ranges of `bytes`.
    static func findThroughEscapes(in bytes: [UInt8], namesCredential: (String) -> Bool, work: inout ScanWork) -> [Found] {
        var found = find(in: bytes, namesCredential: namesCredential, work: &work)
        guard let escaped = EscapedText(bytes, work: &work), mayHold(escaped.bytes) else { return found }
        for item in find(in: escaped.bytes, namesCredential: namesCredential, work: &work) {
            let range = escaped.textRange(of: item.range)
            guard !range.isEmpty, !found.contains(where: { $0.range.overlaps(range) }) else { continue }
            found.append(Found(range: range, kind: item.kind, label: item.label, decoded: String(decoding: escaped.bytes[item.range], as: UTF8.self)))
        }
        return found.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    // MARK: Assignments

    private static func isNameByte(_ byte: UInt8) -> Bool {
        TokenShape.CharacterClass.word.contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            || byte == UInt8(ascii: "$")
    }

    private static func isQuote(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || byte == UInt8(ascii: "`")
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

    private static func isLineEnd(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") }

    /// Bytes that end an unquoted value.
    private static let valueDelimiters = ByteSet("\"'`;,&<>)}]\\| \t\n\r".utf8)

    /// What an assignment held.
    private enum Assignment {
        /// A credential, and where the assignment ends (past a closing quote).
        case credential(Found, end: Int)
        /// The name of a credential as a `name` or `key` attribute's value: a label for what follows.
        case label(end: Int)
    }

    /// The assignment whose operator is at `position`. `labelled`: a `name` or `key` attribute of the
    /// same tag named a credential, so `value` and `content` hold one.
    private static func assignment(
        in bytes: [UInt8], operatorAt position: Int, isCredential: (String) -> Bool, labelled: Bool,
        work: inout ScanWork
    ) -> Assignment? {
        let isColon = bytes[position] == UInt8(ascii: ":")
        let next = position + 1 < bytes.count ? bytes[position + 1] : 0
        let previous = position > 0 ? bytes[position - 1] : 0
        var valueStart = position + 1
        if isColon {
            // `::` (scopes, IPv6) is no assignment; `:=` is.
            guard next != UInt8(ascii: ":"), previous != UInt8(ascii: ":") else { return nil }
            if next == UInt8(ascii: "=") { valueStart += 1 }
        } else {
            // `==`, `!=`, `<=`, `>=` compare; `:=` was read at its colon; `=>` assigns.
            guard next != UInt8(ascii: "="), !"=!<>:".utf8.contains(previous) else { return nil }
            if next == UInt8(ascii: ">") { valueStart += 1 }
        }
        // The name: back over spaces, a closing quote (maybe escaped), then name bytes.
        let isDeclaration = isColon && valueStart == position + 2
        var nameEnd = position
        var spaces = 0
        while nameEnd > 0, isSpace(bytes[nameEnd - 1]), spaces < 3 {
            nameEnd -= 1
            spaces += 1
        }
        var quotedName = false
        if nameEnd > 0, isQuote(bytes[nameEnd - 1]) {
            quotedName = true
            nameEnd -= 1
            if nameEnd > 0, bytes[nameEnd - 1] == UInt8(ascii: "\\") { nameEnd -= 1 }
        }
        // `password : x` is a ternary or prose unless the name is quoted (`"password" : "x"`).
        if isColon, spaces > 0, !quotedName, !isDeclaration { return nil }
        var nameStart = nameEnd
        while nameStart > 0, nameEnd - nameStart < longestName, isNameByte(bytes[nameStart - 1]) { nameStart -= 1 }
        work.add(position - nameStart + 1)
        guard nameStart < nameEnd, nameStart == 0 || !isNameByte(bytes[nameStart - 1]) else { return nil }
        // After `/` or `+` the "name" is the tail of a base64 run (`…/AbcKey=`), not a name.
        if nameStart > 0, bytes[nameStart - 1] == UInt8(ascii: "/") || bytes[nameStart - 1] == UInt8(ascii: "+") {
            return nil
        }
        let nameBytes = bytes[nameStart..<nameEnd]
        guard nameBytes.contains(where: { TokenShape.CharacterClass.alphanumeric.contains($0) && $0 > 0x39 }) else { return nil }
        let name = String(decoding: nameBytes, as: UTF8.self)
        let lowered = name.lowercased()
        let isLabelName = lowered == "name" || lowered == "key"
        let holdsLabelledValue = labelled && (lowered == "value" || lowered == "content")
        guard isLabelName || holdsLabelledValue || isCredential(name) else { return nil }
        guard let value = value(in: bytes, from: valueStart, afterColon: isColon, work: &work) else { return nil }
        let text = String(decoding: bytes[value.range], as: UTF8.self)
        // A value that is itself a credential's name is a label (`key="ApiKey"`, `type=password`).
        // (Five characters at least: a short word such as `pw` or `pass` is more often the secret itself.)
        if isIdentifier(text), text.utf8.count >= 5, isCredential(text) { return isLabelName ? .label(end: value.end) : nil }
        guard !isLabelName || isCredential(name), isSecretValue(text, quoted: value.quoted) else { return nil }
        return .credential(Found(range: value.range, kind: .assignedCredential, label: name), end: value.end)
    }

    /// The value that starts at `start` (after up to three spaces): its range, whether it was quoted, and
    /// where it ends.
    private static func value(
        in bytes: [UInt8], from start: Int, afterColon: Bool, work: inout ScanWork
    ) -> (range: Range<Int>, quoted: Bool, end: Int)? {
        var position = start
        while position < bytes.count, position - start < 3, isSpace(bytes[position]) { position += 1 }
        guard position < bytes.count else { return nil }
        var escapedQuote = false
        if bytes[position] == UInt8(ascii: "\\"), position + 1 < bytes.count, isQuote(bytes[position + 1]) {
            escapedQuote = true
            position += 1
        }
        if isQuote(bytes[position]) {
            let quote = bytes[position]
            // `"Authorization": "Bearer <token>"`: the credentials after the scheme, as field redaction keeps it.
            let valueStart = schemeEnd(in: bytes, at: position + 1) ?? position + 1
            var end = valueStart
            let limit = min(bytes.count, valueStart + longestValue)
            // A quoted secret holds no line break and no markup: `href="/reset?token=">` ends there.
            while end < limit, bytes[end] != quote, !isLineEnd(bytes[end]), bytes[end] != UInt8(ascii: "<"),
                bytes[end] != UInt8(ascii: ">")
            {
                if bytes[end] == UInt8(ascii: "\\"), !escapedQuote { end += 1 }
                end += 1
            }
            work.add(end - valueStart + 1)
            guard end < limit, end < bytes.count, bytes[end] == quote else { return nil }
            let valueEnd = escapedQuote && end > valueStart && bytes[end - 1] == UInt8(ascii: "\\") ? end - 1 : end
            guard valueEnd > valueStart else { return nil }
            return (valueStart..<valueEnd, true, end + 1)
        }
        guard !escapedQuote else { return nil }
        var valueStart = position
        // `Authorization: Bearer <token>`: the credentials after the scheme.
        let scheme = schemeEnd(in: bytes, at: position)
        if let scheme { valueStart = scheme }
        var end = valueStart
        while end < bytes.count, end - valueStart < longestValue, !valueDelimiters.contains(bytes[end]) { end += 1 }
        work.add(end - valueStart + 1)
        guard end > valueStart else { return nil }
        if afterColon, scheme == nil {
            // YAML's `password: hunter2` ends its line; prose (`Password: must be long`) goes on.
            var after = end
            while after < bytes.count, isSpace(bytes[after]) { after += 1 }
            work.add(after - end)
            guard after == bytes.count || isLineEnd(bytes[after]) || bytes[after] == UInt8(ascii: "#")
                || bytes[after] == UInt8(ascii: "\\")
            else { return nil }
        }
        return (valueStart..<end, false, end)
    }

    /// Where the credentials start after an authentication scheme and a space (`Bearer `, `Basic `).
    private static func schemeEnd(in bytes: [UInt8], at position: Int) -> Int? {
        for scheme in ["bearer ", "basic ", "token ", "digest "] {
            let schemeBytes = Array(scheme.utf8)
            guard position + schemeBytes.count < bytes.count else { continue }
            if zip(bytes[position...], schemeBytes).allSatisfy({ $0.asciiLowercased == $1 }) { return position + schemeBytes.count }
        }
        return nil
    }

    /// Words that are no secret after a credential's name: flags, nulls, types, and SASL mechanisms
    /// (`AUTH=PLAIN` in an IMAP capability, `auth: login` in a mail client's settings).
    private static let plainWords: Set<String> = Set([
        "true", "false", "null", "nil", "none", "undefined", "yes", "no", "on", "off", "string", "required",
        "optional", "bool", "boolean", "int", "number", "object", "function", "text", "password", "hidden",
    ]).union(MailAuthentication.mechanisms)

    /// Whether a value read after a credential's name is a secret, not a flag, a reference or a mask.
    static func isSecretValue(_ value: String, quoted: Bool) -> Bool {
        guard value.count > 1, !value.contains(Redaction.placeholder) else { return false }
        if plainWords.contains(value.lowercased()) { return false }
        if let first = value.first, "${%<[@#".contains(first) { return false }
        if value.contains("{{") || value.contains("${") || value.contains("(") { return false }
        // A mask: one character repeated (`****`, `xxxx`, `••••`).
        if let first = value.first, value.allSatisfy({ $0 == first }), !first.isNumber { return false }
        // `config.apiKey`, `process.env.TOKEN`: a reference, when unquoted.
        if !quoted, value.contains("."), !value.contains(where: \.isNumber) {
            let parts = value.split(separator: ".", omittingEmptySubsequences: false)
            if parts.allSatisfy({ part in
                part.first.map { $0.isLetter || $0 == "_" || $0 == "$" } == true
                    && part.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" }
            }) {
                return false
            }
        }
        return true
    }

    /// A name-like word without digits (`ApiKey`, `csrf-token`, `password`): what a label looks like.
    private static func isIdentifier(_ text: String) -> Bool {
        text.utf8.count <= longestName && text.utf8.allSatisfy(isNameByte) && !text.contains(where: \.isNumber)
    }

    // MARK: URLs

    /// The password of the URL whose `://` starts at `schemeEnd`, or a random-looking user part.
    private static func urlPassword(in bytes: [UInt8], schemeEnd: Int, work: inout ScanWork) -> Found? {
        guard schemeEnd > 0, TokenShape.CharacterClass.alphanumeric.contains(bytes[schemeEnd - 1]) else { return nil }
        let start = schemeEnd + 3
        var end = start
        var at: Int?
        var colon: Int?
        while end < bytes.count, end - start < 512 {
            let byte = bytes[end]
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") || isQuote(byte)
                || isSpace(byte) || isLineEnd(byte) || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
                || byte == UInt8(ascii: "\\")
            {
                break
            }
            if byte == UInt8(ascii: "@") { at = end }
            if byte == UInt8(ascii: ":"), at == nil, colon == nil { colon = end }
            end += 1
        }
        work.add(end - start + 1)
        guard let at else { return nil }
        if let colon, colon < at {
            let password = String(decoding: bytes[(colon + 1)..<at], as: UTF8.self)
            guard isSecretValue(password, quoted: true) else { return nil }
            return Found(range: (colon + 1)..<at, kind: .urlPassword, label: "URL password")
        }
        guard RandomLookingToken.matches(String(decoding: bytes[start..<at], as: UTF8.self)) else { return nil }
        return Found(range: start..<at, kind: .urlPassword, label: "URL user token")
    }

    /// Bytes that end a URL or path in text.
    private static let pathDelimiters = ByteSet("\"'`<>?#&(),|{}[] \t\n\r".utf8)

    /// The secret segments of every URL or path in the text. A long run of segments is judged through a
    /// window of at most 64 segments, so memory stays small however many slashes the text holds.
    private static func pathSecrets(in bytes: [UInt8], work: inout ScanWork) -> [Found] {
        var found: [Found] = []
        var window: [Range<Int>] = []
        var judged = 0
        func judge(upTo end: Int) {
            guard end > judged else { return }
            for secret in URLPathSecrets.secrets(in: bytes, segments: window, anchors: judged..<end, work: &work) {
                found.append(Found(range: secret.range, kind: .webhookPath, label: "webhook path"))
            }
            judged = end
        }
        let pathDelimiters = Self.pathDelimiters
        var runStart = 0
        // Through the buffer: an array read costs several calls in a debug build (`swift test`).
        bytes.withUnsafeBufferPointer { text in
            while runStart < text.count {
                var position = runStart
                var segmentStart = runStart
                var hasSlash = false
                window.removeAll(keepingCapacity: true)
                judged = 0
                while position <= text.count {
                    let atEnd = position == text.count || pathDelimiters.contains(text[position])
                    if atEnd || text[position] == UInt8(ascii: "/") {
                        // `\/` (a JSON escape in raw text) is a slash too.
                        var segmentEnd = position
                        if !atEnd, segmentEnd > segmentStart, text[segmentEnd - 1] == UInt8(ascii: "\\") { segmentEnd -= 1 }
                        window.append(segmentStart..<segmentEnd)
                        segmentStart = position + 1
                        hasSlash = hasSlash || !atEnd
                        if window.count >= 64, hasSlash {
                            // Judge all but the last four (their rules look ahead), keep two behind.
                            judge(upTo: window.count - 4)
                            window.removeFirst(judged - 2)
                            judged = 2
                        }
                    }
                    if atEnd { break }
                    position += 1
                }
                work.add(position - runStart + 1)
                if hasSlash { judge(upTo: window.count) }
                runStart = position + 1
            }
        }
        return found
    }
}
