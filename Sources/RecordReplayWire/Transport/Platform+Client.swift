#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The C library calls of the client side: looking a host up, connecting with a bound on the wait,
/// and waiting for a socket or a wake-up pipe. Kept apart from ``Platform``'s server calls, with the
/// same rules: `EINTR` is retried, sockets are close-on-exec and never raise `SIGPIPE`.
extension Platform {
    /// The addresses `host` (a name, or a numeric IPv4 or IPv6 address, without brackets) resolves to
    /// for TCP, in the order the resolver prefers, each with `port`.
    ///
    /// - Returns: The addresses, or the resolver's text for why there are none.
    package static func resolve(_ host: String, port: UInt16) -> Result<[SocketAddress], ResolutionError> {
        if let numeric = SocketAddress(numeric: host, port: port) { return .success([numeric]) }
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0 else { return .failure(ResolutionError(text: String(cString: gai_strerror(status)))) }
        defer { freeaddrinfo(list) }
        var addresses: [SocketAddress] = []
        var entry = list
        while let info = entry?.pointee {
            let family = info.ai_family
            if let address = info.ai_addr, family == AF_INET || family == AF_INET6 {
                var storage = sockaddr_storage()
                withUnsafeMutableBytes(of: &storage) {
                    $0.copyMemory(from: UnsafeRawBufferPointer(start: address, count: Int(info.ai_addrlen)))
                }
                addresses.append(SocketAddress(storage: storage))
            }
            entry = info.ai_next
        }
        return addresses.isEmpty ? .failure(ResolutionError(text: "no IPv4 or IPv6 address")) : .success(addresses)
    }

    /// Why a host name has no address.
    package struct ResolutionError: Error, Sendable, Equatable {
        /// The resolver's text (`Name or service not known`, …).
        package var text: String
    }

    /// Connects the blocking socket `descriptor` to `address`, waiting at most `timeoutMilliseconds`
    /// (`-1`: no limit) and no longer once `wake` is readable.
    ///
    /// - Returns: `.ready` once connected (the socket blocking again, `TCP_NODELAY` and no `SIGPIPE`),
    ///   `.woken`, `.timedOut`, or `.failed(errno)`.
    package static func connect(
        _ descriptor: Int32, to address: SocketAddress, wake: Int32, timeoutMilliseconds: Int32
    ) -> WaitOutcome {
        #if canImport(Darwin)
        setClientOption(descriptor, SOL_SOCKET, SO_NOSIGPIPE, 1)
        #endif
        setClientOption(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, 1)
        let flags = fcntl(descriptor, F_GETFL, 0)
        _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK)
        defer { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
        let result = address.withSockaddr { pointer, length in
            #if canImport(Darwin)
            Darwin.connect(descriptor, pointer, length)
            #elseif canImport(Glibc)
            Glibc.connect(descriptor, pointer, length)
            #else
            Musl.connect(descriptor, pointer, length)
            #endif
        }
        if result == 0 { return .ready }
        // EINTR: the connection goes on in the background, as after EINPROGRESS.
        guard errno == EINPROGRESS || errno == EINTR else { return .failed(errno) }
        let outcome = wait(for: descriptor, writable: true, wake: wake, timeoutMilliseconds: timeoutMilliseconds)
        guard outcome == .ready else { return outcome }
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &error, &length) == 0 else { return .failed(errno) }
        return error == 0 ? .ready : .failed(error)
    }

    /// What a bounded wait for a socket gave.
    package enum WaitOutcome: Equatable, Sendable {
        /// The socket is ready (readable, or writable: connected), or has hung up.
        case ready
        /// The wake-up descriptor became readable first.
        case woken
        /// The time ran out.
        case timedOut
        /// The call failed with this `errno`.
        case failed(Int32)
    }

    /// Waits until `descriptor` is readable (or writable, when `writable`) or has hung up, `wake` is
    /// readable, or `timeoutMilliseconds` pass (`-1`: no limit).
    package static func wait(for descriptor: Int32, writable: Bool, wake: Int32, timeoutMilliseconds: Int32) -> WaitOutcome {
        var entries = [
            pollfd(fd: descriptor, events: Int16(truncatingIfNeeded: writable ? POLLOUT : POLLIN), revents: 0),
            pollfd(fd: wake, events: Int16(truncatingIfNeeded: POLLIN), revents: 0),
        ]
        while true {
            let result = poll(&entries, nfds_t(entries.count), timeoutMilliseconds)
            if result > 0 { return entries[1].revents != 0 ? .woken : .ready }
            if result == 0 { return .timedOut }
            if errno != EINTR { return .failed(errno) }
        }
    }

    private static func setClientOption(_ descriptor: Int32, _ level: Int32, _ option: Int32, _ value: Int32) {
        var value = value
        _ = setsockopt(descriptor, level, option, &value, socklen_t(MemoryLayout<Int32>.size))
    }
}
