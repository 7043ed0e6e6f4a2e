import Foundation
import RepositoryContractsPrimitives

/// A thread that watches many connections with one `poll` and serves, in turn, each one whose bytes
/// have arrived: the fast path of the request path. A listener runs one loop per processor it may run
/// on, and its accept loop hands new connections to them in turn.
///
/// A loop serves a request itself when the answer is ready at once (a ``ResponsePlan/respond(_:)``
/// plan) and the socket takes it without waiting, as it does for ordinary replay. Anything that would
/// block (a request whose bytes trickle in, `100 Continue`, a deferred, blocking or fault plan, a reply
/// larger than the socket takes at once, a graceful close) moves the connection to a thread of its own,
/// where ``Connection`` serves it with blocking reads and writes until that exchange is over; then the
/// connection comes back to its loop to wait for its next request (after waiting
/// ``ConnectionContext/handBackAfter`` for one on its thread). So a loop never waits for one client
/// while others are ready, a connection is never served by two threads, and an idle connection holds no
/// thread.
///
/// A connection idle on a loop for ``ConnectionContext/idleTimeout`` is closed, as a connection thread
/// closes one; ``ConnectionSlot/requestStop()`` wakes the loop by shutting the socket down. Once its
/// listener stops accepting (``finishWhenEmpty()``), a loop ends when its last connection has closed or
/// left, and closes its wake pipe.
final class EventLoop: @unchecked Sendable {
    /// What other threads hand the loop.
    private struct Inbox {
        var connections: [Connection] = []
        var finishing = false
        /// The loop has ended: it takes no connection any more.
        var ended = false
    }

    /// The number of loops a listener runs: one per processor the process may run on (on Linux its CPU
    /// affinity, as `taskset` or a container sets it, read once), at most 8, so a test run with many
    /// servers on a large machine does not start hundreds of threads.
    static let countPerListener: Int = {
        #if os(Linux)
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let count = loopCount(fromProcessStatus: status)
        {
            return count
        }
        #endif
        return min(max(ProcessInfo.processInfo.activeProcessorCount, 1), maximumPerListener)
    }()

    /// The most loops a listener runs, however many processors there are.
    static let maximumPerListener = 8

    /// The loop count for the processors that `/proc/self/status` (Linux) allows, at most 8: its
    /// `Cpus_allowed:` line is the affinity mask in hexadecimal, in groups of 8 digits split by commas.
    /// `nil` without such a line or with no processor allowed.
    static func loopCount(fromProcessStatus status: String) -> Int? {
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed:") }) else {
            return nil
        }
        let count = line.dropFirst("Cpus_allowed:".count).reduce(0) { count, digit in
            count + (digit.hexDigitValue ?? 0).nonzeroBitCount
        }
        return count > 0 ? min(count, maximumPerListener) : nil
    }

    private let name: String
    private let registry: ConnectionRegistry
    private let inbox = Protected(Inbox())
    private let wakeRead: Int32
    private let wakeWrite: Int32

    // The loop's thread alone touches these.
    /// The descriptors watched: the wake pipe at 0, then one per connection.
    private var watched = Platform.PollSet()
    /// The connections watched, each at its descriptor's index less one.
    private var connections: [Connection] = []
    /// No connection's idle deadline comes before this; `nil` when no watched connection has one.
    private var nextExpiry: ContinuousClock.Instant?

    /// A loop reporting to `registry`, with its wake pipe; `nil` when the pipe cannot be made. Call
    /// ``start()`` to run it.
    init?(name: String, registry: ConnectionRegistry) {
        guard let pipe = Platform.makePipe() else { return nil }
        self.name = name
        self.registry = registry
        wakeRead = pipe.read
        wakeWrite = pipe.write
        Platform.setNonBlocking(wakeRead)
        // A wake-up is written under the inbox's lock: it must never wait for the loop to drain the pipe.
        Platform.setNonBlocking(wakeWrite)
        watched.append(wakeRead)
    }

    /// Starts the loop on its own thread.
    func start() {
        registry.loopStarted()
        let thread = Thread { [self] in run() }
        thread.name = name
        thread.stackSize = ConnectionContext.threadStackSize
        thread.start()
    }

    /// Closes the wake pipe of a loop that was never started.
    func discard() {
        Platform.closeDescriptor(wakeRead)
        Platform.closeDescriptor(wakeWrite)
    }

    /// Queues `connection` for the loop's thread and wakes it; `false` when the loop has ended (only after
    /// its listener stopped accepting), and the caller keeps the connection.
    @discardableResult
    func adopt(_ connection: Connection) -> Bool {
        connection.home = self
        return inbox.withLock { inbox in
            guard !inbox.ended else { return false }
            inbox.connections.append(connection)
            // Under the lock, as below: the loop closes its wake pipe only after marking itself ended, so
            // the byte never goes to a descriptor number that was closed and given to another socket.
            if inbox.connections.count == 1 { Platform.writeByte(wakeWrite) }
            return true
        }
    }

    /// Lets the loop end once it serves no connection: no more come (the accept loop has ended).
    func finishWhenEmpty() {
        inbox.withLock { inbox in
            inbox.finishing = true
            if !inbox.ended { Platform.writeByte(wakeWrite) }
        }
    }

    private func run() {
        var finishing = false
        while true {
            watched.wait(timeoutMilliseconds: millisecondsToNextExpiry())
            // Backwards: removing a connection moves the last one, already served, into its place.
            for index in stride(from: connections.count, through: 1, by: -1) where watched.isReady(at: index) {
                switch connections[index - 1].serveReadyRequests() {
                case .parked(let idleDeadline):
                    noteExpiry(idleDeadline)
                case .closed, .handedOff:
                    remove(at: index)
                }
            }
            if watched.isReady(at: 0) && takeInbox() { finishing = true }
            if finishing && connections.isEmpty && endUnlessAdopting() { break }
            if let expiry = nextExpiry, expiry <= ContinuousClock.now { closeIdleConnections() }
        }
        Platform.closeDescriptor(wakeRead)
        Platform.closeDescriptor(wakeWrite)
        registry.loopEnded()
    }

    /// Drains the wake pipe and starts watching the connections handed over; `true` when the loop is to
    /// end once it has none.
    private func takeInbox() -> Bool {
        Platform.drain(wakeRead)
        let (arrived, finishing) = inbox.withLock { inbox in
            defer { inbox.connections = [] }
            return (inbox.connections, inbox.finishing)
        }
        for connection in arrived {
            guard case .parked(let idleDeadline) = connection.park() else { continue }
            noteExpiry(idleDeadline)
            connections.append(connection)
            watched.append(connection.descriptor)
        }
        return finishing
    }

    /// Marks the loop ended unless a connection is waiting in the inbox (one coming back from its own
    /// thread); `true` when it did.
    private func endUnlessAdopting() -> Bool {
        inbox.withLock { inbox in
            guard inbox.connections.isEmpty else { return false }
            inbox.ended = true
            return true
        }
    }

    private func remove(at index: Int) {
        watched.swapRemove(at: index)
        connections.swapAt(index - 1, connections.count - 1)
        connections.removeLast()
    }

    private func noteExpiry(_ deadline: ContinuousClock.Instant?) {
        guard let deadline else { return }
        if let known = nextExpiry, known <= deadline { return }
        nextExpiry = deadline
    }

    /// The poll timeout that wakes the loop at the earliest idle deadline (`-1`: none).
    private func millisecondsToNextExpiry() -> Int32 {
        guard let expiry = nextExpiry else { return -1 }
        let left = expiry - ContinuousClock.now
        guard left > .zero else { return 0 }
        let (seconds, attoseconds) = left.components
        let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: milliseconds)
    }

    /// Closes every connection idle past its deadline, and finds the next deadline.
    private func closeIdleConnections() {
        let now = ContinuousClock.now
        nextExpiry = nil
        for index in stride(from: connections.count, through: 1, by: -1) {
            let connection = connections[index - 1]
            if connection.closeIfIdle(at: now) {
                remove(at: index)
            } else {
                noteExpiry(connection.idleDeadline)
            }
        }
    }
}
