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
struct InteractionIndex: Sendable {
    /// The interactions sharing one key, by position in ``InteractionIndex/stored``, in recorded order.
    struct Bucket: Sendable {
        var members: [Int]
        /// Members before this position are all used (valid when no closure matcher filters).
        var firstUnused = 0
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
    private var buckets: [MatchKey: Bucket] = [:]
    /// Each distinct set of redacted places among the stored requests, in loading order: a received
    /// request is also looked up with the placeholder put in each (see ``RedactedSlots``).
    private(set) var redactedShapes: [RedactedSlots] = []
    private var knownShapes: Set<RedactedSlots> = []

    mutating func add(_ interaction: StoredInteraction, key: MatchKey) {
        buckets[key, default: Bucket(members: [])].members.append(stored.count)
        let shape = RedactedSlots(of: interaction.normalized)
        if !shape.isEmpty, knownShapes.insert(shape).inserted {
            redactedShapes.append(shape)
        }
        stored.append(interaction)
        useCounts.append(0)
    }

    /// The bucket's members for `key`, in recorded order.
    func members(for key: MatchKey) -> [Int] {
        buckets[key]?.members ?? []
    }

    /// Claims the first unused interaction for `key`. `candidates`, when given, replaces the bucket's
    /// members (the members a closure matcher accepted); `repeatLast` reuses the last candidate when
    /// every one is used.
    mutating func claim(key: MatchKey, candidates: [Int]?, repeatLast: Bool) -> Claim {
        if let candidates {
            guard !candidates.isEmpty else { return .none }
            if let free = candidates.first(where: { useCounts[$0] == 0 }) {
                useCounts[free] += 1
                return .claimed(free)
            }
            return exhausted(candidates, repeatLast: repeatLast)
        }
        guard var bucket = buckets[key] else { return .none }
        while bucket.firstUnused < bucket.members.count, useCounts[bucket.members[bucket.firstUnused]] > 0 {
            bucket.firstUnused += 1
        }
        buckets[key] = bucket
        guard bucket.firstUnused < bucket.members.count else {
            return exhausted(bucket.members, repeatLast: repeatLast)
        }
        let position = bucket.members[bucket.firstUnused]
        useCounts[position] += 1
        return .claimed(position)
    }

    private mutating func exhausted(_ members: [Int], repeatLast: Bool) -> Claim {
        guard repeatLast, let last = members.last else { return .exhausted(members) }
        useCounts[last] += 1
        return .claimed(last)
    }
}
