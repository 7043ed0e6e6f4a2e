import Foundation

/// A value's description, cut to a length that keeps messages readable. A `Date` (an id, a field) reads
/// as ISO 8601 with its fraction when it has one: `2001-01-01T00:01:00Z`, not `2001-01-01 00:01:00 +0000`.
package func abbreviate(_ value: Any, limit: Int = 160) -> String {
    let text = (value as? Date).map(isoText) ?? String(describing: value)
    return text.count <= limit ? text : text.prefix(limit - 1) + "…"
}

private func isoText(_ date: Date) -> String {
    let whole = date.timeIntervalSinceReferenceDate.rounded(.down) == date.timeIntervalSinceReferenceDate
    let style = Date.ISO8601FormatStyle(includingFractionalSeconds: !whole)
    return date.formatted(style)
}
