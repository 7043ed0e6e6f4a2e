import Foundation
import RecordReplayWire

/// A blocking raw-socket HTTP client for tests: writes exactly the bytes a test gives and reads responses
/// byte for byte, so malformed requests and connection faults can be seen as a client sees them.
///
/// Every read waits at most `timeout` (a safety net: a test that hits it fails with ``RawClientError``). Its
/// default, a day, lies far beyond any starvation of a loaded machine.
package final class RawHTTPClient: @unchecked Sendable {
    /// One response as read off the wire.
    package struct Response: Sendable {
        package var status: Int
        package var reason: String
        package var headers: [(name: String, value: String)]
        package var body: [UInt8]

        /// The first value of the header `name` (case-insensitive).
        package func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }

        /// Every header name in order.
        package var headerNames: [String] { headers.map(\.name) }

        /// The body as UTF-8 text.
        package var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// What a single read gave.
    package enum ReadOutcome: Equatable {
        case bytes([UInt8])
        case endOfStream
        case reset
        case timedOut
        case failed(Int32)
    }

    package let descriptor: Int32
    private var buffered: [UInt8] = []
    private var closed = false

    /// Connects to `host:port`.
    package init(port: UInt16, host: String = "127.0.0.1", timeout: Duration = .seconds(24 * 60 * 60)) throws {
        guard let address = Platform.SocketAddress(numeric: host, port: port) else {
            throw RawClientError("not a numeric address: \(host)")
        }
        switch TestSockets.connect(to: address) {
        case .success(let descriptor): self.descriptor = descriptor
        case .failure(let error): throw RawClientError("connect to \(address): \(error)")
        }
        Platform.setReceiveTimeout(descriptor, timeout)
        Platform.setSendTimeout(descriptor, timeout)
    }

    deinit {
        close()
    }

    /// Writes `text` as UTF-8.
    package func send(_ text: String) throws {
        try send(Array(text.utf8))
    }

    /// Writes all of `bytes`.
    package func send(_ bytes: [UInt8]) throws {
        var offset = 0
        try bytes.withUnsafeBytes { raw in
            while offset < raw.count {
                let count = Platform.send(
                    descriptor, UnsafeRawBufferPointer(rebasing: raw[offset...]), UnsafeRawBufferPointer(start: nil, count: 0))
                guard count > 0 else {
                    throw RawClientError("send failed: \(Platform.errorText(Platform.lastError))")
                }
                offset += count
            }
        }
    }

    /// One read from the socket (or what is left over from an earlier read).
    package func readOnce(maximum: Int = 64 * 1024) -> ReadOutcome {
        if !buffered.isEmpty {
            defer { buffered = [] }
            return .bytes(buffered)
        }
        var chunk = [UInt8](repeating: 0, count: maximum)
        let count = chunk.withUnsafeMutableBytes { Platform.receive(descriptor, into: $0) }
        if count > 0 { return .bytes(Array(chunk[0..<count])) }
        if count == 0 { return .endOfStream }
        let error = Platform.lastError
        if error == Platform.connectionReset { return .reset }
        if error == Platform.wouldBlock { return .timedOut }
        return .failed(error)
    }

    /// Reads until the server closes; returns everything read. Throws on reset or timeout.
    package func readToEnd() throws -> [UInt8] {
        var all: [UInt8] = []
        while true {
            switch readOnce() {
            case .bytes(let bytes): all += bytes
            case .endOfStream: return all
            case .reset: throw RawClientError("connection reset after \(all.count) bytes")
            case .timedOut: throw RawClientError("timed out waiting for the server to close (read \(all.count) bytes)")
            case .failed(let code): throw RawClientError("read failed: \(Platform.errorText(code))")
            }
        }
    }

    /// Reads until the server closes or resets the connection, returning what came and how it ended.
    package func readUntilClosed() -> (bytes: [UInt8], ending: ReadOutcome) {
        var all: [UInt8] = []
        while true {
            let outcome = readOnce()
            guard case .bytes(let bytes) = outcome else { return (all, outcome) }
            all += bytes
        }
    }

    /// Reads one response; `head` says whether it answers a HEAD request (no body then).
    package func readResponse(head: Bool = false) throws -> Response {
        let headEnd = try fill { Self.headEnd(in: $0) }
        let headText = String(decoding: buffered[0..<headEnd], as: UTF8.self)
        var lines = headText.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/1."), let status = Int(statusLine[1]) else {
            throw RawClientError("bad status line in \(headText.debugDescription)")
        }
        var headers: [(name: String, value: String)] = []
        for line in lines where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { throw RawClientError("bad header line \(line)") }
            headers.append((String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        buffered.removeFirst(headEnd)
        var response = Response(
            status: status, reason: statusLine.count > 2 ? String(statusLine[2]) : "", headers: headers, body: [])
        let bodyless = head || status < 200 || status == 204 || status == 304
        if !bodyless, let length = response.header("Content-Length").flatMap(Int.init) {
            _ = try fill { $0.count >= length ? length : nil }
            response.body = Array(buffered[0..<length])
            buffered.removeFirst(length)
        }
        return response
    }

    /// Writes `request` and reads the response.
    package func exchange(_ request: String, head: Bool = false) throws -> Response {
        try send(request)
        return try readResponse(head: head)
    }

    /// Closes the socket.
    package func close() {
        guard !closed else { return }
        closed = true
        Platform.closeDescriptor(descriptor)
    }

    /// Closes with a TCP reset.
    package func reset() {
        Platform.setResetOnClose(descriptor)
        close()
    }

    /// Reads until `complete` finds what it needs in the buffered bytes; returns its answer.
    private func fill(_ complete: ([UInt8]) -> Int?) throws -> Int {
        while true {
            if let found = complete(buffered) { return found }
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            let count = chunk.withUnsafeMutableBytes { Platform.receive(descriptor, into: $0) }
            if count > 0 {
                buffered += chunk[0..<count]
                continue
            }
            let what = count == 0 ? "connection closed" : Platform.errorText(Platform.lastError)
            throw RawClientError("\(what) before a complete response; got \(String(decoding: buffered, as: UTF8.self).debugDescription)")
        }
    }

    private static func headEnd(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4)
        where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index + 4
        }
        return nil
    }
}

/// A test client failure, with what happened.
package struct RawClientError: Error, CustomStringConvertible {
    package var description: String

    package init(_ description: String) {
        self.description = description
    }
}

/// Runs blocking socket work on a thread of its own, off Swift's cooperative pool (which `.deferred`
/// plans need, and which has only as many threads as cores).
package func blocking<Result: Sendable>(_ body: @escaping @Sendable () throws -> Result) async throws -> Result {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Swift.Result { try body() }) }.start()
    }
}
