import RepositoryContractsJSON
import RecordReplayFixtures

/// The JSON that a server-sent events stream (`text/event-stream`) carries in its `data:` lines, so
/// that its members are judged by name as in any JSON body.
enum EventStreamData {
    /// One `data:` line whose content is JSON: where the content is in the text, and its value.
    struct Line {
        var range: Range<String.Index>
        var value: JSONValue
    }

    /// Every `data:` line of `text` that holds a JSON object or array.
    static func lines(in text: String) -> [Line] {
        var found: [Line] = []
        var lineStart = text.startIndex
        while lineStart < text.endIndex {
            let lineEnd = text[lineStart...].firstIndex(where: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) ?? text.endIndex
            let line = text[lineStart..<lineEnd]
            if line.hasPrefix("data:") {
                var contentStart = line.index(line.startIndex, offsetBy: 5)
                if contentStart < line.endIndex, line[contentStart] == " " { contentStart = line.index(after: contentStart) }
                let content = line[contentStart...]
                if content.first == "{" || content.first == "[", let value = JSONValue(parsingIfValid: Array(content.utf8)) {
                    found.append(Line(range: contentStart..<lineEnd, value: value))
                }
            }
            lineStart = lineEnd < text.endIndex ? text.index(after: lineEnd) : text.endIndex
        }
        return found
    }

    /// The JSON values of the stream's `data:` lines.
    static func values(in text: String) -> [JSONValue] {
        lines(in: text).map(\.value)
    }
}
