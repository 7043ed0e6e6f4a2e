import RecordReplayMessages
/// Decodes a chunked request body (RFC 9112 §7.1) as its bytes arrive.
///
/// Chunk extensions are accepted and ignored; trailer fields are checked like header fields (limited
/// by the header limits) and dropped. Line endings are CRLF or a bare LF, as in the head.
package struct ChunkedBodyDecoder: Sendable {
    private enum State: Equatable, Sendable {
        case sizeLine
        case data(remaining: Int)
        case dataEnd
        case trailer
        case done
    }

    private let limits: HTTPParserLimits
    private var state = State.sizeLine
    private var decodedBytes = 0
    private var trailerBytes = 0
    private var trailerFields = 0

    /// Creates a decoder for one body.
    package init(limits: HTTPParserLimits) {
        self.limits = limits
    }

    /// Whether the last chunk and the trailer section have been read.
    package var isComplete: Bool { state == .done }

    /// Decodes what it can of `input`, appending chunk data to `body`, and returns how many bytes of
    /// `input` it used. It stops after the body's end (the next request's bytes are left) or before a
    /// line that is not complete yet.
    package mutating func decode(_ input: UnsafeBufferPointer<UInt8>, into body: inout [UInt8]) throws(HTTPRequestError)
        -> Int
    {
        var index = 0
        while index < input.count {
            switch state {
            case .sizeLine:
                guard let line = try Self.line(in: input, from: index, limit: limits.maxChunkLineBytes) else {
                    if input.count - index > limits.maxChunkLineBytes + 1 { throw .chunkLineTooLong }
                    return index
                }
                if input[index..<line.contentEnd].contains(HTTPByte.carriageReturn) { throw .bareCarriageReturn }
                let size = try chunkSize(input[index..<line.contentEnd])
                index = line.next
                state = size == 0 ? .trailer : .data(remaining: size)
            case .data(let remaining):
                let count = min(remaining, input.count - index)
                body.append(contentsOf: UnsafeBufferPointer(rebasing: input[index..<(index + count)]))
                index += count
                state = remaining == count ? .dataEnd : .data(remaining: remaining - count)
            case .dataEnd:
                if input[index] == HTTPByte.lineFeed {
                    index += 1
                } else if input[index] == HTTPByte.carriageReturn {
                    guard index + 1 < input.count else { return index }
                    guard input[index + 1] == HTTPByte.lineFeed else { throw .malformedChunk }
                    index += 2
                } else {
                    throw .malformedChunk
                }
                state = .sizeLine
            case .trailer:
                guard let line = try Self.line(in: input, from: index, limit: Int.max) else {
                    if trailerBytes + (input.count - index) > limits.maxHeaderBytes { throw .trailerSectionTooLarge }
                    return index
                }
                trailerBytes += line.next - index
                if trailerBytes > limits.maxHeaderBytes { throw .trailerSectionTooLarge }
                let content = input[index..<line.contentEnd]
                if content.contains(HTTPByte.carriageReturn) { throw .bareCarriageReturn }
                index = line.next
                if content.isEmpty {
                    state = .done
                } else {
                    try checkTrailerField(content)
                }
            case .done:
                return index
            }
        }
        return index
    }

    /// The line starting at `start`: where its content ends (before CRLF or LF) and where the next line
    /// starts; `nil` when its LF has not arrived. Throws for a line longer than `limit`.
    private static func line(in input: UnsafeBufferPointer<UInt8>, from start: Int, limit: Int) throws(HTTPRequestError)
        -> (contentEnd: Int, next: Int)?
    {
        guard let lineFeed = input[start...].firstIndex(of: HTTPByte.lineFeed) else { return nil }
        var end = lineFeed
        if end > start && input[end - 1] == HTTPByte.carriageReturn { end -= 1 }
        if end - start > limit { throw .chunkLineTooLong }
        return (end, lineFeed + 1)
    }

    /// `chunk-size [ BWS ";" chunk-ext ]`: the size, after checking it against the body limit.
    private mutating func chunkSize(_ line: Slice<UnsafeBufferPointer<UInt8>>) throws(HTTPRequestError) -> Int {
        var index = line.startIndex
        var size = 0
        while index < line.endIndex, let digit = PercentEncoding.hexValue(line[index]) {
            size = size > (Int.max - digit) / 16 ? Int.max : size * 16 + digit
            index += 1
        }
        guard index > line.startIndex else { throw .malformedChunk }
        while index < line.endIndex, HTTPByte.isWhitespace(line[index]) { index += 1 }
        if index < line.endIndex {
            guard line[index] == HTTPByte.semicolon, line[(index + 1)...].allSatisfy(HTTPByte.isFieldValueCharacter)
            else { throw .malformedChunk }
        }
        guard size <= limits.maxBodyBytes - decodedBytes else { throw .bodyTooLarge }
        decodedBytes += size
        return size
    }

    private mutating func checkTrailerField(_ line: Slice<UnsafeBufferPointer<UInt8>>) throws(HTTPRequestError) {
        guard !HTTPByte.isWhitespace(line[line.startIndex]) else { throw .obsoleteLineFolding }
        guard let colon = line.firstIndex(of: HTTPByte.colon) else { throw .malformedHeaderField }
        let name = line[line.startIndex..<colon]
        guard !name.isEmpty, name.allSatisfy(HTTPByte.isTokenCharacter) else { throw .malformedHeaderField }
        guard line[(colon + 1)...].allSatisfy(HTTPByte.isFieldValueCharacter) else { throw .invalidHeaderValue }
        trailerFields += 1
        if trailerFields > limits.maxHeaderCount { throw .trailerSectionTooLarge }
    }
}
