#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
package import RecordReplayWire

/// The C library calls only the tests make: a client socket's connect, and raising the open-file limit.
/// Kept in this one file so the test target's platform imports stay here.
package enum TestSockets {
    /// Connects a new blocking TCP socket (`TCP_NODELAY`, no `SIGPIPE`) to `address`: the test client's
    /// side. Returns the descriptor, or `errno` as the failure.
    package static func connect(to address: Platform.SocketAddress) -> Result<Int32, SystemCallError> {
        let descriptor = Platform.makeStreamSocket(for: address)
        guard descriptor >= 0 else { return .failure(SystemCallError(call: "socket", code: errno)) }
        var result: Int32
        repeat {
            result = address.withSockaddr { pointer, length in
                #if canImport(Darwin)
                Darwin.connect(descriptor, pointer, length)
                #elseif canImport(Glibc)
                Glibc.connect(descriptor, pointer, length)
                #else
                Musl.connect(descriptor, pointer, length)
                #endif
            }
        } while result != 0 && errno == EINTR
        guard result == 0 else {
            let code = errno
            Platform.closeDescriptor(descriptor)
            return .failure(SystemCallError(call: "connect", code: code))
        }
        #if canImport(Darwin)
        setOption(descriptor, SOL_SOCKET, SO_NOSIGPIPE, 1)
        #endif
        setOption(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, 1)
        return .success(descriptor)
    }

    /// Raises the soft limit on open descriptors to at least `wanted` (up to the hard limit); returns the
    /// soft limit in force afterwards.
    package static func raiseOpenFileLimit(to wanted: Int) -> Int {
        #if canImport(Glibc)
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #else
        let resource = RLIMIT_NOFILE
        #endif
        var limits = rlimit()
        guard getrlimit(resource, &limits) == 0 else { return 0 }
        if limits.rlim_cur < rlim_t(wanted) {
            var raised = limits
            raised.rlim_cur = min(rlim_t(wanted), limits.rlim_max)
            if setrlimit(resource, &raised) == 0 { limits = raised }
        }
        return limits.rlim_cur > rlim_t(Int.max) ? Int.max : Int(limits.rlim_cur)
    }

    private static func setOption(_ descriptor: Int32, _ level: Int32, _ option: Int32, _ value: Int32) {
        var value = value
        _ = setsockopt(descriptor, level, option, &value, socklen_t(MemoryLayout<Int32>.size))
    }
}

/// A failed C library call: its name and `errno`.
package struct SystemCallError: Error, Equatable, CustomStringConvertible {
    /// The call's name (`connect`, …).
    package var call: String
    /// `errno` after the call.
    package var code: Int32

    package var description: String {
        "\(call): \(Platform.errorText(code)) (errno \(code))"
    }
}
