/// Finds where a request's head (request line and header section) ends while its bytes arrive piece by
/// piece, and enforces the size limits before the whole head is in.
///
/// Each call to ``scan(_:)`` gets every byte of the request received so far, from its first byte; the
/// scanner resumes where it stopped, so a head trickled byte by byte costs linear time. Lines end with
/// CRLF or a bare LF (RFC 9112 §2.2 lets a recipient accept LF alone); up to four empty lines before
/// the request line are skipped.
package struct RequestHeadScanner: Sendable {
    /// What the scanner found.
    package enum Outcome: Equatable, Sendable {
        /// The head is not complete yet.
        case needMoreBytes
        /// The head is `bytes[start..<end]`; `end` is just after the empty line (the body starts there).
        case head(start: Int, end: Int)
    }

    private static let maxLeadingEmptyLines = 4

    private let limits: HTTPParserLimits
    private var position = 0
    private var lineStart = 0
    private var headStart = 0
    private var requestLineEnd: Int?
    private var fieldLines = 0
    private var leadingEmptyLines = 0

    /// Creates a scanner for one request.
    package init(limits: HTTPParserLimits) {
        self.limits = limits
    }

    /// Scans the bytes received so far; throws as soon as a limit is exceeded.
    package mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>) throws(HTTPRequestError) -> Outcome {
        var index = position
        while index < bytes.count {
            if bytes[index] == HTTPByte.lineFeed {
                if let end = try endLine(at: index, in: bytes) {
                    position = end
                    return .head(start: headStart, end: end)
                }
                lineStart = index + 1
            }
            index += 1
        }
        position = index
        if let requestLineEnd {
            if bytes.count - (requestLineEnd + 1) > limits.maxHeaderBytes { throw .headerSectionTooLarge }
        } else if bytes.count - lineStart > limits.maxRequestLineBytes + 1 {
            throw .requestLineTooLong
        }
        return .needMoreBytes
    }

    /// Accounts for the line ending with the LF at `index`; returns the head's end if it was the empty
    /// line closing the header section.
    private mutating func endLine(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) throws(HTTPRequestError)
        -> Int?
    {
        var contentEnd = index
        if contentEnd > lineStart && bytes[contentEnd - 1] == HTTPByte.carriageReturn { contentEnd -= 1 }
        let isEmpty = contentEnd == lineStart
        guard let requestLineEnd else {
            if isEmpty {
                leadingEmptyLines += 1
                if leadingEmptyLines > Self.maxLeadingEmptyLines { throw .tooManyEmptyLines }
                headStart = index + 1
            } else {
                if contentEnd - lineStart > limits.maxRequestLineBytes { throw .requestLineTooLong }
                self.requestLineEnd = index
            }
            return nil
        }
        // The size is checked at every line, before the count, so the error does not depend on how the
        // bytes were split into reads.
        if index - requestLineEnd > limits.maxHeaderBytes { throw .headerSectionTooLarge }
        if isEmpty { return index + 1 }
        fieldLines += 1
        if fieldLines > limits.maxHeaderCount { throw .tooManyHeaderFields }
        return nil
    }
}
