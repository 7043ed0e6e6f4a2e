/// Finds the secret shapes in a piece of text (a header value, a JSON string, a whole body).
enum SecretScanShapes {
    /// One match: its kind and the matched text.
    struct Match: Hashable {
        var kind: SecretKind
        var text: String
        /// For ``SecretKind/providerToken``: the provider and kind of credential.
        var provider: String?
    }

    /// The matches in `text`, in order of kind then position, each distinct match once. `name` is the
    /// field's name (header, query item, JSON member), which can mark a value as an AWS secret key.
    static func matches(in text: String, name: String? = nil) -> [Match] {
        let bytes = Array(text.utf8)
        var found: [Match] = []
        for rule in prefixRules {
            found += prefixMatches(of: rule, in: bytes)
        }
        found += jsonWebTokens(in: bytes)
        found += privateKeys(in: bytes)
        found += awsSecretKeys(in: bytes, name: name)
        // The providers' shapes, except where a kind above already names the same text.
        let named = Set(found.map(\.text))
        for (shape, text) in providerMatches(in: bytes) where !named.contains(text) {
            found.append(Match(kind: .providerToken, text: text, provider: shape.name))
        }
        var seen: Set<String> = []
        return found.filter { seen.insert($0.text).inserted }
    }

    /// The provider shapes by the first byte of their anchor (256 entries), so one pass over the text
    /// tries at each position only the shapes that can start there.
    private static let shapesByFirstByte: [[TokenShape]] = {
        var table = [[TokenShape]](repeating: [], count: 256)
        for shape in TokenShape.providers where !shape.anchor.isEmpty {
            table[Int(shape.anchor[0])].append(shape)
        }
        return table
    }()

    /// Every provider shape's matches in `bytes`, in order of position (then of the table).
    private static func providerMatches(in bytes: [UInt8]) -> [(TokenShape, String)] {
        var found: [(TokenShape, String)] = []
        let table = shapesByFirstByte
        bytes.withUnsafeBufferPointer { buffer in
            var previousIsWord = false
            for position in buffer.indices {
                let byte = buffer[position]
                defer { previousIsWord = TokenShape.CharacterClass.word.contains(byte) }
                // A token starts a word: most positions are inside one and need no look-up.
                guard !previousIsWord else { continue }
                let shapes = table[Int(byte)]
                guard !shapes.isEmpty else { continue }
                for shape in shapes {
                    if let text = shape.match(in: bytes, at: position) { found.append((shape, text)) }
                }
            }
        }
        return found
    }

    /// A token that starts with a fixed prefix and goes on with characters of one class.
    private struct PrefixRule {
        var prefix: [UInt8]
        var kind: SecretKind
        var rest: ByteClass
        /// The length of the rest: at least `minimum`, and exactly `minimum` when `exact`.
        var minimum: Int
        var exact = false
    }

    private enum ByteClass {
        case upperAlphanumeric, alphanumeric, word, slack, base64URL, base64

        func contains(_ byte: UInt8) -> Bool {
            let isUpper = (0x41...0x5A).contains(byte)
            let isLower = (0x61...0x7A).contains(byte)
            let isDigit = (0x30...0x39).contains(byte)
            switch self {
            case .upperAlphanumeric: return isUpper || isDigit
            case .alphanumeric: return isUpper || isLower || isDigit
            case .word: return isUpper || isLower || isDigit || byte == UInt8(ascii: "_")
            case .slack: return isUpper || isLower || isDigit || byte == UInt8(ascii: "-")
            case .base64URL:
                return isUpper || isLower || isDigit || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
            case .base64: return isUpper || isLower || isDigit || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "/")
            }
        }
    }

    private static let prefixRules: [PrefixRule] =
        ["AKIA", "ASIA"].map {
            PrefixRule(
                prefix: Array($0.utf8), kind: .awsAccessKeyID, rest: .upperAlphanumeric, minimum: 16, exact: true)
        }
        + ["ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"].map {
            PrefixRule(prefix: Array($0.utf8), kind: .gitHubToken, rest: .word, minimum: 20)
        }
        + ["xoxb-", "xoxp-", "xoxa-", "xoxr-", "xapp-"].map {
            PrefixRule(prefix: Array($0.utf8), kind: .slackToken, rest: .slack, minimum: 10)
        }
        + ["sk_live_", "rk_live_", "sk_test_"].map {
            PrefixRule(prefix: Array($0.utf8), kind: .stripeKey, rest: .alphanumeric, minimum: 10)
        }
        + [PrefixRule(prefix: Array("AIza".utf8), kind: .googleAPIKey, rest: .base64URL, minimum: 35, exact: true)]

    private static func prefixMatches(of rule: PrefixRule, in bytes: [UInt8]) -> [Match] {
        var matches: [Match] = []
        for start in occurrences(of: rule.prefix, in: bytes)
        where start == 0 || !ByteClass.word.contains(bytes[start - 1]) {
            let restStart = start + rule.prefix.count
            let end = bytes[restStart...].firstIndex { !rule.rest.contains($0) } ?? bytes.count
            let length = end - restStart
            guard rule.exact ? length == rule.minimum : length >= rule.minimum else { continue }
            if rule.exact, end < bytes.count, ByteClass.alphanumeric.contains(bytes[end]) { continue }
            matches.append(Match(kind: rule.kind, text: String(decoding: bytes[start..<end], as: UTF8.self)))
        }
        return matches
    }

    /// `eyJ…` `.` `…` `.` `…` in base64url; the first two segments at least 4 characters long.
    private static func jsonWebTokens(in bytes: [UInt8]) -> [Match] {
        var matches: [Match] = []
        let isTokenByte: (UInt8) -> Bool = { ByteClass.base64URL.contains($0) || $0 == UInt8(ascii: ".") }
        for start in occurrences(of: Array("eyJ".utf8), in: bytes) where start == 0 || !isTokenByte(bytes[start - 1]) {
            let end = bytes[start...].firstIndex { !isTokenByte($0) } ?? bytes.count
            let segments = bytes[start..<end].split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
            guard segments.count >= 3, segments[0].count >= 4, segments[1].count >= 4 else { continue }
            let token = segments.prefix(3).map { String(decoding: $0, as: UTF8.self) }.joined(separator: ".")
            matches.append(Match(kind: .jsonWebToken, text: token))
        }
        return matches
    }

    /// `-----BEGIN … PRIVATE KEY-----` blocks, through their `-----END … PRIVATE KEY-----` line (or to
    /// the end of the text when it has none: the key material is what must go).
    private static func privateKeys(in bytes: [UInt8]) -> [Match] {
        let dashes = Array("-----".utf8)
        return occurrences(of: Array("-----BEGIN ".utf8), in: bytes).compactMap { start in
            let labelStart = start + 11
            guard let labelEnd = occurrences(of: dashes, in: Array(bytes[labelStart...])).first.map({ $0 + labelStart })
            else { return nil }
            let label = String(decoding: bytes[labelStart..<labelEnd], as: UTF8.self)
            guard label.hasSuffix("PRIVATE KEY"), !label.contains("\n") else { return nil }
            let endMarker = Array("-----END \(label)-----".utf8)
            let blockEnd = occurrences(of: endMarker, in: Array(bytes[(labelEnd + 5)...])).first
                .map { labelEnd + 5 + $0 + endMarker.count } ?? bytes.count
            return Match(kind: .privateKey, text: String(decoding: bytes[start..<blockEnd], as: UTF8.self))
        }
    }

    /// A run of exactly 40 base64 characters: the whole value when `name` mentions `aws_secret`, or
    /// the first such run within 100 bytes after each `aws_secret` in the text.
    private static func awsSecretKeys(in bytes: [UInt8], name: String?) -> [Match] {
        let keyword = Array("aws_secret".utf8)
        var windows: [Range<Int>] = []
        if let name, occurrences(of: keyword, in: Array(name.utf8).map(\.asciiLowercased)).first != nil {
            windows.append(0..<bytes.count)
        }
        for start in occurrences(of: keyword, in: bytes.map(\.asciiLowercased)) {
            let from = start + keyword.count
            windows.append(from..<min(bytes.count, from + 100))
        }
        return windows.compactMap { window in
            var position = window.lowerBound
            while position < window.upperBound {
                guard ByteClass.base64.contains(bytes[position]) else {
                    position += 1
                    continue
                }
                let end = bytes[position...].firstIndex { !ByteClass.base64.contains($0) } ?? bytes.count
                if end - position == 40, end == bytes.count || bytes[end] != UInt8(ascii: "=") {
                    return Match(
                        kind: .awsSecretAccessKey, text: String(decoding: bytes[position..<end], as: UTF8.self))
                }
                position = end
            }
            return nil
        }
    }

    /// The start offsets of `needle` in `bytes`.
    private static func occurrences(of needle: [UInt8], in bytes: [UInt8]) -> [Int] {
        guard !needle.isEmpty, bytes.count >= needle.count else { return [] }
        return (0...(bytes.count - needle.count)).filter { start in
            bytes[start] == needle[0] && bytes[start..<(start + needle.count)].elementsEqual(needle)
        }
    }
}
