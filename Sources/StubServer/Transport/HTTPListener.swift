import Foundation
import Primitives

/// The stub server's HTTP/1.1 core: listens on loopback (or an address chosen explicitly), serves each
/// connection on its own thread, and hands every request to a handler that returns a ``ResponsePlan``.
///
/// Supports HTTP/1.0 and 1.1, keep-alive, pipelining, `Content-Length` and chunked request bodies,
/// `Expect: 100-continue` and `HEAD`; refuses bad input with 400, 413, 414, 431, 501 or 505, and closes
/// idle and slow connections (see ``ServerOptions``). Call ``stop()`` to end it.
package final class HTTPListener: Sendable {
    private let options: ServerOptions
    private let context: ConnectionContext
    /// What ``start()`` set up.
    private struct State {
        var acceptLoop: AcceptLoop?
        var port: UInt16 = 0
        var addresses: [String] = []
    }

    private let state = Protected(State())

    /// Creates a listener; nothing is bound before ``start()``. `onRefusal` is told of every connection
    /// or request turned away by ``ServerOptions/maxConnections`` or
    /// ``ServerOptions/maxBufferedBodyBytes``.
    package init(
        options: ServerOptions, onRefusal: @escaping @Sendable (ConnectionRefusal) -> Void = { _ in },
        handler: @escaping @Sendable (StubRequest) -> ResponsePlan
    ) {
        self.options = options
        self.context = ConnectionContext(
            limits: options.parserLimits, idleTimeout: options.idleTimeout, requestTimeout: options.requestTimeout,
            handler: handler, registry: ConnectionRegistry(), maxConnections: max(options.maxConnections, 1),
            bodyBudget: BodyBudget(limit: options.maxBufferedBodyBytes), onRefusal: onRefusal)
    }

    deinit {
        state.withLock { $0.acceptLoop }?.requestStop()
        context.registry.stopAll()
    }

    /// Binds and listens, starts accepting, and returns the port (the one chosen by the system when the
    /// options say `0`). With ``ServerOptions/BindAddress/loopback`` it listens on `127.0.0.1` and, when it
    /// can, on `::1` with the same port. A listener starts once: after ``stop()``, create a new one.
    @discardableResult
    package func start() throws -> UInt16 {
        try state.withLock { state throws(ServerStartError) in
            guard state.acceptLoop == nil else { throw .alreadyStarted }
            let (listeners, addresses, port) = try openListeners()
            guard let wakePipe = Platform.makePipe() else {
                listeners.forEach(Platform.closeDescriptor)
                throw .systemError(
                    call: "pipe", errno: Platform.lastError, message: Platform.errorText(Platform.lastError),
                    address: addresses.first ?? "")
            }
            let loop = AcceptLoop(listeners: listeners, wakePipe: wakePipe, context: context)
            state.acceptLoop = loop
            state.addresses = addresses
            state.port = port
            loop.start()
            return port
        }
    }

    private func openListeners() throws(ServerStartError) -> (descriptors: [Int32], addresses: [String], port: UInt16) {
        let primaryText: String
        switch options.bindAddress {
        case .loopback: primaryText = "127.0.0.1"
        case .address(let text): primaryText = text
        }
        guard let primary = Platform.SocketAddress(numeric: primaryText, port: options.port) else {
            throw .invalidAddress(primaryText)
        }
        let descriptor = try ListeningSocket.open(primary)
        guard let bound = Platform.localAddress(descriptor) else {
            Platform.closeDescriptor(descriptor)
            throw .systemError(
                call: "getsockname", errno: Platform.lastError, message: Platform.errorText(Platform.lastError),
                address: primary.description)
        }
        var descriptors = [descriptor]
        var addresses = [bound.description]
        if options.bindAddress == .loopback, let secondary = Platform.SocketAddress(numeric: "::1", port: bound.port),
            let second = try? ListeningSocket.open(secondary, ipv6Only: true)
        {
            descriptors.append(second)
            addresses.append(secondary.description)
        }
        return (descriptors, addresses, bound.port)
    }

    /// The port listened on; `0` before ``start()``.
    package var port: UInt16 {
        state.withLock { $0.port }
    }

    /// The addresses listened on, like `127.0.0.1:8080` and `[::1]:8080`; empty before ``start()``.
    package var boundAddresses: [String] {
        state.withLock { $0.addresses }
    }

    /// The number of connections currently open.
    package var openConnectionCount: Int {
        context.registry.count
    }

    /// The bytes of request bodies held now, across connections.
    package var heldBodyBytes: Int {
        context.bodyBudget.heldBytes
    }

    /// Stops: closes the listening sockets and idle connections, lets responses being written finish (their
    /// connections then close), cancels `.deferred` plans' tasks (their connections close without an
    /// answer), and returns when every connection is closed. A response blocked because its client does not
    /// read ends after ``ServerOptions/idleTimeout``.
    package func stop() async {
        state.withLock { $0.acceptLoop }?.requestStop()
        context.registry.stopAll()
        await context.registry.waitUntilAllClosed()
    }
}
