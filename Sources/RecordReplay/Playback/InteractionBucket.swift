import RecordReplayMessages
import RecordReplayWire

/// The interactions sharing one ``MatchKey``, by position in ``InteractionIndex/stored``, in recorded
/// order; once the index holds an interaction with an origin, also split by origin, so a request from
/// one origin reads the few parts it may use instead of scanning the members.
struct InteractionBucket: Sendable {
    /// Positions in recorded order, and how far they are known to be used.
    struct Members: Sendable {
        var positions: [Int] = []
        /// Positions before this index are all used (valid when no closure matcher filters).
        var firstUnused = 0

        /// The first position `useCounts` says is unused, moving ``firstUnused`` past the used ones.
        mutating func nextUnused(_ useCounts: [Int]) -> Int? {
            while firstUnused < positions.count, useCounts[positions[firstUnused]] > 0 { firstUnused += 1 }
            return firstUnused < positions.count ? positions[firstUnused] : nil
        }
    }

    /// Every member.
    var all = Members()
    /// The members by the origin they were recorded from (`nil`: without one), in order of first
    /// appearance; empty until the bucket is split.
    var byOrigin: [(origin: HTTPOrigin?, members: Members)] = []

    /// Splits the members by origin, when every one so far was recorded without one.
    mutating func split() {
        if byOrigin.isEmpty { byOrigin = [(nil, all)] }
    }

    /// Adds the interaction at `position`, recorded from `origin`; `split` when the index splits buckets.
    mutating func append(_ position: Int, origin: HTTPOrigin?, split: Bool) {
        all.positions.append(position)
        guard split else { return }
        if let index = byOrigin.firstIndex(where: { $0.origin == origin }) {
            byOrigin[index].members.positions.append(position)
        } else {
            byOrigin.append((origin, Members(positions: [position])))
        }
    }

    /// The members a request from `origin` may use (those recorded from it or without an origin), in
    /// recorded order; every member for a request without one or a bucket not split.
    func members(from origin: HTTPOrigin?) -> [Int] {
        guard let origin, !byOrigin.isEmpty else { return all.positions }
        let usable = byOrigin.filter { $0.origin == nil || $0.origin == origin }
        return usable.count == 1 ? usable[0].members.positions : usable.flatMap(\.members.positions).sorted()
    }

    /// The first unused member a request from `origin` may use (`claimed`, not yet counted as used);
    /// else the members it may use, all used (`exhausted`), or `none` when it may use none.
    mutating func firstUnused(from origin: HTTPOrigin?, useCounts: [Int]) -> InteractionIndex.Claim {
        guard let origin, !byOrigin.isEmpty else {
            return all.nextUnused(useCounts).map { .claimed($0) } ?? .exhausted(all.positions)
        }
        var earliest: Int?
        for index in byOrigin.indices where byOrigin[index].origin == nil || byOrigin[index].origin == origin {
            if let position = byOrigin[index].members.nextUnused(useCounts) {
                earliest = min(earliest ?? position, position)
            }
        }
        if let earliest { return .claimed(earliest) }
        let usable = members(from: origin)
        return usable.isEmpty ? .none : .exhausted(usable)
    }
}
