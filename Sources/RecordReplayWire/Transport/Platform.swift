#if canImport(Darwin)
package import Darwin
#elseif canImport(Glibc)
package import Glibc
#elseif canImport(Musl)
package import Musl
#endif

/// The C library calls of the stub server (sockets, descriptors, errors), thin wrappers kept in this one
/// file so the platform imports and their differences stay here.
///
/// Every call that can be interrupted by a signal is retried on `EINTR`. Sockets are created
/// close-on-exec; writes never raise `SIGPIPE` (`MSG_NOSIGNAL` on Linux, `SO_NOSIGPIPE` on Darwin).
package enum Platform {
    // MARK: Errors

    /// `errno` of the last failed call on this thread.
    package static var lastError: Int32 { errno }

    /// The C library's text for an `errno` value.
    package static func errorText(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    package static let interrupted = EINTR
    package static let wouldBlock = EAGAIN
    package static let connectionReset = ECONNRESET
    package static let brokenPipe = EPIPE
    package static let addressInUse = EADDRINUSE
    package static let addressNotAvailable = EADDRNOTAVAIL
    package static let accessDenied = EACCES
    package static let notPermitted = EPERM
    package static let connectionRefused = ECONNREFUSED

    /// Errors of `accept` that mean "out of descriptors or memory": retry later, not at once.
    package static func isResourceExhaustion(_ code: Int32) -> Bool {
        code == EMFILE || code == ENFILE || code == ENOBUFS || code == ENOMEM
    }

    // MARK: Addresses

    /// A numeric IPv4 or IPv6 address with a port, as a C socket address.
    package struct SocketAddress: Sendable, CustomStringConvertible {
        fileprivate var storage: sockaddr_storage
        /// Whether the address is IPv6.
        package let isIPv6: Bool

        /// Parses a numeric address (`127.0.0.1`, `::1`, `0.0.0.0`); `nil` for anything else.
        package init?(numeric text: String, port: UInt16) {
            var storage = sockaddr_storage()
            var v4 = in_addr()
            var v6 = in6_addr()
            if inet_pton(AF_INET, text, &v4) == 1 {
                var address = sockaddr_in()
                #if canImport(Darwin)
                address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
                #endif
                address.sin_family = sa_family_t(AF_INET)
                address.sin_port = port.bigEndian
                address.sin_addr = v4
                withUnsafeBytes(of: &address) { source in
                    withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: source) }
                }
                isIPv6 = false
            } else if inet_pton(AF_INET6, text, &v6) == 1 {
                var address = sockaddr_in6()
                #if canImport(Darwin)
                address.sin6_len = UInt8(MemoryLayout<sockaddr_in6>.size)
                #endif
                address.sin6_family = sa_family_t(AF_INET6)
                address.sin6_port = port.bigEndian
                address.sin6_addr = v6
                withUnsafeBytes(of: &address) { source in
                    withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: source) }
                }
                isIPv6 = true
            } else {
                return nil
            }
            self.storage = storage
        }

        init(storage: sockaddr_storage) {
            self.storage = storage
            self.isIPv6 = Int32(storage.ss_family) == AF_INET6
        }

        /// The port.
        package var port: UInt16 {
            var storage = storage
            return withUnsafeBytes(of: &storage) { raw in
                isIPv6
                    ? UInt16(bigEndian: raw.load(as: sockaddr_in6.self).sin6_port)
                    : UInt16(bigEndian: raw.load(as: sockaddr_in.self).sin_port)
            }
        }

        /// The same address with another port.
        package func with(port: UInt16) -> SocketAddress {
            var copy = storage
            withUnsafeMutableBytes(of: &copy) { raw in
                if isIPv6 {
                    raw.storeBytes(of: port.bigEndian, toByteOffset: MemoryLayout<sockaddr_in6>.offset(of: \.sin6_port)!, as: UInt16.self)
                } else {
                    raw.storeBytes(of: port.bigEndian, toByteOffset: MemoryLayout<sockaddr_in>.offset(of: \.sin_port)!, as: UInt16.self)
                }
            }
            return SocketAddress(storage: copy)
        }

        /// `127.0.0.1:8080` or `[::1]:8080`.
        package var description: String {
            var storage = storage
            var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
            withUnsafeBytes(of: &storage) { raw in
                if isIPv6 {
                    var address = raw.load(as: sockaddr_in6.self).sin6_addr
                    _ = inet_ntop(AF_INET6, &address, &text, socklen_t(text.count))
                } else {
                    var address = raw.load(as: sockaddr_in.self).sin_addr
                    _ = inet_ntop(AF_INET, &address, &text, socklen_t(text.count))
                }
            }
            let host = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return isIPv6 ? "[\(host)]:\(port)" : "\(host):\(port)"
        }

        fileprivate var length: socklen_t {
            socklen_t(isIPv6 ? MemoryLayout<sockaddr_in6>.size : MemoryLayout<sockaddr_in>.size)
        }

        /// Calls `body` with the address as a C `sockaddr` and its length.
        package func withSockaddr<Result>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result {
            var storage = storage
            return withUnsafePointer(to: &storage) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) }
            }
        }
    }

    // MARK: Sockets

    /// A new TCP socket (close-on-exec) of the address's family; returns `-1` and sets `errno` on failure.
    package static func makeStreamSocket(for address: SocketAddress) -> Int32 {
        let family = address.isIPv6 ? AF_INET6 : AF_INET
        #if canImport(Darwin)
        let descriptor = socket(family, SOCK_STREAM, 0)
        if descriptor >= 0 { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        return descriptor
        #elseif canImport(Glibc)
        return socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
        return socket(family, SOCK_STREAM | SOCK_CLOEXEC, 0)
        #endif
    }

    /// Lets the listening socket bind a port that still has connections in `TIME_WAIT`.
    package static func setReuseAddress(_ descriptor: Int32) {
        setOption(descriptor, SOL_SOCKET, SO_REUSEADDR, 1)
    }

    /// Makes an IPv6 socket accept IPv6 only (so `::1` does not claim the IPv4 side).
    package static func setIPv6Only(_ descriptor: Int32) {
        setOption(descriptor, Int32(IPPROTO_IPV6), IPV6_V6ONLY, 1)
    }

    /// Binds; returns `errno` on failure, `0` on success.
    package static func bind(_ descriptor: Int32, to address: SocketAddress) -> Int32 {
        let result = address.withSockaddr { pointer, length in
            #if canImport(Darwin)
            Darwin.bind(descriptor, pointer, length)
            #elseif canImport(Glibc)
            Glibc.bind(descriptor, pointer, length)
            #else
            Musl.bind(descriptor, pointer, length)
            #endif
        }
        return result == 0 ? 0 : errno
    }

    /// Listens with `backlog`; returns `errno` on failure, `0` on success.
    package static func listen(_ descriptor: Int32, backlog: Int32) -> Int32 {
        #if canImport(Darwin)
        Darwin.listen(descriptor, backlog) == 0 ? 0 : errno
        #elseif canImport(Glibc)
        Glibc.listen(descriptor, backlog) == 0 ? 0 : errno
        #else
        Musl.listen(descriptor, backlog) == 0 ? 0 : errno
        #endif
    }

    /// The address a socket is bound to.
    package static func localAddress(_ descriptor: Int32) -> SocketAddress? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let result = withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return result == 0 ? SocketAddress(storage: storage) : nil
    }

    /// Puts a descriptor in non-blocking mode.
    package static func setNonBlocking(_ descriptor: Int32) {
        let flags = fcntl(descriptor, F_GETFL, 0)
        if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) }
    }

    /// What `accept` gave.
    package enum AcceptResult {
        /// A connection, blocking, close-on-exec, `TCP_NODELAY` and no `SIGPIPE`.
        case accepted(Int32)
        /// No connection is waiting (the listening socket is non-blocking).
        case noneWaiting
        /// `accept` failed with this `errno`.
        case failed(Int32)
    }

    /// Accepts one connection from a non-blocking listening socket.
    package static func accept(_ listener: Int32) -> AcceptResult {
        while true {
            #if canImport(Darwin)
            let descriptor = Darwin.accept(listener, nil, nil)
            #elseif canImport(Glibc)
            let descriptor = Glibc.accept(listener, nil, nil)
            #else
            let descriptor = Musl.accept(listener, nil, nil)
            #endif
            if descriptor >= 0 {
                // (accept4 with SOCK_CLOEXEC is not visible from Swift's Glibc module.)
                _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
                #if canImport(Darwin)
                // Darwin's accepted sockets inherit O_NONBLOCK from the listener; this server blocks.
                let flags = fcntl(descriptor, F_GETFL, 0)
                if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
                setOption(descriptor, SOL_SOCKET, SO_NOSIGPIPE, 1)
                #endif
                setOption(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, 1)
                return .accepted(descriptor)
            }
            let code = errno
            if code == EINTR || code == ECONNABORTED { continue }
            if code == EAGAIN || code == EWOULDBLOCK { return .noneWaiting }
            return .failed(code)
        }
    }

    /// Makes blocking reads give up with `EAGAIN` after `timeout` (`nil`: wait for ever).
    package static func setReceiveTimeout(_ descriptor: Int32, _ timeout: Duration?) {
        var value = makeTimeval(timeout)
        _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Makes blocking writes give up with `EAGAIN` after `timeout` (`nil`: wait for ever).
    package static func setSendTimeout(_ descriptor: Int32, _ timeout: Duration?) {
        var value = makeTimeval(timeout)
        _ = setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
    }

    private static func makeTimeval(_ duration: Duration?) -> timeval {
        var value = timeval()
        guard let duration, duration > .zero else { return value }
        let (seconds, attoseconds) = duration.components
        var microseconds = attoseconds / 1_000_000_000_000
        if seconds == 0 && microseconds == 0 { microseconds = 1 }  // 0 would mean "no timeout"
        value.tv_sec = numericCast(seconds)
        value.tv_usec = numericCast(microseconds)
        return value
    }

    /// Makes `close` reset the connection (`SO_LINGER` on with 0 s): the peer gets a TCP RST.
    package static func setResetOnClose(_ descriptor: Int32) {
        var value = linger(l_onoff: 1, l_linger: 0)
        _ = setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &value, socklen_t(MemoryLayout<linger>.size))
    }

    /// Reads into `buffer`: the byte count, `0` at end of stream, `-1` with `errno` set (`EAGAIN` when the
    /// receive timeout expired).
    package static func receive(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        receive(descriptor, into: buffer, flags: 0)
    }

    /// `recv` that returns at once: `-1` with ``wouldBlock`` when nothing has arrived.
    package static func receiveWithoutWaiting(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        receive(descriptor, into: buffer, flags: Int32(MSG_DONTWAIT))
    }

    private static func receive(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, flags: Int32) -> Int {
        while true {
            let count = recv(descriptor, buffer.baseAddress, buffer.count, flags)
            if count >= 0 || errno != EINTR { return count }
        }
    }

    /// Writes from two buffers with one `sendmsg`: the byte count written or `-1` with `errno` set
    /// (`EAGAIN` when the send timeout expired).
    package static func send(_ descriptor: Int32, _ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer)
        -> Int
    {
        send(descriptor, first, second, flags: 0)
    }

    /// ``send(_:_:_:)`` that returns at once with what the socket's send buffer took: `-1` with
    /// ``wouldBlock`` when it took nothing.
    package static func sendWithoutWaiting(
        _ descriptor: Int32, _ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer
    ) -> Int {
        send(descriptor, first, second, flags: Int32(MSG_DONTWAIT))
    }

    private static func send(
        _ descriptor: Int32, _ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer, flags: Int32
    ) -> Int {
        var vectors = (
            iovec(iov_base: UnsafeMutableRawPointer(mutating: first.baseAddress), iov_len: first.count),
            iovec(iov_base: UnsafeMutableRawPointer(mutating: second.baseAddress), iov_len: second.count)
        )
        return withUnsafeMutableBytes(of: &vectors) { raw in
            var message = msghdr()
            message.msg_iov = raw.baseAddress!.assumingMemoryBound(to: iovec.self)
            message.msg_iovlen = numericCast(second.isEmpty ? 1 : 2)
            while true {
                let count = sendmsg(descriptor, &message, noSignalFlag | flags)
                if count >= 0 || errno != EINTR { return count }
            }
        }
    }

    #if canImport(Darwin)
    private static let noSignalFlag: Int32 = 0  // SO_NOSIGPIPE is set on every socket instead
    #elseif canImport(Glibc)
    private static let noSignalFlag = Int32(MSG_NOSIGNAL)
    #else
    private static let noSignalFlag = MSG_NOSIGNAL
    #endif

    /// Stops reading and writing on a socket (`SHUT_RDWR`): a thread blocked reading it wakes with end of
    /// stream, and the peer sees end of stream.
    package static func shutdownBoth(_ descriptor: Int32) {
        _ = shutdown(descriptor, Int32(SHUT_RDWR))
    }

    /// Stops writing on a socket (`SHUT_WR`): the peer sees end of stream, reading goes on.
    package static func shutdownWrite(_ descriptor: Int32) {
        _ = shutdown(descriptor, Int32(SHUT_WR))
    }

    /// Closes a descriptor (not retried on `EINTR`: the descriptor is gone either way).
    package static func closeDescriptor(_ descriptor: Int32) {
        _ = close(descriptor)
    }

    private static func setOption(_ descriptor: Int32, _ level: Int32, _ option: Int32, _ value: Int32) {
        var value = value
        _ = setsockopt(descriptor, level, option, &value, socklen_t(MemoryLayout<Int32>.size))
    }

    // MARK: Waking the accept loop

    /// A pipe: `(read end, write end)`, both close-on-exec, the read end non-blocking; `nil` on failure.
    package static func makePipe() -> (read: Int32, write: Int32)? {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        setNonBlocking(ends[0])
        return (ends[0], ends[1])
    }

    /// Writes one byte (to wake a thread polling the other end of a pipe).
    package static func writeByte(_ descriptor: Int32) {
        var byte: UInt8 = 1
        while write(descriptor, &byte, 1) < 0 && errno == EINTR {}
    }

    /// Reads and drops everything waiting on a non-blocking descriptor (a wake pipe's read end).
    package static func drain(_ descriptor: Int32) {
        var bytes = (UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        while true {
            let count = withUnsafeMutableBytes(of: &bytes) { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 || (count < 0 && errno == EINTR) { continue }
            return
        }
    }

    /// Waits until one of `descriptors` is readable (or has hung up), or `timeoutMilliseconds` pass (`-1`:
    /// no limit). Returns, for each descriptor, whether it is ready.
    package static func waitReadable(_ descriptors: [Int32], timeoutMilliseconds: Int32) -> [Bool] {
        var set = PollSet()
        descriptors.forEach { set.append($0) }
        set.wait(timeoutMilliseconds: timeoutMilliseconds)
        return descriptors.indices.map(set.isReady)
    }

    /// Descriptors waited on together with `poll`, kept from one wait to the next: what an event loop
    /// watches. Removing swaps the last descriptor into the gap.
    package struct PollSet {
        private var entries: [pollfd] = []

        package init() {}

        /// Watches `descriptor` for input (and hang-up) from the next wait on, after those already watched.
        package mutating func append(_ descriptor: Int32) {
            entries.append(pollfd(fd: descriptor, events: Int16(truncatingIfNeeded: POLLIN), revents: 0))
        }

        /// Stops watching the descriptor at `index`; the last one takes its index.
        package mutating func swapRemove(at index: Int) {
            entries.swapAt(index, entries.count - 1)
            entries.removeLast()
        }

        /// Waits until a descriptor has input, is hung up or failed, or `timeoutMilliseconds` pass (`-1`:
        /// no limit); then ``isReady(at:)`` tells which (none, when `poll` failed).
        package mutating func wait(timeoutMilliseconds: Int32) {
            while true {
                let result = entries.withUnsafeMutableBufferPointer {
                    poll($0.baseAddress, nfds_t($0.count), timeoutMilliseconds)
                }
                if result >= 0 { return }
                if errno != EINTR {
                    for index in entries.indices { entries[index].revents = 0 }
                    return
                }
            }
        }

        /// Whether the last wait found the descriptor at `index` ready (input, hang-up or error).
        package func isReady(at index: Int) -> Bool {
            entries[index].revents != 0
        }
    }
}
