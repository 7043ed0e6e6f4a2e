import RecordReplayMessages
/// The order a recording writes its interactions in.
///
/// Replay does not depend on it: distinct requests are matched whatever their order, and identical
/// requests keep theirs in every order (``canonical`` reorders only requests that were in flight at the
/// same time, whose order was chance).
///
/// A struct over private storage rather than an enum, so that a new order is not a breaking change for
/// code that switches over the ones it knows (compare orders with `==`).
public struct RecordedOrder: Sendable, Hashable, CaseIterable, RawRepresentable, CustomStringConvertible {
    /// The orders, for the package's own exhaustive switches.
    package enum Kind: String, Sendable, Hashable, CaseIterable {
        case arrival, byRequest, canonical
    }

    /// Which order this is.
    package let kind: Kind

    private init(_ kind: Kind) {
        self.kind = kind
    }

    /// The order the requests arrived in: the fixture reads as the story of the session. A client that
    /// sends requests concurrently makes that order chance, so re-recording it changes the file.
    public static let arrival = RecordedOrder(.arrival)
    /// Sorted by request (origin, method, path, query, body), identical requests in arrival order: the same
    /// requests always record the same bytes, even from a concurrent client.
    public static let byRequest = RecordedOrder(.byRequest)
    /// The order the requests arrived in, except that requests in flight at the same time (each sent
    /// before the live API's answer to another came back) are sorted among themselves: by request as
    /// in ``byRequest``, identical requests by their answers. A request that began after another's
    /// answer came back always stays after it. The fixture reads as the story of the session, and a
    /// client that sends some requests concurrently records the same bytes every time. The default.
    ///
    /// Concurrency is seen from the recording server: two requests a client sent at once but that
    /// reached the server one after the other, the first answered before the second arrived, keep the
    /// order they arrived in.
    public static let canonical = RecordedOrder(.canonical)

    /// Every order.
    public static var allCases: [RecordedOrder] { Kind.allCases.map(RecordedOrder.init) }

    /// The order's name, as `repo-contracts record --order` spells it (`canonical`, `arrival`, …).
    public var rawValue: String { kind.rawValue }

    /// The order named `rawValue`, or nil.
    public init?(rawValue: String) {
        guard let kind = Kind(rawValue: rawValue) else { return nil }
        self.kind = kind
    }

    /// The order's name (its ``rawValue``).
    public var description: String { rawValue }

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
        switch kind {
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
                return SortKey(
                    request: Self.sortKey(of: interaction.request),
                    response: self == .canonical ? Self.sortKey(of: interaction.response) : [], position: position)
            }
            let order =
                self == .canonical
                ? Self.sortedKeepingCausality(keyed, flights: group.map { flight(elements[$0]) }) : keyed.sorted()
            arranged += order.map { elements[$0.position] }
        }
        return arranged
    }

    /// What an element is sorted by: its request, then (``canonical``) its answer, then its arrival.
    private struct SortKey: Comparable {
        var request: [UInt8]
        var response: [UInt8]
        var position: Int

        static func < (left: Self, right: Self) -> Bool {
            if left.request != right.request { return left.request.lexicographicallyPrecedes(right.request) }
            if left.response != right.response { return left.response.lexicographicallyPrecedes(right.response) }
            return left.position < right.position
        }
    }

    /// `keys` sorted, except that an element whose flight ended before another's began stays before it:
    /// in a run of overlapping flights, the first and the last may not overlap each other (the last may
    /// even have been sent in answer to the first), and replay must keep that order.
    private static func sortedKeepingCausality(_ keys: [SortKey], flights: [Range<Int>?]) -> [SortKey] {
        // earlier[j]: how many unplaced elements ended before element j began.
        var earlier = [Int](repeating: 0, count: keys.count)
        var later = [[Int]](repeating: [], count: keys.count)
        for first in keys.indices {
            for second in keys.indices where first != second {
                if let a = flights[first], let b = flights[second], a.upperBound <= b.lowerBound {
                    earlier[second] += 1
                    later[first].append(second)
                }
            }
        }
        var ready = Set(keys.indices.filter { earlier[$0] == 0 })
        var sorted: [SortKey] = []
        sorted.reserveCapacity(keys.count)
        while let next = ready.min(by: { keys[$0] < keys[$1] }) {
            ready.remove(next)
            sorted.append(keys[next])
            for successor in later[next] {
                earlier[successor] -= 1
                if earlier[successor] == 0 { ready.insert(successor) }
            }
        }
        return sorted
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

    /// The origin when there is one, method, path, query and body, each ended by a NUL byte.
    private static func sortKey(of request: StubRequest) -> [UInt8] {
        let origin = request.origin.map { "\($0)\u{0}" } ?? ""
        return Array("\(origin)\(request.method)\u{0}\(request.path)\u{0}\(URLText.query(request.query))\u{0}".utf8)
            + Array(request.body)
    }

    /// Status, fields and body, each ended by a NUL byte.
    private static func sortKey(of response: StubResponse) -> [UInt8] {
        let fields = response.headers.map { "\($0.name): \($0.value)\u{0}" }.joined()
        return Array("\(response.status)\u{0}\(fields)\u{0}".utf8) + Array(response.body)
    }
}
