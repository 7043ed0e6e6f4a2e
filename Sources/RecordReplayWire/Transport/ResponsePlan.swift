public import RecordReplayMessages
public import Foundation

/// What the server does for one request: send a response, misbehave on the connection, or decide
/// later (after a delay on a clock, or after an `async` stub closure returns).
///
/// The playback engine produces plans; the connection code carries them out.
@_spi(Benchmarks) public enum ResponsePlan: Sendable {
    /// Sends the response (no body for `HEAD`), then keeps the connection alive if the request allows.
    case respond(StubResponse)
    /// Misbehaves on the connection instead of answering (see ``ConnectionFault``).
    case fault(ConnectionFault)
    /// Runs `decide` and carries out the plan it returns. The task is cancelled when the server stops;
    /// a cancelled `decide` should return promptly (any plan; the connection is then closed).
    case deferred(@Sendable () async -> ResponsePlan)
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
