#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// Blocking loopback socket helpers, independent of every server under test.
public enum Loopback {
    /// The outcome of one raw HTTP/1.1 request.
    public struct Reply: Sendable {
        /// The status code of the response's status line.
        public var status: Int
        /// The body bytes (as framed by `Content-Length`).
        public var body: [UInt8]
    }

    /// Sends `GET path` to `127.0.0.1:port` over a new connection and reads the whole response;
    /// `nil` when the connection is refused or the response cannot be read within 5 s.
    ///
    /// Runs on its own dispatch queue, so a caller on the cooperative thread pool does not take a
    /// thread from the server it measures.
    public static func get(port: UInt16, path: String) async -> Reply? {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: getBlocking(port: port, path: path)) }
        }
    }

    private static let queue = DispatchQueue(label: "bench.loopback-client")

    /// The blocking form of ``get(port:path:)``.
    public static func getBlocking(port: UInt16, path: String) -> Reply? {
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { return nil }
        let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n".utf8)
        let sent = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
        guard sent == request.count else { return nil }

        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            if let reply = parse(received) { return reply }
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return parse(received, atEnd: true) }
            received += chunk[0..<count]
        }
    }

    /// A complete response in `bytes`, or `nil` while more is needed.
    static func parse(_ bytes: [UInt8], atEnd: Bool = false) -> Reply? {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard bytes.count >= 4,
            let headEnd = (0...(bytes.count - 4)).first(where: { bytes[$0..<($0 + 4)].elementsEqual(separator) })
        else { return nil }
        let head = String(decoding: bytes[0..<headEnd], as: UTF8.self)
        let lines = head.split(separator: "\r\n", omittingEmptySubsequences: false)
        let statusParts = lines.first?.split(separator: " ") ?? []
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { return nil }
        var length: Int?
        for line in lines.dropFirst() {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == "content-length" {
                length = Int(parts[1].trimmingPrefix(" "))
            }
        }
        let body = Array(bytes[(headEnd + 4)...])
        if let length {
            guard body.count >= length else { return nil }
            return Reply(status: status, body: Array(body.prefix(length)))
        }
        return atEnd ? Reply(status: status, body: body) : nil
    }

    /// Sets `TCP_NODELAY` on this process's listening TCP socket bound to `port`; Linux copies the
    /// option to every connection accepted from it afterwards. Returns whether such a socket was found.
    ///
    /// For servers that offer no way to set the option themselves (FlyingFox 0.27.1).
    @discardableResult
    public static func setNoDelayOnListeningSocket(port: UInt16) -> Bool {
        var found = false
        for fd in Int32(0)..<4096 {
            var accepting: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            guard getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &accepting, &length) == 0, accepting == 1 else {
                continue
            }
            var storage = sockaddr_storage()
            var storageLength = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let named = withUnsafeMutablePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &storageLength) }
            }
            guard named == 0 else { continue }
            let boundPort: UInt16 =
                switch Int32(storage.ss_family) {
                case AF_INET:
                    withUnsafePointer(to: &storage) {
                        $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
                    }
                case AF_INET6:
                    withUnsafePointer(to: &storage) {
                        $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                            UInt16(bigEndian: $0.pointee.sin6_port)
                        }
                    }
                default: 0
                }
            guard boundPort == port else { continue }
            var on: Int32 = 1
            if setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size)) == 0 {
                found = true
            }
        }
        return found
    }
}

/// Writes `line` and a newline straight to standard output (file descriptor 1), unbuffered, so a
/// script reading a pipe sees it at once.
public func emitLine(_ line: String) {
    emitBytes(Array((line + "\n").utf8))
}

/// Writes `bytes` as they are to standard output (file descriptor 1), unbuffered.
public func emitBytes(_ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
        let written = bytes[offset...].withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
        if written <= 0 { return }
        offset += written
    }
}

/// Writes `line` and a newline to standard error.
public func emitError(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

/// A benchmark that cannot go on, with the reason.
public struct BenchError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// A blocking HTTP/1.1 client that keeps one connection to `127.0.0.1:port` open and sends every request
/// on it, as `URLSession` and most clients do.
public final class KeepAliveClient {
    private let fd: Int32
    private var received: [UInt8] = []
    private var chunk = [UInt8](repeating: 0, count: 16 * 1024)

    /// Connects; `nil` when the connection is refused.
    public init?(port: UInt16) {
        #if canImport(Glibc)
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { return nil }
        var on: Int32 = 1
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            return nil
        }
    }

    deinit {
        close(fd)
    }

    /// Sends `GET path` and reads its response (framed by `Content-Length`); `nil` when the connection fails.
    public func get(_ path: String) -> Loopback.Reply? {
        let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
        let sent = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
        guard sent == request.count else { return nil }
        received.removeAll(keepingCapacity: true)
        while true {
            if let reply = Loopback.parse(received) { return reply }
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return nil }
            received += chunk[0..<count]
        }
    }
}
