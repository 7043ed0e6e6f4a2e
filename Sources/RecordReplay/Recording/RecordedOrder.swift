/// The order a recording writes its interactions in.
///
/// Replay does not depend on it: distinct requests are matched whatever their order, and identical
/// requests keep theirs in both orders.
public enum RecordedOrder: String, Sendable, Hashable, CaseIterable {
    /// The order the requests arrived in: the fixture reads as the story of the session. A client that
    /// sends requests concurrently makes that order chance, so re-recording it changes the file.
    case arrival
    /// Sorted by request (method, path, query, body), identical requests in arrival order: the same
    /// requests always record the same bytes, even from a concurrent client.
    case byRequest

    /// `interactions`, given in arrival order, in this order.
    func arranged(_ interactions: [Interaction]) -> [Interaction] {
        switch self {
        case .arrival:
            return interactions
        case .byRequest:
            let keyed = interactions.enumerated().map { (key: Self.sortKey(of: $0.element.request), position: $0.offset) }
            return keyed.sorted {
                $0.key == $1.key ? $0.position < $1.position : $0.key.lexicographicallyPrecedes($1.key)
            }.map { interactions[$0.position] }
        }
    }

    /// Method, path, query and body, each ended by a NUL byte.
    private static func sortKey(of request: StubRequest) -> [UInt8] {
        Array("\(request.method)\u{0}\(request.path)\u{0}\(URLText.query(request.query))\u{0}".utf8) + Array(request.body)
    }
}
