import RecordReplayMessages
public import Foundation

/// One request the playback received, when, and what answered it.
public struct JournalEntry: Sendable {
    /// What answered a request.
    public enum Responder: Sendable, Hashable, CustomStringConvertible {
        /// A recorded interaction: its fixture's source and its 0-based index in the fixture.
        case interaction(source: String, index: Int)
        /// A programmable stub.
        case stub(StubID)
        /// A fault alone: a connection-level fault, or a status override when nothing else matched.
        case fault
        /// Nothing: the request got the unmatched diagnostic response.
        case unmatched
        /// The live API, through the recording forwarder (a record mode that records, with
        /// ``StubServer/Configuration/upstream``).
        case upstream

        /// `todos.json, interaction #3 (interactions[2])`, `stub #1 (GET /todos)`, `fault`, `unmatched`.
        public var description: String {
            switch self {
            case .interaction(let source, let index): "\(source), interaction #\(index + 1) (interactions[\(index)])"
            case .stub(let id): id.description
            case .fault: "fault"
            case .unmatched: "unmatched"
            case .upstream: "upstream (recorded)"
            }
        }
    }

    /// The entry's position in the journal, from 1 in the order requests were planned.
    public let sequenceNumber: Int
    /// The request as received; its body is cut to ``PlaybackOptions/journalBodyLimit`` bytes when it
    /// was larger (``isBodyCut``).
    public let request: StubRequest
    /// The size of the body as received, in bytes, also when ``body`` holds only its start.
    public let bodyByteCount: Int
    /// The wall-clock time the request was received.
    public let receivedAt: Date
    /// The playback clock's `now` when the request was received (cast it to your clock's `Instant`).
    public let instant: any InstantProtocol<Duration>
    /// The time on the playback's clock from the playback's creation to the request.
    public let elapsed: Duration
    /// What answered the request.
    public let responder: Responder
    /// The faults whose rules selected the request, in the order the rules were added.
    public let faults: [Fault]

    /// The request's method.
    public var method: String { request.method }
    /// The request's path, percent-encoded as sent.
    public var path: String { request.path }
    /// The request's query items, decoded, in order.
    public var query: [QueryItem] { request.query }
    /// The request's header fields.
    public var headers: HTTPHeaders { request.headers }
    /// The request's body, or its first ``PlaybackOptions/journalBodyLimit`` bytes when it was larger.
    public var body: Data { request.body }
    /// Whether ``body`` is only the start of the body received (see ``bodyByteCount``).
    public var isBodyCut: Bool { request.body.count < bodyByteCount }
}
