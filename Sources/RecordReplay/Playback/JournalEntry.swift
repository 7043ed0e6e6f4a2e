import RecordReplayMessages
public import Foundation

/// One request the playback received, when, and what answered it.
public struct JournalEntry: Sendable {
    /// What answered a request.
    ///
    /// A struct over private storage rather than an enum, so that a new kind of responder is not a
    /// breaking change for code that switches over the ones it knows: compare with `==`, or read
    /// ``interaction`` and ``stub``.
    public struct Responder: Sendable, Hashable, CustomStringConvertible {
        /// The responders, for the package's own exhaustive switches.
        package enum Kind: Sendable, Hashable {
            case interaction(source: String, index: Int)
            case stub(StubID)
            case fault
            case unmatched
            case upstream
        }

        /// Which responder this is.
        package let kind: Kind

        private init(_ kind: Kind) {
            self.kind = kind
        }

        /// A recorded interaction: its fixture's source and its 0-based index in the fixture.
        public static func interaction(source: String, index: Int) -> Responder {
            Responder(.interaction(source: source, index: index))
        }

        /// A programmable stub.
        public static func stub(_ id: StubID) -> Responder { Responder(.stub(id)) }

        /// A fault alone: a connection-level fault, or a status override when nothing else matched.
        public static let fault = Responder(.fault)
        /// Nothing: the request got the unmatched diagnostic response.
        public static let unmatched = Responder(.unmatched)
        /// The live API, through the recording forwarder (a record mode that records, with
        /// ``Recording/upstream``).
        public static let upstream = Responder(.upstream)

        /// The fixture's source and the interaction's 0-based index, when a recorded interaction answered.
        public var interaction: (source: String, index: Int)? {
            if case .interaction(let source, let index) = kind { (source, index) } else { nil }
        }

        /// The stub that answered, when a programmable stub did.
        public var stub: StubID? {
            if case .stub(let id) = kind { id } else { nil }
        }

        /// `todos.json, interaction #3 (interactions[2])`, `stub #1 (GET /todos)`, `fault`, `unmatched`.
        public var description: String {
            switch kind {
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
