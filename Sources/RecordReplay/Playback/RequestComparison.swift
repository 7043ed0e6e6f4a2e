import RecordReplayMessages
import RepositoryContractsJSON
/// How one received request differs from one recorded request, field by field, with a distance that
/// ranks candidates (0 for a match; lower is closer).
struct RequestComparison: Sendable {
    /// The difference of one query item name (or form field name) between the two sides.
    struct ItemDifference: Sendable, Hashable {
        var name: String
        /// The values the recorded side has for `name` (empty when it has none).
        var recorded: [String?]
        /// The values the received side has for `name` (empty when it has none).
        var received: [String?]
    }

    /// How the bodies compare.
    enum BodyDifference: Sendable {
        case none
        case json([JSONDifference])
        case form([ItemDifference])
        case bytes(recordedCount: Int, receivedCount: Int, firstDifferingOffset: Int)
        case kinds(recorded: NormalizedBody.Kind, received: NormalizedBody.Kind)
    }

    /// Both sides have an origin and they differ (a side without one matches any origin).
    var originDiffers = false
    var methodDiffers: Bool
    var pathDiffers: Bool
    var query: [ItemDifference]
    /// Matched header names whose values differ, with both sides' values.
    var headers: [(name: String, recorded: [String], received: [String])]
    var body: BodyDifference
    /// Closure matchers that rejected the received request (only filled in by ``complete(…)``).
    var rejectingMatchers: [String] = []
    /// The ranking score; ``cheap(…)`` gives a lower bound of the final score.
    var distance: Int
    /// The path's share of the distance: 0 when equal, else 6 plus how many segments differ (at most 4).
    private var pathDistance = 0

    /// Compares every default field, counting a JSON body difference as a single one: fast, and never
    /// more than the distance ``complete(recorded:received:normalizer:)`` gives.
    static func cheap(
        recorded: NormalizedRequest, received: NormalizedRequest, normalizer: RequestNormalizer
    ) -> RequestComparison {
        let replaced = normalizer.replacedFields
        let methodDiffers = !replaced.contains(.method) && recorded.method != received.method
        let pathDiffers = !replaced.contains(.path) && recorded.path != received.path
        let query = replaced.contains(.query) ? [] : itemDifferences(recorded.query, received.query)
        var headers: [(name: String, recorded: [String], received: [String])] = []
        if !replaced.contains(.headers) {
            for (position, name) in normalizer.matchedHeaders.enumerated()
            where recorded.headers[position] != received.headers[position] {
                headers.append((name, recorded.headers[position], received.headers[position]))
            }
        }
        let body = replaced.contains(.body) ? BodyDifference.none : cheapBodyDifference(recorded, received)
        var comparison = RequestComparison(
            methodDiffers: methodDiffers, pathDiffers: pathDiffers, query: query, headers: headers, body: body,
            distance: 0)
        if let recordedOrigin = recorded.origin, let receivedOrigin = received.origin {
            comparison.originDiffers = recordedOrigin != receivedOrigin
        }
        comparison.pathDistance = pathDiffers ? 6 + segmentDistance(recorded.path, received.path) : 0
        comparison.distance = comparison.score()
        return comparison
    }

    /// The full comparison: JSON bodies diffed path by path and closure matchers run.
    static func complete(
        recorded: (request: StubRequest, normalized: NormalizedRequest),
        received: (request: StubRequest, normalized: NormalizedRequest), normalizer: RequestNormalizer
    ) -> RequestComparison {
        var comparison = cheap(recorded: recorded.normalized, received: received.normalized, normalizer: normalizer)
        if case .json = comparison.body, let left = recorded.normalized.json, let right = received.normalized.json {
            // The values that differ: an array's count change is left out (its elements' differences
            // say it), so each difference is one path a matcher could ignore.
            let differences = JSONDifference.between(recorded: left, observed: right).filter {
                if case .countChanged = $0.change { false } else { true }
            }
            comparison.body = .json(differences)
        }
        comparison.rejectingMatchers = normalizer.rejectingMatchers(
            recorded: recorded.request, received: received.request)
        comparison.distance = comparison.score()
        return comparison
    }

    private func score() -> Int {
        var total = (originDiffers ? 8 : 0) + (methodDiffers ? 8 : 0) + pathDistance
        total += 2 * query.count + 2 * headers.count
        switch body {
        case .none: break
        case .json(let differences): total += 1 + min(max(differences.count, 1), 8)
        case .form(let differences): total += 1 + min(differences.count, 8)
        case .bytes: total += 4
        case .kinds: total += 6
        }
        return total + 3 * rejectingMatchers.count
    }

    /// Differences by item name; names in recorded order first, then names only the received side has.
    static func itemDifferences(_ recorded: [QueryItem], _ received: [QueryItem]) -> [ItemDifference] {
        if recorded == received { return [] }
        // Values by name in one pass over each side, so many items cost linear time.
        var names: [String] = []
        var values: [String: (recorded: [String?], received: [String?])] = [:]
        for item in recorded {
            if values[item.name] == nil { names.append(item.name) }
            values[item.name, default: ([], [])].recorded.append(item.value)
        }
        for item in received {
            if values[item.name] == nil { names.append(item.name) }
            values[item.name, default: ([], [])].received.append(item.value)
        }
        return names.compactMap { name in
            guard let (left, right) = values[name], left != right else { return nil }
            return ItemDifference(name: name, recorded: left, received: right)
        }
    }

    private static func cheapBodyDifference(
        _ recorded: NormalizedRequest, _ received: NormalizedRequest
    ) -> BodyDifference {
        switch (recorded.body, received.body) {
        case (.json(let left), .json(let right)):
            return left == right ? .none : .json([])
        case (.form(let left), .form(let right)):
            let differences = itemDifferences(left, right)
            return differences.isEmpty ? .none : .form(differences)
        case (.bytes(let left), .bytes(let right)):
            guard left != right else { return .none }
            let offset = zip(left, right).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            return .bytes(
                recordedCount: left.count, receivedCount: right.count,
                firstDifferingOffset: offset ?? min(left.count, right.count))
        default:
            return .kinds(recorded: recorded.body.kind, received: received.body.kind)
        }
    }

    /// How many segments differ (by position, plus the difference in segment count), at most 4.
    ///
    /// Read segment by segment over both paths' bytes, with no array of parts: an unmatched request is
    /// compared with every recorded one, 100,000 of them in the largest fixture the tests load.
    static func segmentDistance(_ left: String, _ right: String) -> Int {
        var left = left, right = right
        return left.withUTF8 { left in
            right.withUTF8 { right in
                let slash = UInt8(ascii: "/")
                var distance = 0
                var leftStart = 0, rightStart = 0
                while distance < 4 {
                    var leftEnd = leftStart
                    while leftEnd < left.count, left[leftEnd] != slash { leftEnd += 1 }
                    var rightEnd = rightStart
                    while rightEnd < right.count, right[rightEnd] != slash { rightEnd += 1 }
                    if !Self.sameBytes(left, leftStart..<leftEnd, right, rightStart..<rightEnd) { distance += 1 }
                    let leftDone = leftEnd == left.count, rightDone = rightEnd == right.count
                    if leftDone || rightDone {
                        // The segments one path has past the other's last: each slash starts one.
                        var index = leftDone ? rightEnd : leftEnd
                        let rest = leftDone ? right : left
                        while index < rest.count {
                            if rest[index] == slash { distance += 1 }
                            index += 1
                        }
                        break
                    }
                    leftStart = leftEnd + 1
                    rightStart = rightEnd + 1
                }
                return min(4, distance)
            }
        }
    }

    private static func sameBytes(
        _ left: UnsafeBufferPointer<UInt8>, _ leftRange: Range<Int>, _ right: UnsafeBufferPointer<UInt8>, _ rightRange: Range<Int>
    ) -> Bool {
        guard leftRange.count == rightRange.count else { return false }
        var offset = 0
        while offset < leftRange.count {
            if left[leftRange.lowerBound + offset] != right[rightRange.lowerBound + offset] { return false }
            offset += 1
        }
        return true
    }
}
