/// Why the stub server could not start listening.
public enum ServerStartError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Another socket already listens on this address and port (`address` reads like `127.0.0.1:8080`).
    case addressInUse(address: String)
    /// The system refused the address or port (ports below 1024 usually need privileges).
    case permissionDenied(address: String)
    /// The address does not belong to this machine.
    case addressNotAvailable(address: String)
    /// The bind address is not a numeric IPv4 or IPv6 address.
    case invalidAddress(String)
    /// `start()` was called on a server that was already started.
    case alreadyStarted
    /// Another system call failed while setting up the listening socket.
    case systemError(call: String, errno: Int32, message: String, address: String)

    /// The address and the reason, as one message (`cannot listen on 127.0.0.1:8080: …`).
    public var description: String {
        switch self {
        case .addressInUse(let address):
            "cannot listen on \(address): the address is already in use (another server listens on that port)"
        case .permissionDenied(let address):
            "cannot listen on \(address): permission denied (ports below 1024 usually need privileges)"
        case .addressNotAvailable(let address):
            "cannot listen on \(address): the address does not belong to this machine"
        case .invalidAddress(let text):
            "cannot listen on \"\(text)\": not a numeric IPv4 or IPv6 address (such as 127.0.0.1 or ::1)"
        case .alreadyStarted:
            "the server is already started"
        case .systemError(let call, let code, let message, let address):
            "cannot listen on \(address): \(call) failed: \(message) (errno \(code))"
        }
    }
}
