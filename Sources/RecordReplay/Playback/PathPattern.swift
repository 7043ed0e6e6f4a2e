import RecordReplayMessages
/// A path with optional wildcards, compared segment by segment after percent-encoding normalisation:
/// `*` stands for exactly one non-empty segment and a final `**` for any remainder (zero or more
/// segments), so `/todos/*` matches `/todos/42` and `/api/**` matches `/api` and `/api/v1/x`.
struct PathPattern: Sendable, Hashable, CustomStringConvertible {
    private enum Segment: Sendable, Hashable {
        case literal(Substring)
        case any
    }

    let description: String
    private let segments: [Segment]
    private let matchesRemainder: Bool

    init(_ pattern: String) {
        let normalized = PercentEncoding.normalizedPath(pattern)
        description = normalized
        var parts = normalized.split(separator: "/", omittingEmptySubsequences: false)
        matchesRemainder = parts.last == "**"
        if matchesRemainder { parts.removeLast() }
        segments = parts.map { $0 == "*" ? .any : .literal($0) }
    }

    func matches(normalizedPath path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        if matchesRemainder ? parts.count < segments.count : parts.count != segments.count { return false }
        for (segment, part) in zip(segments, parts) {
            switch segment {
            case .literal(let literal): if literal != part { return false }
            case .any: if part.isEmpty { return false }
            }
        }
        return true
    }
}
