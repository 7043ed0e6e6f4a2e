package import RepositoryContractsJSON
import Foundation
package import RecordReplayMessages

/// How diagnostics spell requests, values and bodies, each within a bound: a diagnostic shows at most
/// ``shownBodyBytes`` of a body and ``shownValueCharacters`` of a value, and names the rest by size and
/// SHA-256, so a huge request costs a few kilobytes of message, not a copy of itself.
package enum DiagnosticText {
    /// The most bytes of a body a diagnostic shows: 2 KiB.
    static let shownBodyBytes = 2_048
    /// The most lines of a text body a diagnostic shows.
    static let shownBodyLines = 40
    /// The most characters of one value (a header, a query item, a JSON value, a path) shown.
    static let shownValueCharacters = 300
    /// The most items (query items, form fields, differences) listed before the rest are counted.
    package static let listedItems = 20

    /// `text` as a double-quoted literal with `"`, `\` and control characters escaped, clipped.
    package static func quoted(_ text: String) -> String {
        var output = ""
        output.appendJSONStringLiteral(String(text.unicodeScalars.prefix(shownValueCharacters)))
        return output + clippedNote(text)
    }

    /// `text` as it is when short; else its first ``shownValueCharacters`` characters and a note of the
    /// rest.
    package static func clipped(_ text: String) -> String {
        String(text.unicodeScalars.prefix(shownValueCharacters)) + clippedNote(text)
    }

    /// ` … (N more characters)` for text longer than ``shownValueCharacters``, else nothing.
    private static func clippedNote(_ text: String) -> String {
        guard text.utf8.count > shownValueCharacters else { return "" }
        let total = text.unicodeScalars.count
        return total > shownValueCharacters ? " … (\(total - shownValueCharacters) more characters)" : ""
    }

    /// `items` spelled by `spell` and joined by `separator`, the first ``listedItems`` of them, then how
    /// many more there are.
    package static func listed<Item>(_ items: [Item], separator: String, _ spell: (Item) -> String) -> String {
        let shown = items.prefix(listedItems).map(spell).joined(separator: separator)
        return items.count > listedItems ? shown + "\(separator)… and \(items.count - listedItems) more" : shown
    }

    /// `$.title: recorded "Buy milk", received "Buy oat milk"`: the path (clipped) and both sides' values
    /// as compact JSON (clipped), `(absent)` for a side that has nothing there.
    package static func jsonDifference(_ difference: JSONDifference) -> String {
        let (recorded, received): (String, String)
        switch difference.change {
        case .changed(let left, let right): (recorded, received) = (jsonValue(left), jsonValue(right))
        case .removed(let left): (recorded, received) = (jsonValue(left), "(absent)")
        case .added(let right): (recorded, received) = ("(absent)", jsonValue(right))
        case .countChanged(let left, let right): (recorded, received) = ("\(left) elements", "\(right) elements")
        }
        return "\(clipped(difference.path.description)): recorded \(recorded), received \(received)"
    }

    /// A JSON value as compact JSON, clipped.
    private static func jsonValue(_ value: JSONValue) -> String {
        clipped(value.serialized())
    }

    /// `name="value"`, or `name` alone for an item without `=`.
    package static func queryItem(_ item: QueryItem) -> String {
        item.value.map { "\(clipped(item.name))=\(quoted($0))" } ?? "\(clipped(item.name)) (no value)"
    }

    /// A query item's value as diagnostics print it: quoted, or `(no value)`.
    package static func queryValue(_ value: String?) -> String {
        value.map(quoted) ?? "(no value)"
    }

    /// The request line as it was sent: method, then the origin when the request has one, path and
    /// query (re-encoded), clipped: `GET /todos/1`, `GET https://api.example.com/todos/1`.
    package static func requestLine(_ request: StubRequest) -> String {
        "\(clipped(request.method)) \(clipped((request.origin?.description ?? "") + target(request)))"
    }

    /// The path and query of `request`, the query re-encoded from its decoded items.
    static func target(_ request: StubRequest) -> String {
        guard !request.query.isEmpty else { return request.path }
        let query = request.query.map { item in
            let name = encodeQueryComponent(item.name)
            return item.value.map { "\(name)=\(encodeQueryComponent($0))" } ?? name
        }
        return request.path + "?" + query.joined(separator: "&")
    }

    /// The request's headers and body, indented, as a block under the request line.
    package static func requestDetails(_ request: StubRequest, indent: String) -> [String] {
        var lines: [String] = []
        for field in request.headers.fields.prefix(listedItems * 2) {
            lines.append("\(indent)\(clipped(field.name)): \(clipped(field.value))")
        }
        if request.headers.fields.count > listedItems * 2 {
            lines.append("\(indent)… and \(request.headers.fields.count - listedItems * 2) more header fields")
        }
        if request.body.isEmpty {
            lines.append("\(indent)(no body)")
        } else {
            lines.append("\(indent)body, \(request.body.count) bytes:")
            lines.append(contentsOf: body(request.body).map { indent + "  " + $0 })
        }
        return lines
    }

    /// The lines showing `body`: UTF-8 text as text, anything else as base64, at most
    /// ``shownBodyBytes`` of it and ``shownBodyLines`` lines, followed, when that is not all, by a line
    /// giving how much more there is and the whole body's size and SHA-256.
    static func body(_ body: Data) -> [String] {
        let head = body.prefix(shownBodyBytes)
        var lines: [String]
        var shownBytes: Int
        if let text = utf8Prefix(head, isWhole: head.count == body.count),
            !text.unicodeScalars.contains(where: isBinaryControl)
        {
            let allLines = text.split(separator: "\n", omittingEmptySubsequences: false)
            lines = allLines.prefix(shownBodyLines).map(String.init)
            shownBytes = lines.map { $0.utf8.count + 1 }.reduce(0, +)
            shownBytes = min(shownBytes - (allLines.count <= shownBodyLines ? 1 : 0), text.utf8.count)
        } else {
            let shown = body.prefix(shownBodyBytes / 2)
            lines = ["(binary, base64)"]
            let base64 = shown.base64EncodedString()
            var start = base64.startIndex
            while start < base64.endIndex {
                let end = base64.index(start, offsetBy: 76, limitedBy: base64.endIndex) ?? base64.endIndex
                lines.append(String(base64[start..<end]))
                start = end
            }
            shownBytes = shown.count
        }
        if body.count > shownBytes {
            lines.append(
                "… (\(body.count - shownBytes) more bytes; the whole body is \(body.count) bytes, "
                    + "SHA-256 \(SHA256Digest.hex(body)))")
        }
        return lines
    }

    /// `bytes` as text when they are UTF-8, allowing a character cut at the end when they are only the
    /// start of a body.
    private static func utf8Prefix(_ bytes: Data, isWhole: Bool) -> String? {
        if let text = String(bytes: bytes, encoding: .utf8) { return text }
        guard !isWhole else { return nil }
        for cut in 1...3 where bytes.count > cut {
            if let text = String(bytes: bytes.dropLast(cut), encoding: .utf8) { return text }
        }
        return nil
    }

    private static func isBinaryControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 && scalar != "\n" && scalar != "\r" && scalar != "\t"
    }

    private static func encodeQueryComponent(_ text: String) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=#")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
