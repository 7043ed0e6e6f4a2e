extension Playback {
    /// Sends every request that no stub or recorded interaction answers to the live API through
    /// `forwarder`, answers with what it returned and keeps the exchange (``recordedInteractions``);
    /// `nil` stops recording. An upstream that cannot be reached answers 502 and is reported by
    /// ``finish()`` like an unmatched request.
    public func recordUnmatched(through forwarder: UpstreamForwarder?) {
        state.withLock { $0.forwarder = forwarder }
    }

    /// The exchanges recorded from the live API so far, in the order the requests arrived, except that
    /// requests that were in flight together (a concurrent client) are put in a canonical order, since
    /// their arrival order is chance: so the same traffic records the same fixture. Replay is not
    /// affected: it matches distinct requests whatever their order, and identical ones keep theirs.
    public var recordedInteractions: [Interaction] {
        let exchanges = state.withLock { $0.recorded }.sorted { $0.sequenceNumber < $1.sequenceNumber }
        var ordered: [Interaction] = []
        ordered.reserveCapacity(exchanges.count)
        var start = exchanges.startIndex
        while start < exchanges.endIndex {
            let burst = exchanges[start].burst
            let end = exchanges[start...].firstIndex { $0.burst != burst } ?? exchanges.endIndex
            ordered += RecordedExchange.canonicallyOrdered(exchanges[start..<end].map(\.interaction))
            start = end
        }
        return ordered
    }
}

/// One exchange recorded from the live API.
struct RecordedExchange: Sendable {
    /// The request's number in the journal.
    var sequenceNumber: Int
    /// Which run of overlapping upstream requests it belongs to: a request that finds none in flight
    /// starts a new run, so a sequential client gives each request its own.
    var burst: Int
    var interaction: Interaction

    /// `interactions` sorted by request (method, path, query, body), then response (status, body);
    /// the sort is stable, so identical exchanges keep their order.
    static func canonicallyOrdered(_ interactions: [Interaction]) -> [Interaction] {
        guard interactions.count > 1 else { return interactions }
        let keyed = interactions.enumerated().map { (key: sortKey(of: $0.element), position: $0.offset, interaction: $0.element) }
        return keyed.sorted {
            $0.key == $1.key ? $0.position < $1.position : $0.key.lexicographicallyPrecedes($1.key)
        }.map(\.interaction)
    }

    private static func sortKey(of interaction: Interaction) -> [UInt8] {
        let request = interaction.request
        var key = Array("\(request.method) \(request.path)?\(URLText.query(request.query))\u{0}".utf8)
        key += request.body
        key += Array("\u{0}\(interaction.response.status)\u{0}".utf8)
        key += interaction.response.body
        return key
    }
}

extension PlaybackState {
    /// Counts a request going to the upstream and returns the burst it belongs to.
    mutating func beginUpstreamRequest() -> Int {
        if upstreamInFlight == 0 { upstreamBursts += 1 }
        upstreamInFlight += 1
        return upstreamBursts
    }
}
