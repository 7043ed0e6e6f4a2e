import RepositoryContractsJSON
/// Checks on the HTTP pieces a fixture supplies, so that replaying an untrusted fixture cannot write a
/// malformed or injected message (a header value holding CR LF would start a new header).
///
/// Each check returns why the text is unacceptable, or `nil` when it is fine.
enum HTTPSyntaxCheck {
    /// A method must be a non-empty token (RFC 9110 § 9.1).
    static func problem(method: String) -> String? {
        isToken(method)
            ? nil : "expected a method token such as \"GET\", found \(JSONValue.string(method).briefDescription)"
    }

    /// A header name must be a non-empty token (RFC 9110 § 5.1).
    static func problem(headerName name: String) -> String? {
        isToken(name) ? nil : "expected a header name token, found \(JSONValue.string(name).briefDescription)"
    }

    /// A header value or reason phrase must not hold CR, LF or NUL.
    static func problem(fieldValue value: String) -> String? {
        value.utf8.contains { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 }
            ? "must not contain CR, LF or NUL characters" : nil
    }

    /// A path must start with `/` (or be `*`), and hold no spaces, control characters, `?` or `#`
    /// (the query lives in `query`).
    static func problem(path: String) -> String? {
        guard path == "*" || path.hasPrefix("/") else {
            return "expected a path starting with \"/\", found \(JSONValue.string(path).briefDescription)"
        }
        if path.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F }) {
            return "must not contain spaces or control characters (percent-encode them)"
        }
        if path.utf8.contains(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) {
            return "must not contain \"?\" or \"#\" (put query items in \"query\")"
        }
        return nil
    }

    private static func isToken(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy(isTokenCharacter)
    }

    private static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default: "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}
