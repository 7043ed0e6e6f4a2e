/// Parses a complete request head (as delimited by ``RequestHeadScanner``) into a ``RequestHead``,
/// following RFC 9112.
///
/// Decisions where the RFC leaves a choice:
/// - A bare LF ends a line like CRLF does (§2.2 MAY); a CR anywhere else is rejected (400).
/// - The request line is split on single spaces only; extra whitespace is a malformed line (400).
/// - `HTTP/1.x` with a minor version above 1 is served as HTTP/1.1 (RFC 9110 §6.2); a major version
///   other than 1 is 505; anything not `HTTP/<digit>.<digit>` is 400.
/// - Targets: origin form (`/path?query`), absolute form (`http://host/path`), and `*` for OPTIONS.
///   Any visible ASCII except `#` is accepted in them; controls, spaces and non-ASCII bytes are 400.
/// - Obsolete line folding is rejected (400); so is whitespace between a field name and its colon.
/// - `Content-Length` repeated with one value (also as a list) is accepted; differing values are 400.
///   `Content-Length` with `Transfer-Encoding` is 400; `Transfer-Encoding` in HTTP/1.0 is 400; a
///   coding other than `chunked` is 501.
/// - HTTP/1.1 requires exactly one `Host` field; more than one is 400 in any version.
package enum RequestHeadParser {
    /// Parses `head`: the request line, the field lines and the empty line after them.
    package static func parse(_ head: UnsafeBufferPointer<UInt8>, limits: HTTPParserLimits) throws(HTTPRequestError)
        -> RequestHead
    {
        var lines = LineReader(bytes: head)
        guard let requestLine = try lines.next() else { throw .malformedRequestLine }
        var request = try parseRequestLine(requestLine)
        var framing = FramingFields()
        while let line = try lines.next(), !line.isEmpty {
            let field = try parseFieldLine(line)
            framing.note(name: field.name, value: field.value)
            request.fields.append(
                HeaderField(name: HTTPByte.string(field.name), value: HTTPByte.string(field.value)))
        }
        try framing.apply(to: &request, limits: limits)
        return request
    }

    private static func parseRequestLine(_ line: Slice<UnsafeBufferPointer<UInt8>>) throws(HTTPRequestError)
        -> RequestHead
    {
        guard let firstSpace = line.firstIndex(of: HTTPByte.space) else { throw .malformedRequestLine }
        let method = line[line.startIndex..<firstSpace]
        guard !method.isEmpty, method.allSatisfy(HTTPByte.isTokenCharacter) else { throw .invalidMethod }
        let rest = line[(firstSpace + 1)...]
        guard let secondSpace = rest.firstIndex(of: HTTPByte.space) else { throw .malformedRequestLine }
        let target = rest[rest.startIndex..<secondSpace]
        let version = rest[(secondSpace + 1)...]
        guard !target.isEmpty, !version.contains(HTTPByte.space) else { throw .malformedRequestLine }
        guard target.allSatisfy(HTTPByte.isTargetCharacter) else { throw .invalidTarget }
        let minorVersion = try parseVersion(version)
        try checkTargetForm(target, method: method)
        return RequestHead(
            method: HTTPByte.string(method), target: HTTPByte.string(target), minorVersion: minorVersion,
            fields: [], framing: .none, keepAlive: minorVersion >= 1, expectsContinue: false)
    }

    /// `HTTP/1.x` → x; other majors are 505, other shapes 400.
    private static func parseVersion(_ version: Slice<UnsafeBufferPointer<UInt8>>) throws(HTTPRequestError) -> Int {
        let start = version.startIndex
        guard version.count == 8, HTTPByte.equalsCaseSensitive(version.prefix(5), "HTTP/"),
            let major = digit(version[start + 5]), version[start + 6] == 0x2E, let minor = digit(version[start + 7])
        else { throw .malformedVersion }
        guard major == 1 else { throw .unsupportedVersion }
        return minor
    }

    private static func digit(_ byte: UInt8) -> Int? {
        byte >= 0x30 && byte <= 0x39 ? Int(byte - 0x30) : nil
    }

    private static func checkTargetForm(
        _ target: Slice<UnsafeBufferPointer<UInt8>>, method: Slice<UnsafeBufferPointer<UInt8>>
    ) throws(HTTPRequestError) {
        let first = target[target.startIndex]
        if first == 0x2F { return }  // origin form
        if target.count == 1 && first == 0x2A {  // asterisk form
            guard HTTPByte.equalsCaseSensitive(method, "OPTIONS") else { throw .invalidTarget }
            return
        }
        let lowerScheme = target.prefix(8)
        if HTTPByte.equalsIgnoringCase(lowerScheme.prefix(7), "http://") || HTTPByte.equalsIgnoringCase(lowerScheme, "https://") {
            return
        }
        throw .invalidTarget
    }

    private static func parseFieldLine(_ line: Slice<UnsafeBufferPointer<UInt8>>) throws(HTTPRequestError)
        -> (name: Slice<UnsafeBufferPointer<UInt8>>, value: Slice<UnsafeBufferPointer<UInt8>>)
    {
        guard !HTTPByte.isWhitespace(line[line.startIndex]) else { throw .obsoleteLineFolding }
        guard let colon = line.firstIndex(of: HTTPByte.colon) else { throw .malformedHeaderField }
        let name = line[line.startIndex..<colon]
        guard !name.isEmpty, name.allSatisfy(HTTPByte.isTokenCharacter) else { throw .malformedHeaderField }
        let value = HTTPByte.trimmingWhitespace(line[(colon + 1)...])
        guard value.allSatisfy(HTTPByte.isFieldValueCharacter) else { throw .invalidHeaderValue }
        return (name, value)
    }
}

/// The lines of a head: each without its line ending. A CR not directly before the LF is an error.
private struct LineReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    mutating func next() throws(HTTPRequestError) -> Slice<UnsafeBufferPointer<UInt8>>? {
        guard position < bytes.count else { return nil }
        var index = position
        while index < bytes.count, bytes[index] != HTTPByte.lineFeed { index += 1 }
        var end = index
        if end > position && bytes[end - 1] == HTTPByte.carriageReturn { end -= 1 }
        let line = bytes[position..<end]
        position = index + 1
        if line.contains(HTTPByte.carriageReturn) { throw .bareCarriageReturn }
        return line
    }
}
