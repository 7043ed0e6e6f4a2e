package import RecordReplayMessages
import Foundation
import RepositoryContractsPrimitives

/// One request sent to an HTTP/1.1 server on a connection of its own, and the server's answer read
/// off it with ``ResponseDecoder``: how a recording reaches a plain `http` upstream without URLSession.
///
/// ``run(host:port:request:method:timeout:)`` blocks its thread (call it off the concurrency pool);
/// ``cancel()``, from any thread, makes it throw ``OutboundExchangeError/cancelled`` promptly, whether
/// it is connecting, sending or waiting for the answer. The connection is closed when the answer is
/// complete: each exchange connects anew, so a connection the server closed while idle is never
/// reused. Proxy variables (`http_proxy`, …) are not read: the exchange connects to the host itself.
package final class OutboundExchange: Sendable {
    private enum Phase {
        case notStarted
        case running(socket: Int32?)
        /// Cancelled; the socket, if any, is still open (shut down) until the exchange's thread closes it.
        case cancelled(socket: Int32?)
        case finished
    }

    private let phase = Protected(Phase.notStarted)
    /// Written to once on ``cancel()``, to wake a wait on the socket.
    private let wakeUp: (read: Int32, write: Int32)?

    /// An exchange, not started.
    package init() {
        wakeUp = Platform.makePipe()
    }

    deinit {
        if let wakeUp {
            Platform.closeDescriptor(wakeUp.read)
            Platform.closeDescriptor(wakeUp.write)
        }
    }

    /// Connects to `host` (a name, or a numeric address without brackets) at `port`, trying each of
    /// its addresses in turn, sends `request` (a complete request: head and body), and reads the answer
    /// to a request with `method`.
    ///
    /// - Parameter timeout: The longest wait for the connection, and for each piece of the answer (as
    ///   URLSession's `timeoutIntervalForRequest`: a slow answer that keeps coming is not cut off).
    /// - Returns: The final response, and the statuses of the interim (`1xx`) answers before it.
    /// - Throws: ``OutboundExchangeError`` saying what failed.
    package func run(host: String, port: UInt16, request: [UInt8], method: String, timeout: Duration)
        throws(OutboundExchangeError) -> (response: StubResponse, informationalStatuses: [Int])
    {
        guard let wakeUp else { throw .connection(address: "\(host):\(port)", reason: "no descriptor for a pipe") }
        let started = phase.withLock { phase in
            guard case .notStarted = phase else { return false }
            phase = .running(socket: nil)
            return true
        }
        guard started else { throw .cancelled }
        defer { finish() }
        let milliseconds = Self.milliseconds(timeout)
        let socket = try connect(host: host, port: port, wake: wakeUp.read, timeoutMilliseconds: milliseconds)
        Platform.setSendTimeout(socket, timeout)
        try send(request, on: socket)
        var decoder = ResponseDecoder(method: method)
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            switch Platform.wait(for: socket, writable: false, wake: wakeUp.read, timeoutMilliseconds: milliseconds) {
            case .ready: break
            case .woken: throw .cancelled
            case .timedOut: throw .timedOut(waiting: "the answer", timeout: timeout)
            case .failed(let code): throw .receive(reason: Platform.errorText(code))
            }
            let count = chunk.withUnsafeMutableBytes { Platform.receive(socket, into: $0) }
            if count < 0 {
                if isCancelled { throw .cancelled }
                throw .receive(reason: Platform.errorText(Platform.lastError))
            }
            if count == 0 {
                if isCancelled { throw .cancelled }
                do {
                    return (try decoder.finish(), decoder.informationalStatuses)
                } catch {
                    throw .response(error)
                }
            }
            received.append(contentsOf: chunk[..<count])
            let step: ResponseDecoder.Step
            let used: Int
            do {
                (step, used) = try received.withUnsafeBufferPointer { try decoder.decode($0) }
            } catch let error as HTTPResponseError {
                throw .response(error)
            } catch {
                throw .receive(reason: "\(error)")
            }
            received.removeFirst(used)
            if case .response(let response) = step { return (response, decoder.informationalStatuses) }
        }
    }

    /// Stops the exchange: a ``run(host:port:request:method:timeout:)`` under way throws
    /// ``OutboundExchangeError/cancelled``, and one not started yet throws it at once.
    package func cancel() {
        phase.withLock { phase in
            switch phase {
            case .notStarted:
                phase = .cancelled(socket: nil)
            case .running(let socket):
                phase = .cancelled(socket: socket)
                // Wakes a send blocked on a full buffer. Under the lock, before the wake-up byte: the
                // exchange's thread closes the socket only after taking it out of the phase (`finish()`,
                // `forget(_:)`), so the number shut down is still this exchange's socket, never one that
                // another thread opened after the close and was given the same number.
                if let socket { Platform.shutdownBoth(socket) }
            case .cancelled, .finished:
                break
            }
        }
        if let wakeUp { Platform.writeByte(wakeUp.write) }
    }

    private var isCancelled: Bool {
        phase.withLock { if case .cancelled = $0 { true } else { false } }
    }

    /// A connected socket to the first of `host`'s addresses that accepts, registered for ``cancel()``.
    private func connect(host: String, port: UInt16, wake: Int32, timeoutMilliseconds: Int32) throws(OutboundExchangeError)
        -> Int32
    {
        let addresses: [Platform.SocketAddress]
        switch Platform.resolve(host, port: port) {
        case .success(let found): addresses = found
        case .failure(let error): throw .resolution(host: host, reason: error.text)
        }
        var lastFailure = OutboundExchangeError.connection(address: "\(host):\(port)", reason: "no address")
        for address in addresses {
            let socket = Platform.makeStreamSocket(for: address)
            guard socket >= 0 else {
                lastFailure = .connection(address: address.description, reason: Platform.errorText(Platform.lastError))
                continue
            }
            let registered = phase.withLock { phase in
                guard case .running = phase else { return false }
                phase = .running(socket: socket)
                return true
            }
            guard registered else {
                Platform.closeDescriptor(socket)
                throw .cancelled
            }
            switch Platform.connect(socket, to: address, wake: wake, timeoutMilliseconds: timeoutMilliseconds) {
            case .ready:
                return socket
            case .woken:
                throw .cancelled
            case .timedOut:
                lastFailure = .connection(address: address.description, reason: "no connection within the timeout")
            case .failed(let code):
                lastFailure = .connection(address: address.description, reason: Platform.errorText(code))
            }
            forget(socket)
        }
        throw lastFailure
    }

    /// Writes all of `bytes`.
    private func send(_ bytes: [UInt8], on socket: Int32) throws(OutboundExchangeError) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { raw in
                Platform.send(socket, UnsafeRawBufferPointer(rebasing: raw[offset...]), UnsafeRawBufferPointer(start: nil, count: 0))
            }
            guard count > 0 else {
                if isCancelled { throw .cancelled }
                let code = Platform.lastError
                // A server may answer (and close) before reading a whole request body: read its answer.
                if code == Platform.connectionReset || code == Platform.brokenPipe { return }
                throw .send(reason: Platform.errorText(code))
            }
            offset += count
        }
    }

    /// Forgets `socket` (a connection that failed) and closes it.
    private func forget(_ socket: Int32) {
        phase.withLock { phase in
            switch phase {
            case .running: phase = .running(socket: nil)
            case .cancelled: phase = .cancelled(socket: nil)
            case .notStarted, .finished: break
            }
        }
        Platform.closeDescriptor(socket)
    }

    /// Ends the exchange: closes its socket, if any (also after a cancellation).
    private func finish() {
        let socket: Int32? = phase.withLock { phase in
            defer { phase = .finished }
            switch phase {
            case .running(let socket), .cancelled(let socket): return socket
            case .notStarted, .finished: return nil
            }
        }
        if let socket { Platform.closeDescriptor(socket) }
    }

    private static func milliseconds(_ timeout: Duration) -> Int32 {
        let (seconds, attoseconds) = timeout.components
        let total = seconds * 1000 + attoseconds / 1_000_000_000_000_000 + (attoseconds % 1_000_000_000_000_000 > 0 ? 1 : 0)
        return Int32(clamping: max(0, total))
    }
}

/// Why an ``OutboundExchange`` brought back no response.
package enum OutboundExchangeError: Error, Equatable, Sendable {
    /// The exchange was cancelled.
    case cancelled
    /// The host name has no address.
    case resolution(host: String, reason: String)
    /// No connection to `address` (the last one tried).
    case connection(address: String, reason: String)
    /// Nothing came within the timeout while waiting for `waiting`.
    case timedOut(waiting: String, timeout: Duration)
    /// The request could not be sent.
    case send(reason: String)
    /// Reading the answer failed.
    case receive(reason: String)
    /// The answer is not a complete HTTP/1.1 response.
    case response(HTTPResponseError)

    /// A sentence saying what failed.
    package var message: String {
        switch self {
        case .cancelled: "cancelled"
        case .resolution(let host, let reason): "cannot resolve \(host): \(reason)"
        case .connection(let address, let reason): "cannot connect to \(address): \(reason)"
        case .timedOut(let waiting, let timeout): "no answer within \(timeout.components.seconds) s while waiting for \(waiting)"
        case .send(let reason): "sending the request failed: \(reason)"
        case .receive(let reason): "reading the answer failed: \(reason)"
        case .response(let error): error.message
        }
    }
}
