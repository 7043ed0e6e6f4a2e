/// Opens the listening sockets of a server.
enum ListeningSocket {
    /// The listen backlog: well above the connection counts of a load test, so a burst of connects is
    /// never dropped (the system may cap it, at 4096 on current Linux).
    static let backlog: Int32 = 1024

    /// A non-blocking socket bound to `address` and listening.
    static func open(_ address: Platform.SocketAddress, ipv6Only: Bool = false) throws(ServerStartError) -> Int32 {
        let descriptor = Platform.makeStreamSocket(for: address)
        guard descriptor >= 0 else { throw failure("socket", Platform.lastError, address) }
        Platform.setReuseAddress(descriptor)
        if ipv6Only { Platform.setIPv6Only(descriptor) }
        var code = Platform.bind(descriptor, to: address)
        if code != 0 {
            Platform.closeDescriptor(descriptor)
            throw failure("bind", code, address)
        }
        code = Platform.listen(descriptor, backlog: backlog)
        if code != 0 {
            Platform.closeDescriptor(descriptor)
            throw failure("listen", code, address)
        }
        Platform.setNonBlocking(descriptor)
        return descriptor
    }

    private static func failure(_ call: String, _ code: Int32, _ address: Platform.SocketAddress) -> ServerStartError {
        let text = address.description
        switch code {
        case Platform.addressInUse: return .addressInUse(address: text)
        case Platform.accessDenied, Platform.notPermitted: return .permissionDenied(address: text)
        case Platform.addressNotAvailable: return .addressNotAvailable(address: text)
        default: return .systemError(call: call, errno: code, message: Platform.errorText(code), address: text)
        }
    }
}
