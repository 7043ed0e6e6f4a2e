/// OAuth 2.0 authorization codes (RFC 6749, section 4.1.2): the `code` a callback URL carries, a
/// `form_post` callback or a single-page app posts, and a token request trades. Its name says nothing
/// alone (`code` is also a status, an error, a promo, a postal or a country code), so it is judged by
/// the items it stands with and by its shape:
///
/// - **In a token request** (beside `grant_type`): always (``JSONCredentialContext`` for objects and
///   forms; here for URL queries in text).
/// - **In a callback** (beside an OAuth parameter: `session_state`, `iss`, `redirect_uri`,
///   `code_verifier`, `client_id`, or a `state` that is not a plain word such as `open` or `CA`): when
///   it is a code's shape (below) of at least ``callbackLength`` characters.
/// - **Alone** in a query or a form (not in a JSON object, where `code` is most often an error's): when
///   it is a code's shape of at least ``aloneLength`` characters.
///
/// A code's shape: one token of URL-safe characters (letters, digits, `- . _ ~ + / = % ! * $`) with a
/// letter and a digit and at least one lower-case letter. So `404` (no letter), `INVALID_REQUEST` (no
/// digit), `ABC123`, `SUMMER2026` and `BLACKFRIDAY2026` (capitals: promo, coupon and product codes are
/// written so) and `94105` stay readable; a short lower-case code alone (`mug-blue-12oz`, 13 characters)
/// does too. Real authorization codes are 20 characters or more at nearly every provider (GitHub's 20
/// hexadecimal digits, RFC 6749's example `SplxlOBeZQQYbYS6WxSbIA`, Google's `4/0A…`, UUIDs).
enum OAuthCode {
    /// The shortest code judged beside an OAuth parameter: 12 characters.
    static let callbackLength = 12
    /// The shortest code judged alone in a query or a form: 16 characters.
    static let aloneLength = 16

    /// Parameters that make a `code` beside them an authorization code (`state` only when it is not a
    /// plain word).
    static let contextNames: Set<String> = ["state", "session_state", "iss", "redirect_uri", "code_verifier", "client_id"]

    /// Where a `code` stands.
    enum Context {
        /// Beside `grant_type`.
        case tokenRequest
        /// Beside an OAuth parameter.
        case callback
        /// With nothing that says OAuth.
        case alone
    }

    /// The context of a `code` among `items` (name and value pairs of one query, form or object).
    static func context(of items: some Sequence<(name: String, value: String?)>) -> Context {
        var context = Context.alone
        for item in items {
            if item.name == "grant_type" { return .tokenRequest }
            guard contextNames.contains(item.name), let value = item.value, !value.isEmpty else { continue }
            if item.name == "state", value.allSatisfy(\.isLetter) { continue }
            context = .callback
        }
        return context
    }

    /// Whether `value`, standing in `context`, is an authorization code. `allowsAlone`: whether a code
    /// with nothing around it is judged at all (queries and forms, not JSON objects).
    static func isCode(_ value: some StringProtocol, in context: Context, allowsAlone: Bool) -> Bool {
        guard !value.isEmpty, value != Redaction.placeholder else { return false }
        switch context {
        case .tokenRequest:
            return TextCredentials.isSecretValue(String(value), quoted: true)
        case .callback:
            return hasCodeShape(value, atLeast: callbackLength)
        case .alone:
            return allowsAlone && hasCodeShape(value, atLeast: aloneLength)
        }
    }

    /// The indices of the `code` items of `items` that are authorization codes.
    static func codes(in items: [(name: String, value: String?)], allowsAlone: Bool) -> Set<Int> {
        guard items.contains(where: { $0.name == "code" }) else { return [] }
        let context = context(of: items)
        return Set(items.indices.filter { index in
            items[index].name == "code" && items[index].value.map { isCode($0, in: context, allowsAlone: allowsAlone) } == true
        })
    }

    /// The indices of the items of an authorization request that are public by the request they are in,
    /// so the randomness rule leaves them readable: a PKCE `code_challenge` beside
    /// `code_challenge_method=S256` (RFC 7636: the SHA-256 hash of the verifier, sent in the open). With
    /// `plain`, or no method, the challenge is the verifier itself and is judged like any value.
    static func publicItems(in items: [(name: String, value: String?)]) -> Set<Int> {
        guard items.contains(where: { $0.name == "code_challenge_method" && $0.value == "S256" }) else { return [] }
        return Set(items.indices.filter { items[$0].name == "code_challenge" })
    }

    private static let codeBytes = ByteSet("-._~+/=%!*$".utf8)

    private static func hasCodeShape(_ value: some StringProtocol, atLeast length: Int) -> Bool {
        let bytes = value.utf8
        guard bytes.count >= length, bytes.count <= 2_048 else { return false }
        var letter = false
        var digit = false
        var lowercase = false
        for byte in bytes {
            switch byte {
            case 0x30...0x39: digit = true
            case 0x61...0x7A: (letter, lowercase) = (true, true)
            case 0x41...0x5A: letter = true
            default: guard codeBytes.contains(byte) else { return false }
            }
        }
        return letter && digit && lowercase
    }

    // MARK: URL queries in text

    /// Bytes that end a URL (or a query written alone) in text.
    private static let runDelimiters = ByteSet(" \t\r\n\"'`<>#()\\|{}[],".utf8)

    /// The authorization codes in the queries of the URLs in `bytes` (a `Location` header, a link, a
    /// JSON string, a log), and in text that is a query alone (`code=…&state=…`). A query's items are
    /// split at `&`, an HTML `&amp;` included. A code alone counts only after a URL's `?`.
    ///
    /// Each byte belongs to one run between delimiters, read once: linear.
    static func find(in bytes: [UInt8], work: inout ScanWork) -> [TextCredentials.Found] {
        guard bytes.firstOccurrence(of: Array("code=".utf8), in: 0..<bytes.count, work: &work) != nil else { return [] }
        var found: [TextCredentials.Found] = []
        var runStart = 0
        while runStart < bytes.count {
            var runEnd = runStart
            while runEnd < bytes.count, !runDelimiters.contains(bytes[runEnd]) { runEnd += 1 }
            work.add(runEnd - runStart + 1)
            if runEnd - runStart >= 6, bytes.firstOccurrence(of: Array("code=".utf8), in: runStart..<runEnd, work: &work) != nil {
                found += codes(inRun: runStart..<runEnd, of: bytes)
            }
            runStart = runEnd + 1
        }
        return found
    }

    /// The codes of one run: its query (after its first `?`, or all of it), item by item.
    private static func codes(inRun run: Range<Int>, of bytes: [UInt8]) -> [TextCredentials.Found] {
        let question = bytes[run].firstIndex(of: UInt8(ascii: "?"))
        let queryStart = question.map { $0 + 1 } ?? run.lowerBound
        var items: [(name: String, value: String?)] = []
        var valueRanges: [Range<Int>] = []
        var itemStart = queryStart
        while itemStart <= run.upperBound {
            let itemEnd = bytes[itemStart..<run.upperBound].firstIndex(of: UInt8(ascii: "&")) ?? run.upperBound
            var nameStart = itemStart
            if bytes[nameStart..<itemEnd].starts(with: "amp;".utf8) { nameStart += 4 }
            if let equals = bytes[nameStart..<itemEnd].firstIndex(of: UInt8(ascii: "=")) {
                items.append((String(decoding: bytes[nameStart..<equals], as: UTF8.self), String(decoding: bytes[(equals + 1)..<itemEnd], as: UTF8.self)))
                valueRanges.append((equals + 1)..<itemEnd)
            }
            itemStart = itemEnd + 1
        }
        return codes(in: items, allowsAlone: question != nil).sorted().map {
            TextCredentials.Found(range: valueRanges[$0], kind: .structuredCredential, label: "OAuth code")
        }
    }
}
