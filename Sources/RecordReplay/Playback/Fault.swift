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
///
/// A struct over private storage rather than an enum, so that a new kind of fault is not a breaking
/// change for code that switches over the kinds it knows. A connection-level kind is a
/// `ConnectionFault` of the wire, which carries it out; this type only names it.
public struct Fault: Sendable, Hashable, CustomStringConvertible {
    /// What a fault does to the answer.
    package enum Kind: Sendable, Hashable {
        /// Answers with this status (and body, when given) instead.
        case status(Int, body: Data?)
        /// Waits this long before answering.
        case delay(Duration)
        /// Sends only the first bytes of the body.
        case truncatedBody(keepingBytes: Int)
        /// Replaces the answer entirely at the connection.
        case replacing(ConnectionFault)
    }

    /// What this fault does.
    package let kind: Kind

    private init(_ kind: Kind) {
        self.kind = kind
    }

    /// Answers with this status instead, keeping the matched response's headers and body unless
    /// `body` is given. With nothing matched, answers with this status and `body` (or none).
    public static func status(_ status: Int, body: Data? = nil) -> Fault {
        Fault(.status(status, body: body))
    }

    /// Waits this long on the playback's clock before answering (see ``Playback/init(options:clock:)``).
    public static func delay(_ duration: Duration) -> Fault {
        Fault(.delay(duration))
    }

    /// Resets the connection without answering.
    public static let connectionReset = Fault(.replacing(.connectionReset))
    /// Closes the connection without answering.
    public static let closeWithoutReply = Fault(.replacing(.closeWithoutReply))

    /// Sends these bytes (not valid HTTP), then closes.
    public static func malformedResponse(_ bytes: Data) -> Fault {
        Fault(.replacing(.malformedResponse(bytes)))
    }

    /// Sends the head of the response that would have been sent, with its full `Content-Length`,
    /// and only the first `keepingBytes` of its body, then closes.
    public static func truncatedBody(keepingBytes: Int) -> Fault {
        Fault(.truncatedBody(keepingBytes: keepingBytes))
    }

    /// Never answers.
    public static let neverRespond = Fault(.replacing(.neverRespond))

    /// The status this fault answers with instead, if it is a status override.
    package var overriddenStatus: Int? {
        if case .status(let status, _) = kind { status } else { nil }
    }

    /// The fault as messages print it.
    public var description: String {
        switch kind {
        case .status(let status, let body):
            body.map { "status \(status) with \($0.count) body bytes" } ?? "status \(status)"
        case .delay(let duration): "delay \(duration.secondsText)"
        case .truncatedBody(let bytes): "body truncated to \(bytes) bytes"
        case .replacing(let fault): fault.description
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
