import Foundation

/// How diagnostics spell requests, values and bodies.
enum DiagnosticText {
    /// `text` as a double-quoted literal with `"`, `\` and control characters escaped.
    static func quoted(_ text: String) -> String {
        var output = ""
        output.appendJSONStringLiteral(text)
        return output
    }

    /// `name="value"`, or `name` alone for an item without `=`.
    static func queryItem(_ item: QueryItem) -> String {
        item.value.map { "\(item.name)=\(quoted($0))" } ?? "\(item.name) (no value)"
    }

    /// A query item's value as diagnostics print it: quoted, or `(no value)`.
    static func queryValue(_ value: String?) -> String {
        value.map(quoted) ?? "(no value)"
    }

    /// The request line as it was sent: method, path and query (re-encoded).
    static func requestLine(_ request: StubRequest) -> String {
        "\(request.method) \(target(request))"
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
    static func requestDetails(_ request: StubRequest, indent: String) -> [String] {
        var lines: [String] = []
        for field in request.headers {
            lines.append("\(indent)\(field.name): \(field.value)")
        }
        if request.body.isEmpty {
            lines.append("\(indent)(no body)")
        } else {
            lines.append("\(indent)body, \(request.body.count) bytes:")
            lines.append(contentsOf: body(request.body).map { indent + "  " + $0 })
        }
        return lines
    }

    /// The lines showing `body`: UTF-8 text in full; binary as base64 of at most the first 4 KiB,
    /// followed by `… (N more bytes)` when abbreviated.
    static func body(_ body: Data) -> [String] {
        if let text = String(bytes: body, encoding: .utf8), !text.unicodeScalars.contains(where: isBinaryControl) {
            return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        let shown = body.prefix(4096)
        var lines = ["(binary, base64)"]
        let base64 = shown.base64EncodedString()
        var start = base64.startIndex
        while start < base64.endIndex {
            let end = base64.index(start, offsetBy: 76, limitedBy: base64.endIndex) ?? base64.endIndex
            lines.append(String(base64[start..<end]))
            start = end
        }
        if body.count > shown.count { lines.append("… (\(body.count - shown.count) more bytes)") }
        return lines
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
