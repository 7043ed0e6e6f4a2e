public import RecordReplayMessages
public import Foundation
import RepositoryContractsPrimitives

/// What the server does for one request: send a response, misbehave on the connection, or decide
/// later (after a delay on a clock, after an `async` stub closure returns, or after a blocking call such
/// as a forward to the live API).
///
/// The playback engine produces plans; the connection code carries them out.
@_spi(Benchmarks) public enum ResponsePlan: Sendable {
    /// Sends the response (no body for `HEAD`), then keeps the connection alive if the request allows.
    case respond(StubResponse)
    /// Misbehaves on the connection instead of answering (see ``ConnectionFault``).
    case fault(ConnectionFault)
    /// Runs `decide` and carries out the plan it returns. The task is cancelled when the server stops
    /// (and not started when the stop comes first); a cancelled `decide` should return promptly (any plan;
    /// the connection is then closed).
    case deferred(@Sendable () async -> ResponsePlan)
    /// Runs the decision on the thread that carries the plan out (a connection's own thread), which it
    /// may block, and carries out the plan it returns: no hop through the Swift concurrency pool, so a
    /// busy pool does not slow it down. When the server stops, the decision's ``BlockingDecision/cancel``
    /// is called from another thread and the connection closes.
    case blocking(BlockingDecision)
}

/// A decision that blocks the thread it runs on until it is made, with the way to cut it short: what
/// ``ResponsePlan/blocking(_:)`` carries.
@_spi(Benchmarks) public struct BlockingDecision: Sendable {
    /// Makes the decision; may block. After ``cancel`` it should return promptly (any plan).
    public let decide: @Sendable () -> ResponsePlan
    /// Makes a running or later ``decide`` return promptly; called from another thread, at most once.
    public let cancel: @Sendable () -> Void

    /// A decision made by `decide`, cut short by `cancel`.
    public init(decide: @escaping @Sendable () -> ResponsePlan, cancel: @escaping @Sendable () -> Void) {
        self.decide = decide
        self.cancel = cancel
    }
}

extension ResponsePlan {
    /// The plan with every deferred and blocking step carried out: a ``deferred(_:)`` step awaited here,
    /// a ``blocking(_:)`` one on a thread of its own (never on the concurrency pool), cancelled when the
    /// calling task is. For transports without a connection thread (interception, tests).
    public func settled() async -> ResponsePlan {
        var plan = self
        while true {
            switch plan {
            case .deferred(let decide):
                plan = await decide()
            case .blocking(let decision):
                plan = await onOwnThread(decision.decide, cancel: decision.cancel)
            case .respond, .fault:
                return plan
            }
        }
    }
}

/// A way for the server to misbehave at the socket level, for testing a client's error handling.
@_spi(Benchmarks) public enum ConnectionFault: Sendable, Hashable, CustomStringConvertible {
    /// Resets the connection (TCP RST, through `SO_LINGER` 0) without answering.
    case connectionReset
    /// Closes the connection cleanly without sending anything (an empty reply).
    case closeWithoutReply
    /// Sends these bytes as they are (not valid HTTP), then closes.
    case malformedResponse(Data)
    /// Sends the response's head with its full `Content-Length` but only the first `bytes` of its
    /// body, then closes.
    case truncatedBody(StubResponse, keepingBytes: Int)
    /// Never answers; the connection stays open until the client gives up or the server stops.
    case neverRespond

    /// The fault as messages print it.
    public var description: String {
        switch self {
        case .connectionReset: "connection reset"
        case .closeWithoutReply: "close without reply"
        case .malformedResponse(let bytes): "malformed response (\(bytes.count) bytes)"
        case .truncatedBody(_, let bytes): "body truncated to \(bytes) bytes"
        case .neverRespond: "never respond"
        }
    }
}
