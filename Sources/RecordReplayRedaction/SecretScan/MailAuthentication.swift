/// The credentials of mail protocols' SASL exchanges in a transcript or a log (read line by line with
/// the other ``TextStructures``): SMTP `AUTH` (RFC 4954) and IMAP `AUTHENTICATE` (RFC 9051).
///
/// - The command `AUTH <mechanism> [initial-response]` (or `<tag> AUTHENTICATE <mechanism> […]`): the
///   initial response, when there is one (`AUTH PLAIN <base64>`, `AUTH LOGIN <base64 user>`,
///   `AUTH XOAUTH2 <base64>`), whatever the mechanism.
/// - Then every line the client sends after a server prompt (SMTP's `334 …`, IMAP's and POP3's `+ …`):
///   the base64 user name and password of `AUTH LOGIN`, the `AUTH PLAIN` answer to an empty `334`, a
///   challenge's answer. The server's prompts (`334 VXNlcm5hbWU6`, "Username:") are kept.
/// - The exchange ends at the server's final answer (`235`, `535`, any other status, IMAP's tagged `OK`,
///   `NO`, `BAD`), a client's `*` (cancel), a line that is not one word, or after ``longestExchange``
///   answers.
///
/// A line may start with a transcript's prefix (``TranscriptPrefix``: `C:`, `S:`, `>>>`, `<~`, `~>`).
/// `250 AUTH LOGIN PLAIN` (a capability) and `AUTH=PLAIN` are no command. Each line is read once and
/// only up to its first few words: linear.
struct MailAuthentication {
    /// The SASL mechanisms (IANA's registry, the common ones): what follows `AUTH` in a command and in
    /// a capability line, never a secret.
    static let mechanisms: Set<String> = [
        "plain", "login", "xoauth2", "oauthbearer", "cram-md5", "digest-md5", "scram-sha-1", "scram-sha-1-plus",
        "scram-sha-256", "scram-sha-256-plus", "ntlm", "gssapi", "external", "anonymous", "otp", "skey", "srp",
    ]

    /// The most client answers one exchange is followed for.
    static let longestExchange = 8

    /// Where an exchange stands: nothing under way, or the answers still expected and whether a prompt
    /// is waiting for one.
    private var answersLeft = 0
    private var prompted = false

    /// The credentials on `line` of `bytes`, the lines before it read already.
    mutating func read(_ line: Range<Int>, in bytes: [UInt8]) -> [Range<Int>] {
        let content = TranscriptPrefix.content(of: line, in: bytes)
        if content.isEmpty { return [] }
        let words = Self.words(in: content, of: bytes, atMost: 4)
        let first = words.first.map { Self.text(bytes, $0) } ?? ""
        if answersLeft > 0 {
            if first == "334" || first.hasPrefix("334-") || first == "+" {
                prompted = true
                return []
            }
            if prompted, words.count == 1, first != "*" {
                prompted = false
                answersLeft -= 1
                return [words[0]]
            }
            answersLeft = 0
            prompted = false
        }
        // `AUTH <mechanism> …` or `<tag> AUTHENTICATE <mechanism> …`.
        let command: Int? =
            first.lowercased() == "auth" ? 0
            : words.count >= 3 && Self.text(bytes, words[1]).lowercased() == "authenticate" ? 1 : nil
        guard let command, command + 1 < words.count,
            Self.mechanisms.contains(Self.text(bytes, words[command + 1]).lowercased())
        else { return [] }
        answersLeft = Self.longestExchange
        prompted = false
        guard command + 2 < words.count else { return [] }
        let initial = words[command + 2]
        // `=` is an empty initial response; a fourth word means this was no command.
        guard words.count == command + 3, Self.text(bytes, initial) != "=" else { return [] }
        return [initial]
    }

    private static func text(_ bytes: [UInt8], _ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// The first `limit` words of `range` (split at spaces and tabs), and one more when there is one, so
    /// a caller can tell `limit` words from more.
    private static func words(in range: Range<Int>, of bytes: [UInt8], atMost limit: Int) -> [Range<Int>] {
        var words: [Range<Int>] = []
        var position = range.lowerBound
        while position < range.upperBound, words.count <= limit {
            while position < range.upperBound, bytes[position] == UInt8(ascii: " ") || bytes[position] == UInt8(ascii: "\t") {
                position += 1
            }
            let start = position
            while position < range.upperBound, bytes[position] != UInt8(ascii: " "), bytes[position] != UInt8(ascii: "\t") {
                position += 1
            }
            if position > start { words.append(start..<position) }
        }
        return words
    }
}

/// The prefix a transcript or a debugging tool writes before each line of a protocol exchange: `C:`,
/// `S:`, `client:`, `server:` (a word of at most eight letters and a colon), or arrows such as `>>>`,
/// `<<<`, `~>`, `<~`, `->`, `<-`, `>`, `<` (at most four of `< > ~ - = |`).
enum TranscriptPrefix {
    /// Whether `word` is such a prefix.
    static func isPrefix(_ word: some BidirectionalCollection<UInt8>) -> Bool {
        guard !word.isEmpty, word.count <= 9 else { return false }
        if word.last == UInt8(ascii: ":") {
            return word.count >= 2 && word.dropLast().allSatisfy { (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }
        }
        return word.count <= 4 && word.allSatisfy { "<>~-=|".utf8.contains($0) }
    }

    /// `line` without leading spaces, a prefix and the spaces after it.
    static func content(of line: Range<Int>, in bytes: [UInt8]) -> Range<Int> {
        var start = line.lowerBound
        while start < line.upperBound, bytes[start] == UInt8(ascii: " ") || bytes[start] == UInt8(ascii: "\t") { start += 1 }
        var end = start
        while end < line.upperBound, end - start < 10, bytes[end] != UInt8(ascii: " "), bytes[end] != UInt8(ascii: "\t") { end += 1 }
        guard end < line.upperBound, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t"), isPrefix(bytes[start..<end])
        else { return start..<line.upperBound }
        while end < line.upperBound, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t") { end += 1 }
        return end..<line.upperBound
    }
}
