/// The keys a request is looked up under, in order: the key of the request as received, then one for
/// each distinct set of places the fixtures redacted (the placeholder put in those places).
///
/// A collection over the first key and the others, so that a request when no fixture redacted anything
/// (nearly every replayed request) makes no array: one allocation less for each request planned.
struct LookupKeys: RandomAccessCollection, Sendable {
    /// The key of the request as received.
    let received: MatchKey
    /// The keys with the placeholder in each fixture's redacted places, without `received` and repeats.
    private(set) var redacted: [MatchKey] = []

    init(_ received: MatchKey) {
        self.received = received
    }

    var startIndex: Int { 0 }
    var endIndex: Int { redacted.count + 1 }

    subscript(position: Int) -> MatchKey {
        position == 0 ? received : redacted[position - 1]
    }

    /// Adds `key` unless it is already one of the keys.
    mutating func appendIfNew(_ key: MatchKey) {
        if key != received, !redacted.contains(key) { redacted.append(key) }
    }
}
