import RecordReplayWire

/// A loaded interaction with where it came from and its normalised request.
package struct StoredInteraction: Sendable {
    /// The fixture's source (file path or name), as given to ``Playback/load(_:source:)``.
    package var source: String
    /// The 0-based position in its fixture's `interactions`.
    package var index: Int
    /// The recorded exchange.
    package var interaction: Interaction
    var normalized: NormalizedRequest

    /// `todos.json, interaction #3 (interactions[2])`.
    package var location: String {
        "\(source), interaction #\(index + 1) (interactions[\(index)])"
    }
}

/// Every loaded interaction, hashed by ``MatchKey`` into buckets kept in recorded order, so finding a
/// request's interactions costs the same with ten interactions or a hundred thousand.
///
/// A request with an origin (intercepted in process) matches the interactions recorded with that
/// origin and those recorded without one (through the socket); a request without one matches every
/// interaction. Once an interaction with an origin is loaded, the index also keeps buckets by key and
/// origin, so such a request takes the first unused interaction of two buckets, still without a scan.
struct InteractionIndex: Sendable {
    /// The interactions sharing one key, by position in ``InteractionIndex/stored``, in recorded order.
    struct Bucket: Sendable {
        var members: [Int]
        /// Members before this position are all used (valid when no closure matcher filters).
        var firstUnused = 0
    }

    /// A key and an origin (`nil`: recorded without one).
    private struct OriginKey: Sendable, Hashable {
        var key: MatchKey
        var origin: HTTPOrigin?
    }

    /// The outcome of claiming an interaction for a request.
    enum Claim: Sendable {
        /// This interaction (position in `stored`) answers.
        case claimed(Int)
        /// Interactions matched but all are used; their positions.
        case exhausted([Int])
        /// No interaction matched.
        case none
    }

    private(set) var stored: [StoredInteraction] = []
    /// How often each stored interaction has answered.
    private(set) var useCounts: [Int] = []
    /// Every interaction, by key.
    private var buckets: [MatchKey: Bucket] = [:]
    /// Every interaction by key and origin; empty until an interaction with an origin is loaded.
    private var originBuckets: [OriginKey: Bucket] = [:]
    /// Whether an interaction with an origin is loaded.
    private var hasOrigins = false
    /// Each distinct set of redacted places among the stored requests, in loading order: a received
    /// request is also looked up with the placeholder put in each (see ``RedactedSlots``).
    private(set) var redactedShapes: [RedactedSlots] = []
    private var knownShapes: Set<RedactedSlots> = []

    mutating func add(_ interaction: StoredInteraction, key: MatchKey) {
        let origin = interaction.interaction.request.origin
        if origin != nil, !hasOrigins {
            // Every interaction so far was recorded without an origin.
            hasOrigins = true
            for (key, bucket) in buckets {
                originBuckets[OriginKey(key: key, origin: nil)] = Bucket(members: bucket.members)
            }
        }
        buckets[key, default: Bucket(members: [])].members.append(stored.count)
        if hasOrigins {
            let originKey = OriginKey(key: key, origin: origin)
            originBuckets[originKey, default: Bucket(members: [])].members.append(stored.count)
        }
        let shape = RedactedSlots(of: interaction.normalized)
        if !shape.isEmpty, knownShapes.insert(shape).inserted {
            redactedShapes.append(shape)
        }
        stored.append(interaction)
        useCounts.append(0)
    }

    /// The members for `key` that a request from `origin` may use, in recorded order.
    func members(for key: MatchKey, origin: HTTPOrigin?) -> [Int] {
        guard hasOrigins, let origin else { return buckets[key]?.members ?? [] }
        let recordedWithout = originBuckets[OriginKey(key: key, origin: nil)]?.members ?? []
        let recordedWith = originBuckets[OriginKey(key: key, origin: origin)]?.members ?? []
        if recordedWithout.isEmpty || recordedWith.isEmpty { return recordedWithout + recordedWith }
        return (recordedWithout + recordedWith).sorted()
    }

    /// Claims the first unused interaction for `key` that a request from `origin` may use. `candidates`,
    /// when given, replaces the bucket's members (the members a closure matcher accepted); `repeatLast`
    /// reuses the last candidate when every one is used.
    mutating func claim(key: MatchKey, origin: HTTPOrigin?, candidates: [Int]?, repeatLast: Bool) -> Claim {
        if let candidates {
            guard !candidates.isEmpty else { return .none }
            if let free = candidates.first(where: { useCounts[$0] == 0 }) {
                useCounts[free] += 1
                return .claimed(free)
            }
            return exhausted(candidates, repeatLast: repeatLast)
        }
        guard hasOrigins, let origin else {
            guard let position = Self.firstUnused(in: &buckets[key], useCounts: useCounts) else {
                return buckets[key].map { exhausted($0.members, repeatLast: repeatLast) } ?? .none
            }
            useCounts[position] += 1
            return .claimed(position)
        }
        let without = OriginKey(key: key, origin: nil)
        let with = OriginKey(key: key, origin: origin)
        let free = [
            Self.firstUnused(in: &originBuckets[without], useCounts: useCounts),
            Self.firstUnused(in: &originBuckets[with], useCounts: useCounts),
        ].compactMap { $0 }
        guard let position = free.min() else {
            let members = members(for: key, origin: origin)
            return members.isEmpty ? .none : exhausted(members, repeatLast: repeatLast)
        }
        useCounts[position] += 1
        return .claimed(position)
    }

    /// The first unused member of `bucket`, moving its `firstUnused` past the used ones; `nil` when there
    /// is no bucket or every member is used.
    private static func firstUnused(in bucket: inout Bucket?, useCounts: [Int]) -> Int? {
        guard var current = bucket else { return nil }
        while current.firstUnused < current.members.count, useCounts[current.members[current.firstUnused]] > 0 {
            current.firstUnused += 1
        }
        bucket = current
        return current.firstUnused < current.members.count ? current.members[current.firstUnused] : nil
    }

    private mutating func exhausted(_ members: [Int], repeatLast: Bool) -> Claim {
        guard repeatLast, let last = members.last else { return .exhausted(members) }
        useCounts[last] += 1
        return .claimed(last)
    }
}
