package import RecordReplayMessages
import Foundation

/// A response's head as ``ResponseHeadParser`` reads it: the status, the header fields in the order
/// received, and how the body that follows is delimited.
package struct ResponseHead: Equatable, Sendable {
    /// The status code.
    package var status: Int
    /// The header fields, in order, repeated names kept apart.
    package var headers: HTTPHeaders
    /// How the body is delimited.
    package var framing: ResponseFraming
}

/// How a response's body is delimited (RFC 9112 §6.3).
package enum ResponseFraming: Equatable, Sendable {
    /// No body: the answer to `HEAD`, a `1xx`, `204` or `304`, whatever `Content-Length` says.
    case none
    /// Exactly this many bytes.
    case contentLength(Int)
    /// Chunked transfer coding, with an optional trailer section.
    case chunked
    /// Every byte until the upstream closes the connection.
    case untilClose
}

/// Parses a complete response head (status line, field lines and the empty line after them) into a
/// ``ResponseHead``, following RFC 9112 as a user agent reads it: leniently where the RFC lets a
/// recipient be (a bare LF ends a line; obsolete line folding is replaced by a space, §5.2; a status
/// line without a reason phrase), strictly where a misread would record a wrong body (framing).
package enum ResponseHeadParser {
    /// Parses `head`, the answer to a request with `method`.
    package static func parse(_ head: UnsafeBufferPointer<UInt8>, answering method: String) throws(HTTPResponseError)
        -> ResponseHead
    {
        var lines = LineReader(bytes: head)
        var first = try readLine(&lines)
        while let line = first, line.isEmpty { first = try readLine(&lines) }  // empty lines before it
        guard let statusLine = first else { throw .malformedStatusLine(line: "") }
        let status = try parseStatusLine(statusLine)
        var fields: [HTTPHeaders.Field] = []
        while let line = try readLine(&lines), !line.isEmpty {
            if HTTPByte.isWhitespace(line[line.startIndex]) {
                // Obsolete line folding: the continuation joins the previous value after one space.
                guard let last = fields.indices.last else { throw .malformedHeaderField }
                let continuation = HTTPByte.trimmingWhitespace(line)
                try checkValue(continuation)
                fields[last].value += " " + HTTPByte.string(continuation)
                continue
            }
            guard let colon = HTTPByte.firstIndex(of: HTTPByte.colon, in: line) else { throw .malformedHeaderField }
            let name = line[line.startIndex..<colon]
            guard !name.isEmpty, HTTPByte.all(name, are: HTTPByte.isTokenCharacter) else { throw .malformedHeaderField }
            let value = HTTPByte.trimmingWhitespace(line[(colon + 1)...])
            try checkValue(value)
            fields.append(HTTPHeaders.Field(name: HTTPByte.string(name), value: HTTPByte.string(value)))
        }
        let headers = HTTPHeaders(fields)
        return ResponseHead(status: status, headers: headers, framing: try framing(of: headers, status: status, method: method))
    }

    /// The next line; a CR inside it is a malformed field.
    private static func readLine(_ lines: inout LineReader) throws(HTTPResponseError) -> Slice<UnsafeBufferPointer<UInt8>>? {
        do {
            return try lines.next()
        } catch {
            throw .malformedHeaderField
        }
    }

    /// `HTTP/1.x SP 3DIGIT [SP reason-phrase]` → the status code.
    private static func parseStatusLine(_ line: Slice<UnsafeBufferPointer<UInt8>>) throws(HTTPResponseError) -> Int {
        let start = line.startIndex
        let digits = line.dropFirst(9).prefix(3)
        guard line.count >= 12, HTTPByte.equalsCaseSensitive(line.prefix(7), "HTTP/1."),
            (0x30...0x39).contains(line[start + 7]), line[start + 8] == HTTPByte.space,
            digits.allSatisfy({ (0x30...0x39).contains($0) }), line.count == 12 || line[start + 12] == HTTPByte.space
        else {
            throw .malformedStatusLine(line: String(HTTPByte.string(line.prefix(40))))
        }
        let status = digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        guard status >= 100 else { throw .malformedStatusLine(line: String(HTTPByte.string(line.prefix(40)))) }
        return status
    }

    /// Visible characters, spaces and tabs only.
    private static func checkValue(_ value: Slice<UnsafeBufferPointer<UInt8>>) throws(HTTPResponseError) {
        guard HTTPByte.all(value, are: HTTPByte.isFieldValueCharacter) else { throw .malformedHeaderField }
    }

    /// The body's framing (RFC 9112 §6.3): none for `HEAD`, `1xx`, `204` and `304`; then
    /// `Transfer-Encoding` (a lone `chunked` only: another coding would be recorded still coded) over
    /// `Content-Length` (one value, or the same value repeated); else until the connection closes.
    static func framing(of headers: HTTPHeaders, status: Int, method: String) throws(HTTPResponseError) -> ResponseFraming {
        if method.equalsIgnoringASCIICase("HEAD") || status < 200 || status == 204 || status == 304 { return .none }
        let codings = headers.values(for: "Transfer-Encoding").flatMap(Self.listElements)
        if !codings.isEmpty {
            guard codings.count == 1, codings[0].equalsIgnoringASCIICase("chunked") else {
                throw .unsupportedTransferCoding(codings.joined(separator: ", "))
            }
            return .chunked
        }
        let lengths = headers.values(for: "Content-Length").flatMap(Self.listElements)
        guard let first = lengths.first else { return .untilClose }
        guard lengths.allSatisfy({ $0 == first }), first.utf8.count <= 18, first.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
            let length = Int(first)
        else { throw .invalidContentLength }
        return .contentLength(length)
    }

    /// The comma-separated elements of a list value, trimmed, empty ones left out.
    private static func listElements(_ value: String) -> [String] {
        value.split(separator: ",").map { $0.trimmingCharacters(in: [" ", "\t"]) }.filter { !$0.isEmpty }
    }
}
