package import RecordReplayMessages
import Foundation
import RepositoryContractsPrimitives

/// The stub server's HTTP/1.1 core: listens on loopback (or an address chosen explicitly), serves its
/// connections on event loops of its own, one per processor (a connection moves to a thread of its own
/// when an answer would block; see ``EventLoop``), and hands every request to a handler that returns a
/// ``ResponsePlan``. The handler runs on a loop's thread: it returns at once, and leaves whatever waits
/// to a `.deferred` or `.blocking` plan.
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
        var stopRequested = false
        var port: UInt16 = 0
        var addresses: [String] = []
    }

    private let state = Protected(State())

    /// How long a connection moved off its event loop waits on its own thread for its next request
    /// before going back to the loop, unless a listener is given another: a tenth of a second.
    package static let defaultHandBackAfter = Duration.milliseconds(100)

    /// Creates a listener; nothing is bound before ``start()``. `onRefusal` is told of every connection
    /// or request turned away by ``ServerOptions/maxConnections`` or
    /// ``ServerOptions/maxBufferedBodyBytes``, before the client is answered. `handBackAfter` is
    /// ``ConnectionContext/handBackAfter`` (tests set `.zero`).
    package convenience init(
        options: ServerOptions, onRefusal: @escaping @Sendable (ConnectionRefusal) -> Void = { _ in },
        handBackAfter: Duration = HTTPListener.defaultHandBackAfter,
        handler: @escaping @Sendable (StubRequest) -> ResponsePlan
    ) {
        self.init(
            options: options, onRefusal: onRefusal, handBackAfter: handBackAfter,
            memoizingHandler: { request, _ in handler(request) })
    }

    /// Creates a listener whose handler is also given what it kept from the last request on the same
    /// connection (see ``RequestMemo``); otherwise as ``init(options:onRefusal:handBackAfter:handler:)``.
    package init(
        options: ServerOptions, onRefusal: @escaping @Sendable (ConnectionRefusal) -> Void = { _ in },
        handBackAfter: Duration = HTTPListener.defaultHandBackAfter,
        memoizingHandler handler: @escaping @Sendable (StubRequest, inout RequestMemo) -> ResponsePlan
    ) {
        self.options = options
        self.context = ConnectionContext(
            limits: options.parserLimits, idleTimeout: options.idleTimeout, requestTimeout: options.requestTimeout,
            handBackAfter: handBackAfter, handler: handler, registry: ConnectionRegistry(),
            maxConnections: max(options.maxConnections, 1), bodyBudget: BodyBudget(limit: options.maxBufferedBodyBytes),
            onRefusal: onRefusal)
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
            let eventLoops = (1...EventLoop.countPerListener).compactMap {
                EventLoop(name: "StubServer loop \($0)", registry: context.registry)
            }
            guard eventLoops.count == EventLoop.countPerListener else {
                let code = Platform.lastError
                eventLoops.forEach { $0.discard() }
                listeners.forEach(Platform.closeDescriptor)
                Platform.closeDescriptor(wakePipe.read)
                Platform.closeDescriptor(wakePipe.write)
                throw .systemError(
                    call: "pipe", errno: code, message: Platform.errorText(code), address: addresses.first ?? "")
            }
            let loop = AcceptLoop(listeners: listeners, wakePipe: wakePipe, eventLoops: eventLoops, context: context)
            state.acceptLoop = loop
            state.addresses = addresses
            state.port = port
            loop.start()
            return port
        }
    }

    private func openListeners() throws(ServerStartError) -> (descriptors: [Int32], addresses: [String], port: UInt16) {
        let primaryText: String
        switch options.bindAddress.kind {
        case .loopback: primaryText = "127.0.0.1"
        case .address(let text): primaryText = text
        }
        guard let primary = Platform.SocketAddress(numeric: primaryText, port: options.port) else {
            throw .invalidAddress(primaryText)
        }
        let descriptor = try Self.openListeningSocket(primary)
        guard let bound = Platform.localAddress(descriptor) else {
            Platform.closeDescriptor(descriptor)
            throw .systemError(
                call: "getsockname", errno: Platform.lastError, message: Platform.errorText(Platform.lastError),
                address: primary.description)
        }
        var descriptors = [descriptor]
        var addresses = [bound.description]
        if options.bindAddress == .loopback, let secondary = Platform.SocketAddress(numeric: "::1", port: bound.port),
            let second = try? Self.openListeningSocket(secondary, ipv6Only: true)
        {
            descriptors.append(second)
            addresses.append(secondary.description)
        }
        return (descriptors, addresses, bound.port)
    }

    /// The listen backlog: well above the connection counts of a load test, so a burst of connects is
    /// never dropped (the system may cap it, at 4096 on current Linux).
    private static let backlog: Int32 = 1024

    /// A non-blocking socket bound to `address` and listening.
    private static func openListeningSocket(
        _ address: Platform.SocketAddress, ipv6Only: Bool = false
    ) throws(ServerStartError) -> Int32 {
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

    /// The start error for `call` failing with `code` on `address`.
    private static func failure(_ call: String, _ code: Int32, _ address: Platform.SocketAddress) -> ServerStartError {
        let text = address.description
        switch code {
        case Platform.addressInUse: return .addressInUse(address: text)
        case Platform.accessDenied, Platform.notPermitted: return .permissionDenied(address: text)
        case Platform.addressNotAvailable: return .addressNotAvailable(address: text)
        default: return .systemError(call: call, errno: code, message: Platform.errorText(code), address: text)
        }
    }

    /// The port listened on; `0` before ``start()``.
    package var port: UInt16 {
        state.withLock { $0.port }
    }

    /// The addresses listened on, like `127.0.0.1:8080` and `[::1]:8080`; empty before ``start()``.
    package var boundAddresses: [String] {
        state.withLock { $0.addresses }
    }

    /// Whether it was started and no stop was asked for since.
    package var isRunning: Bool {
        state.withLock { $0.acceptLoop != nil && !$0.stopRequested }
    }

    /// The number of connections currently open.
    package var openConnectionCount: Int {
        context.registry.count
    }

    /// The bytes of request bodies held now, across connections.
    package var heldBodyBytes: Int {
        context.bodyBudget.heldBytes
    }

    /// Drops the answers still being decided (delays, stub closures, recording forwards) or withheld (a
    /// never-respond fault), now and from now on: their connections close without an answer, and the
    /// listener goes on serving answers that are ready at once.
    package func cancelPendingAnswers() {
        context.registry.dropPendingAnswers()
    }

    /// Stops: closes the listening sockets and idle connections, lets responses being written finish (their
    /// connections then close), cancels `.deferred` plans' tasks (their connections close without an
    /// answer; a plan that the stop reaches before its task starts never runs), and returns when every
    /// connection is closed. A response blocked because its client does not read ends after
    /// ``ServerOptions/idleTimeout``.
    package func stop() async {
        requestStop()
        await context.registry.waitUntilAllClosed()
    }

    /// The first half of ``stop()``, without waiting: closes the listening sockets and idle connections and
    /// marks every open connection stopping, so a response being produced goes out with `Connection: close`.
    /// When it returns, the marking is done; ``stop()`` then waits for the connections to close.
    package func requestStop() {
        state.withLock { state in
            state.stopRequested = true
            return state.acceptLoop
        }?.requestStop()
        context.registry.stopAll()
    }
}

/// What every connection of a listener shares: limits, timeouts, the request handler and the registry it
/// reports to.
struct ConnectionContext: Sendable {
    /// The parser's limits.
    let limits: HTTPParserLimits
    /// How long to wait for a next request, and for a stalled write.
    let idleTimeout: Duration
    /// How long a request may take to arrive completely.
    let requestTimeout: Duration
    /// How long a connection on its own thread (after an answer that made its loop hand it over) waits
    /// there for its next request before going back to its loop: a client answered late again and again
    /// keeps one thread, an idle one holds none. `.zero`: back at once.
    let handBackAfter: Duration
    /// Decides what to do with each request, given what it kept from the last one on the connection.
    let handler: @Sendable (StubRequest, inout RequestMemo) -> ResponsePlan
    /// Where connections register, for stop.
    let registry: ConnectionRegistry
    /// The most connections open at once.
    let maxConnections: Int
    /// The request bodies held across connections.
    let bodyBudget: BodyBudget
    /// Told of each connection or request turned away by a limit.
    let onRefusal: @Sendable (ConnectionRefusal) -> Void

    /// The stack size of an event loop's thread and of a connection's own thread: room for a handler's
    /// matching and JSON work.
    static let threadStackSize = 1 << 20
}

/// The bytes of request bodies a listener's connections hold while they receive and answer them, within
/// ``ServerOptions/maxBufferedBodyBytes``.
final class BodyBudget: Sendable {
    /// The most bytes held at once.
    let limit: Int
    private let held = Protected(0)

    init(limit: Int) {
        self.limit = max(limit, 0)
    }

    /// Takes `count` more bytes; `false` (nothing taken) when that would go beyond the limit.
    func reserve(_ count: Int) -> Bool {
        held.withLock { held in
            guard count <= limit - held else { return false }
            held += count
            return true
        }
    }

    /// Gives back `count` bytes taken before.
    func release(_ count: Int) {
        guard count > 0 else { return }
        held.withLock { $0 = max(0, $0 - count) }
    }

    /// The bytes held now.
    var heldBytes: Int {
        held.withLock { $0 }
    }
}

/// The thread that accepts connections on the listening sockets and hands each to an event loop, until
/// stopped; it closes the listening sockets when it ends. Each connection is admitted into the
/// listener's ``ConnectionRegistry`` (below) first, within ``ServerOptions/maxConnections``.
final class AcceptLoop: Sendable {
    private static let exhaustionBackoffMilliseconds: Int32 = 10

    private let listeners: [Int32]
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let context: ConnectionContext
    /// The loops that serve the connections accepted, in turn.
    private let eventLoops: [EventLoop]
    private let nextEventLoop = Protected(0)
    /// Whether the loop has ended and closed its descriptors (the wake pipe's write end among them).
    private let ended = Protected(false)

    /// Takes ownership of `listeners`, of the wake pipe and of the event loops (not started yet).
    init(listeners: [Int32], wakePipe: (read: Int32, write: Int32), eventLoops: [EventLoop], context: ConnectionContext) {
        self.listeners = listeners
        self.wakeRead = wakePipe.read
        self.wakeWrite = wakePipe.write
        self.eventLoops = eventLoops
        self.context = context
    }

    /// Starts the loop on its own thread, and the event loops on theirs.
    func start() {
        context.registry.loopStarted()
        for loop in eventLoops { loop.start() }
        let thread = Thread { [self] in run() }
        thread.name = "StubServer accept"
        thread.start()
    }

    /// Makes the loop end (it closes the listening sockets); returns at once.
    func requestStop() {
        ended.withLock { ended in
            // Under the lock: the loop cannot close the pipe meanwhile.
            if !ended { Platform.writeByte(wakeWrite) }
        }
    }

    private func run() {
        let watched = listeners + [wakeRead]
        acceptLoop: while true {
            let ready = Platform.waitReadable(watched, timeoutMilliseconds: -1)
            if ready[listeners.count] { break acceptLoop }
            for (index, listener) in listeners.enumerated() where ready[index] {
                if !acceptAll(on: listener) { break acceptLoop }
            }
        }
        ended.withLock { ended in
            ended = true
            for descriptor in listeners + [wakeRead, wakeWrite] { Platform.closeDescriptor(descriptor) }
        }
        for loop in eventLoops { loop.finishWhenEmpty() }
        context.registry.loopEnded()
    }

    /// Accepts every waiting connection; `false` when stop was requested during a back-off.
    private func acceptAll(on listener: Int32) -> Bool {
        while true {
            switch Platform.accept(listener) {
            case .accepted(let descriptor):
                startConnection(descriptor)
            case .noneWaiting:
                return true
            case .failed(let code):
                // Out of descriptors or memory: the connection stays queued; retry after a pause that a
                // stop interrupts, rather than spinning.
                if Platform.isResourceExhaustion(code) {
                    let wake = Platform.waitReadable([wakeRead], timeoutMilliseconds: Self.exhaustionBackoffMilliseconds)
                    return !wake[0]
                }
                return true
            }
        }
    }

    private func startConnection(_ descriptor: Int32) {
        let slot = ConnectionSlot(descriptor: descriptor)
        switch context.registry.add(slot, limit: context.maxConnections) {
        case .added:
            break
        case .stopping:
            Platform.closeDescriptor(descriptor)
            return
        case .full:
            refuseAtCapacity(descriptor)
            return
        }
        // Only this thread hands connections out; the counter is locked because the class is Sendable.
        let index = nextEventLoop.withLock { next in
            defer { next = (next + 1) % eventLoops.count }
            return next
        }
        eventLoops[index].adopt(Connection(slot: slot, context: context))
    }

    /// Answers a connection beyond ``ServerOptions/maxConnections`` with a 503 and closes it, on this
    /// thread: no thread is started for it, and the write cannot block (a new socket's send buffer is
    /// empty, and the send timeout is short).
    private func refuseAtCapacity(_ descriptor: Int32) {
        let limit = context.maxConnections
        let text = "the stub server has its limit of \(limit) connections open (ServerOptions.maxConnections); retry later\n"
        let response = Array(
            ("HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"
                + "Content-Length: \(text.utf8.count)\r\nRetry-After: 1\r\nConnection: close\r\n\r\n" + text).utf8)
        // Noted before the answer goes out: a client that reads the 503 finds the refusal in the journal.
        context.onRefusal(ConnectionRefusal(reason: .tooManyConnections(limit: limit)))
        Platform.setSendTimeout(descriptor, .milliseconds(100))
        _ = response.withUnsafeBytes { Platform.send(descriptor, $0, UnsafeRawBufferPointer(start: nil, count: 0)) }
        Platform.shutdownWrite(descriptor)
        Platform.closeDescriptor(descriptor)
    }
}

/// The listener's open connections and accept loop, so ``HTTPListener/stop()`` can wake them and wait
/// until every one is closed.
final class ConnectionRegistry: Sendable {
    private struct State {
        var slots: [ObjectIdentifier: ConnectionSlot] = [:]
        /// The accept loop and event loops running.
        var runningLoops = 0
        var stopping = false
        var dropsPendingAnswers = false
        var waiters: [CheckedContinuation<Void, Never>] = []

        /// The waiters to resume, taken out, once every loop has ended and every connection is closed.
        mutating func takeWaitersIfDone() -> [CheckedContinuation<Void, Never>] {
            guard slots.isEmpty && runningLoops == 0 && !waiters.isEmpty else { return [] }
            defer { waiters = [] }
            return waiters
        }
    }

    private let state = Protected(State())

    /// The number of open connections.
    var count: Int {
        state.withLock { $0.slots.count }
    }

    /// Notes that the accept loop or an event loop runs; stop waits for it to end and close its
    /// descriptors.
    func loopStarted() {
        state.withLock { $0.runningLoops += 1 }
    }

    /// Notes that the accept loop or an event loop has closed its descriptors and ended.
    func loopEnded() {
        let ready = state.withLock { state in
            state.runningLoops -= 1
            return state.takeWaitersIfDone()
        }
        ready.forEach { $0.resume() }
    }

    /// What adding a connection came to.
    enum Admission {
        case added
        /// The server is stopping: the caller closes the connection.
        case stopping
        /// `limit` connections are open: the caller refuses it.
        case full
    }

    /// Adds a new connection unless the server is stopping or `limit` connections are open.
    func add(_ slot: ConnectionSlot, limit: Int) -> Admission {
        state.withLock { state in
            guard !state.stopping else { return .stopping }
            guard state.slots.count < limit else { return .full }
            state.slots[ObjectIdentifier(slot)] = slot
            return .added
        }
    }

    /// Removes a connection whose socket is closed.
    func remove(_ slot: ConnectionSlot) {
        let ready = state.withLock { state in
            state.slots[ObjectIdentifier(slot)] = nil
            return state.takeWaitersIfDone()
        }
        ready.forEach { $0.resume() }
    }

    /// Refuses new connections and asks every open one to stop.
    func stopAll() {
        let open = state.withLock { state in
            state.stopping = true
            return Array(state.slots.values)
        }
        // Outside the lock: cancelling a deferred plan runs the task's cancellation handlers.
        for slot in open { slot.requestStop() }
    }

    /// Drops the answers the open connections are deciding or withholding, and those any connection
    /// comes to later (their connections close), leaving the rest of the listener running.
    func dropPendingAnswers() {
        let open = state.withLock { state in
            state.dropsPendingAnswers = true
            return Array(state.slots.values)
        }
        for slot in open { slot.dropPendingAnswer() }
    }

    /// Whether answers that are not ready at once are dropped (after ``dropPendingAnswers()``). A
    /// connection reads it after registering such an answer with its slot, so either it sees the drop or
    /// the drop sees its answer.
    var dropsPendingAnswers: Bool {
        state.withLock { $0.dropsPendingAnswers }
    }

    /// Returns once every connection is closed and the accept loop and event loops have ended (after
    /// ``stopAll()``).
    func waitUntilAllClosed() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = state.withLock { state in
                if state.slots.isEmpty && state.runningLoops == 0 { return true }
                state.waiters.append(continuation)
                return false
            }
            if done { continuation.resume() }
        }
    }
}
