/// The requests a playback has received so far, in order: a snapshot to query from tests.
///
/// ```swift
/// #expect(playback.journal.count(of: .get("/todos")) == 1)
/// #expect(playback.journal.unmatched.isEmpty)
/// ```
public struct Journal: Sendable, RandomAccessCollection {
    /// Every entry, by sequence number.
    public let entries: [JournalEntry]
    /// The connections and requests the server answered `503` to stay within
    /// ``ServerOptions/maxConnections`` and ``ServerOptions/maxBufferedBodyBytes``, oldest first (the
    /// first 1,000); they never reached the playback, so they have no entry.
    public let refusals: [ConnectionRefusal]

    /// Creates a journal from entries and refusals.
    public init(entries: [JournalEntry], refusals: [ConnectionRefusal] = []) {
        self.entries = entries
        self.refusals = refusals
    }

    /// The position of the first entry.
    public var startIndex: Int { entries.startIndex }
    /// The position after the last entry.
    public var endIndex: Int { entries.endIndex }
    /// The entry at `position`.
    public subscript(position: Int) -> JournalEntry { entries[position] }

    /// The entries whose request `pattern` matches, in order.
    public func entries(matching pattern: RequestPattern) -> [JournalEntry] {
        entries.filter { pattern.matches($0.request) }
    }

    /// How many requests `pattern` matches.
    public func count(of pattern: RequestPattern) -> Int {
        entries.reduce(0) { $0 + (pattern.matches($1.request) ? 1 : 0) }
    }

    /// The entries of requests that nothing answered.
    public var unmatched: [JournalEntry] {
        entries.filter { $0.responder == .unmatched }
    }

    /// The entries answered by the stub `id`.
    public func entries(answeredBy id: StubID) -> [JournalEntry] {
        entries.filter { $0.responder == .stub(id) }
    }
}
