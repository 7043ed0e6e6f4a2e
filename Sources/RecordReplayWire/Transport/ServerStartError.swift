/// Why the stub server could not start listening.
///
/// A struct over private storage rather than an enum, so that a new reason is not a breaking change for
/// code that switches over the ones it knows: compare with `==` (`error == .alreadyStarted`), or read
/// ``address``.
public struct ServerStartError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The reasons, for the package's own exhaustive switches.
    package enum Kind: Sendable, Hashable {
        case addressInUse(address: String)
        case permissionDenied(address: String)
        case addressNotAvailable(address: String)
        case invalidAddress(String)
        case alreadyStarted
        case systemError(call: String, errno: Int32, message: String, address: String)
    }

    /// Which reason this is.
    package let kind: Kind

    private init(_ kind: Kind) {
        self.kind = kind
    }

    /// Another socket already listens on this address and port (`address` reads like `127.0.0.1:8080`).
    public static func addressInUse(address: String) -> Self { Self(.addressInUse(address: address)) }
    /// The system refused the address or port (ports below 1024 usually need privileges).
    public static func permissionDenied(address: String) -> Self { Self(.permissionDenied(address: address)) }
    /// The address does not belong to this machine.
    public static func addressNotAvailable(address: String) -> Self { Self(.addressNotAvailable(address: address)) }
    /// The bind address is not a numeric IPv4 or IPv6 address.
    public static func invalidAddress(_ text: String) -> Self { Self(.invalidAddress(text)) }
    /// `start()` was called on a server that was already started.
    public static let alreadyStarted = Self(.alreadyStarted)
    /// Another system call failed while setting up the listening socket.
    public static func systemError(call: String, errno: Int32, message: String, address: String) -> Self {
        Self(.systemError(call: call, errno: errno, message: message, address: address))
    }

    /// The address the server tried to listen on (`127.0.0.1:8080`), or the text given as one; `nil` for
    /// ``alreadyStarted``.
    public var address: String? {
        switch kind {
        case .addressInUse(let address), .permissionDenied(let address), .addressNotAvailable(let address),
            .invalidAddress(let address), .systemError(_, _, _, let address):
            address
        case .alreadyStarted:
            nil
        }
    }

    /// The address and the reason, as one message (`cannot listen on 127.0.0.1:8080: …`).
    public var description: String {
        switch kind {
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
