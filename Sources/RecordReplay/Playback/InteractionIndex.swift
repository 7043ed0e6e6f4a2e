import RecordReplayMessages
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
/// interaction. Once an interaction with an origin is loaded, each bucket is also split by origin
/// (see ``InteractionBucket``): a request still hashes its key once and scans no members.
struct InteractionIndex: Sendable {
    /// The outcome of claiming an interaction for a request.
    enum Claim: Sendable {
        /// This interaction (position in `stored`) answers.
        case claimed(Int)
        /// Interactions matched but all are used; their positions.
        case exhausted([Int])
        /// No interaction matched.
        case none
    }

    /// What a request's keys are looked up in: a new one each time an interaction is added, so that a
    /// look-up kept from before (``RequestLookUp``) is known to be out of date by identity alone.
    final class Layout: Sendable {}

    private(set) var stored: [StoredInteraction] = []
    /// How often each stored interaction has answered.
    private(set) var useCounts: [Int] = []
    /// Where each key's bucket is in ``buckets``.
    private var bucketPositions: [MatchKey: Int] = [:]
    private var buckets: [InteractionBucket] = []
    /// Changes with every interaction added.
    private(set) var layout = Layout()
    /// Whether an interaction with an origin is loaded (and so every bucket is split by origin).
    private var hasOrigins = false
    /// Each distinct set of redacted places among the stored requests, in loading order: a received
    /// request is also looked up with the placeholder put in each (see ``RedactedSlots``).
    private(set) var redactedShapes: [RedactedSlots] = []
    private var knownShapes: Set<RedactedSlots> = []

    mutating func add(_ interaction: StoredInteraction, key: MatchKey) {
        let origin = interaction.interaction.request.origin
        if origin != nil, !hasOrigins {
            hasOrigins = true
            for index in buckets.indices { buckets[index].split() }
        }
        // One hash of the key: its position, the next one inserted for a new key.
        let position = Self.value(&bucketPositions[key, default: buckets.count])
        if position == buckets.count { buckets.append(InteractionBucket()) }
        buckets[position].append(stored.count, origin: origin, split: hasOrigins)
        let shape = RedactedSlots(of: interaction.normalized)
        if !shape.isEmpty, knownShapes.insert(shape).inserted {
            redactedShapes.append(shape)
        }
        stored.append(interaction)
        useCounts.append(0)
        layout = Layout()
    }

    /// `value`, reached through an accessor that inserts a dictionary's default (so that reading it
    /// inserts what is missing with the same hash).
    private static func value(_ value: inout Int) -> Int { value }

    /// The members for `key` that a request from `origin` may use, in recorded order.
    func members(for key: MatchKey, origin: HTTPOrigin?) -> [Int] {
        bucketPositions[key].map { buckets[$0].members(from: origin) } ?? []
    }

    /// Where `key`'s bucket is, for ``claim(bucketAt:origin:repeatLast:)`` while ``layout`` stays the
    /// same; `nil` when nothing was recorded under it.
    func bucketPosition(for key: MatchKey) -> Int? {
        bucketPositions[key]
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
        return claim(bucketAt: bucketPositions[key], origin: origin, repeatLast: repeatLast)
    }

    /// Claims the first unused interaction of the bucket at `position` (``bucketPosition(for:)``; `nil`:
    /// there is none) that a request from `origin` may use; `repeatLast` reuses the last when every one is
    /// used.
    mutating func claim(bucketAt position: Int?, origin: HTTPOrigin?, repeatLast: Bool) -> Claim {
        guard let position else { return .none }
        switch buckets[position].firstUnused(from: origin, useCounts: useCounts) {
        case .claimed(let member):
            useCounts[member] += 1
            return .claimed(member)
        case .exhausted(let members):
            return exhausted(members, repeatLast: repeatLast)
        case .none:
            return .none
        }
    }

    private mutating func exhausted(_ members: [Int], repeatLast: Bool) -> Claim {
        guard repeatLast, let last = members.last else { return .exhausted(members) }
        useCounts[last] += 1
        return .claimed(last)
    }
}
