public import Foundation
import RepositoryContractsPrimitives
@_spi(Benchmarks) import RecordReplayWire

/// A misbehaviour injected into the answer to selected requests, by ``Playback/inject(_:when:on:)``.
///
/// When several rules select one request, their faults combine: delays add up and come first; the
/// first status override applies; the first connection-level fault (reset, close, malformed bytes,
/// never respond) replaces the answer entirely and consumes no interaction or stub use, so a client's
/// retry gets the recorded response; otherwise the first truncation applies to the response that
/// would have been sent.
public enum Fault: Sendable, Hashable, CustomStringConvertible {
    /// Answers with this status instead, keeping the matched response's headers and body unless
    /// `body` is given. With nothing matched, answers with this status and `body` (or none).
    case status(Int, body: Data? = nil)
    /// Waits this long on the playback's clock before answering (see ``Playback/init(options:clock:)``).
    case delay(Duration)
    /// Resets the connection without answering.
    case connectionReset
    /// Closes the connection without answering.
    case closeWithoutReply
    /// Sends these bytes (not valid HTTP), then closes.
    case malformedResponse(Data)
    /// Sends the head of the response that would have been sent, with its full `Content-Length`,
    /// and only the first `keepingBytes` of its body, then closes.
    case truncatedBody(keepingBytes: Int)
    /// Never answers.
    case neverRespond

    /// The connection-level fault that replaces the answer entirely, if this is one.
    var replacingFault: ConnectionFault? {
        switch self {
        case .connectionReset: .connectionReset
        case .closeWithoutReply: .closeWithoutReply
        case .malformedResponse(let bytes): .malformedResponse(bytes)
        case .neverRespond: .neverRespond
        case .status, .delay, .truncatedBody: nil
        }
    }

    /// The fault as messages print it.
    public var description: String {
        switch self {
        case .status(let status, let body):
            body.map { "status \(status) with \($0.count) body bytes" } ?? "status \(status)"
        case .delay(let duration): "delay \(duration.secondsText)"
        case .connectionReset: "connection reset"
        case .closeWithoutReply: "close without reply"
        case .malformedResponse(let bytes): "malformed response (\(bytes.count) bytes)"
        case .truncatedBody(let bytes): "body truncated to \(bytes) bytes"
        case .neverRespond: "never respond"
        }
    }
}

/// A fault injected by ``Playback/inject(_:when:on:)``, with how many requests its pattern matched.
struct FaultRule: Sendable {
    let id: FaultRuleID
    let fault: Fault
    let pattern: RequestPattern
    let occurrences: Occurrences
    var matchedCount = 0
}
