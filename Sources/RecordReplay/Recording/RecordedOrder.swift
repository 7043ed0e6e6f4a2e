/// The order a recording writes its interactions in.
///
/// Replay does not depend on it: distinct requests are matched whatever their order, and identical
/// requests keep theirs in every order (``canonical`` reorders only requests that were in flight at the
/// same time, whose order was chance).
public enum RecordedOrder: String, Sendable, Hashable, CaseIterable {
    /// The order the requests arrived in: the fixture reads as the story of the session. A client that
    /// sends requests concurrently makes that order chance, so re-recording it changes the file.
    case arrival
    /// Sorted by request (method, path, query, body), identical requests in arrival order: the same
    /// requests always record the same bytes, even from a concurrent client.
    case byRequest
    /// The order the requests arrived in, except that requests in flight at the same time (each sent
    /// before the live API's answer to another came back) are sorted among themselves: by request as
    /// in ``byRequest``, identical requests by their answers. The fixture reads as the story of the
    /// session, and a client that sends some requests concurrently records the same bytes every time.
    /// The default.
    ///
    /// Concurrency is seen from the recording server: two requests a client sent at once but that
    /// reached the server one after the other, the first answered before the second arrived, keep the
    /// order they arrived in.
    case canonical

    /// `interactions`, given in arrival order one after the other (none in flight at the same time),
    /// in this order.
    func arranged(_ interactions: [Interaction]) -> [Interaction] {
        arranged(interactions, flight: { _ in nil }, interaction: { $0 })
    }

    /// `elements`, given in arrival order, in this order. `flight` gives an element's flight (`nil`:
    /// not in flight with any other), `interaction` what is compared.
    func arranged<Element>(
        _ elements: [Element], flight: (Element) -> Range<Int>?, interaction: (Element) -> Interaction
    ) -> [Element] {
        let groups: [Range<Int>]
        switch self {
        case .arrival: return elements
        case .byRequest: groups = [elements.indices]
        case .canonical: groups = Self.overlapping(elements.map(flight))
        }
        var arranged: [Element] = []
        arranged.reserveCapacity(elements.count)
        for group in groups {
            guard group.count > 1 else {
                arranged += elements[group]
                continue
            }
            let keyed = group.map { position in
                let interaction = interaction(elements[position])
                let request = Self.sortKey(of: interaction.request)
                return (request: request, response: self == .canonical ? Self.sortKey(of: interaction.response) : [], position: position)
            }
            arranged += keyed.sorted {
                if $0.request != $1.request { return $0.request.lexicographicallyPrecedes($1.request) }
                if $0.response != $1.response { return $0.response.lexicographicallyPrecedes($1.response) }
                return $0.position < $1.position
            }.map { elements[$0.position] }
        }
        return arranged
    }

    /// The runs of consecutive positions whose flights overlap, each run starting where no earlier
    /// flight is still under way.
    private static func overlapping(_ flights: [Range<Int>?]) -> [Range<Int>] {
        var groups: [Range<Int>] = []
        var start = 0
        var end: Int?
        for (position, flight) in flights.enumerated() {
            if let end, let flight, flight.lowerBound < end {
                groups[groups.count - 1] = start..<(position + 1)
            } else {
                start = position
                groups.append(position..<(position + 1))
                end = nil
            }
            if let flight { end = max(end ?? flight.upperBound, flight.upperBound) }
        }
        return groups
    }

    /// Method, path, query and body, each ended by a NUL byte.
    private static func sortKey(of request: StubRequest) -> [UInt8] {
        Array("\(request.method)\u{0}\(request.path)\u{0}\(URLText.query(request.query))\u{0}".utf8) + Array(request.body)
    }

    /// Status, fields and body, each ended by a NUL byte.
    private static func sortKey(of response: StubResponse) -> [UInt8] {
        let fields = response.headers.map { "\($0.name): \($0.value)\u{0}" }.joined()
        return Array("\(response.status)\u{0}\(fields)\u{0}".utf8) + Array(response.body)
    }
}
