/// The one response body every HTTP benchmark serves: a Todo as JSON, exactly 1,024 bytes, the same
/// bytes on every run and for every server.
public enum TodoBody {
    /// The body's required size in bytes.
    public static let size = 1_024

    /// The body's bytes (ASCII JSON, no trailing newline).
    public static let bytes: [UInt8] = Array(text.utf8)

    /// The body as a string.
    public static let text: String = {
        let head =
            #"{"id":1,"userId":7,"title":"Write contract tests for the HTTP-backed Todo repository","#
            + #""completed":false,"priority":2,"createdAt":"2026-11-21T08:00:00Z","#
            + #""updatedAt":"2026-11-21T09:30:00Z","tags":["testing","swift","http","fixtures"],"notes":""#
        let tail = #""}"#
        let notes = filler(count: size - head.utf8.count - tail.utf8.count)
        let text = head + notes + tail
        precondition(text.utf8.count == size, "the Todo body must be exactly \(size) bytes")
        return text
    }()

    /// `count` bytes of plain words (letters and spaces only: nothing to escape in JSON), the same for
    /// a given count.
    static func filler(count: Int) -> String {
        let words = [
            "replay", "the", "recorded", "answer", "for", "each", "request", "in", "order", "and", "keep",
            "the", "connection", "alive", "between", "requests", "so", "the", "client", "sees", "one",
            "server",
        ]
        var text = ""
        var index = 0
        while text.utf8.count < count {
            if !text.isEmpty { text += " " }
            text += words[index % words.count]
            index += 1
        }
        var result = String(text.utf8.prefix(count))!
        // Never end on a space: trim it and pad with a letter instead, keeping the length.
        if result.hasSuffix(" ") { result = String(result.dropLast()) + "s" }
        return result
    }
}
