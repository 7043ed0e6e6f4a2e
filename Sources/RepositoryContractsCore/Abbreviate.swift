package import Foundation

/// A value's description, cut to a length that keeps messages readable. A `Date` (an id, a field, a date
/// inside an entity) reads as ISO 8601 at full precision: `2001-01-01T00:01:00.123456Z`, not
/// `2001-01-01 00:01:00 +0000`, so two dates a microsecond apart never read the same.
package func abbreviate(_ value: Any, limit: Int = 160) -> String {
    let text = FullPrecisionText.text(of: value)
    return text.count <= limit ? text : text.prefix(limit - 1) + "…"
}

/// `value`'s ``abbreviate(_:limit:)`` text for a message made later (a hang's, a failure's): made then,
/// or now when `value` holds class instances (see ``holdsObjects(_:)``), whose state may change in the
/// meantime. Describing the values of every watched call as it started was a large part of a passing
/// run's time. (A struct with a class instance in a stored property is read when the message is made.)
package struct Abbreviation<Value: Sendable>: Sendable, CustomStringConvertible {
    private let value: Value
    private let limit: Int
    private let textNow: String?

    package init(_ value: Value, limit: Int = 160) {
        self.value = value
        self.limit = limit
        textNow = holdsObjects(Value.self) ? abbreviate(value, limit: limit) : nil
    }

    package var description: String { textNow ?? abbreviate(value, limit: limit) }
}

/// Whether values of `type` are class instances, or arrays, sets, dictionaries or optionals of them.
package func holdsObjects(_ type: Any.Type) -> Bool {
    if type is AnyObject.Type { return true }
    guard let container = type as? any ElementTyped.Type else { return false }
    return holdsObjects(container.elementType)
}

/// A standard container, by the type of what it holds.
protocol ElementTyped {
    static var elementType: Any.Type { get }
}

extension Array: ElementTyped {
    static var elementType: Any.Type { Element.self }
}

extension Set: ElementTyped {
    static var elementType: Any.Type { Element.self }
}

extension Dictionary: ElementTyped {
    static var elementType: Any.Type { Value.self }
}

extension Optional: ElementTyped {
    static var elementType: Any.Type { Wrapped.self }
}

/// Descriptions in which dates keep every digit that tells them apart.
package enum FullPrecisionText {
    /// `value` as `String(describing:)` prints it, but with each `Date` in it (in the stored properties
    /// of a struct or class without a description of its own, in collections and optionals) as
    /// ``iso8601(_:)``.
    package static func text(of value: Any) -> String {
        if let date = value as? Date { return iso8601(date) }
        guard holdsDate(value, depth: 0) else { return String(describing: value) }
        return members(of: value, typeName: String(describing: type(of: value)))
    }

    /// How `value` reads as a member of another value (strings quoted, as Swift prints them).
    private static func memberText(_ value: Any) -> String {
        // An optional date casts to `Date` from `Any`: it prints as `Optional(…)` first.
        if Mirror(reflecting: value).displayStyle != .optional, let date = value as? Date { return iso8601(date) }
        guard holdsDate(value, depth: 0) else { return String(reflecting: value) }
        return members(of: value, typeName: String(reflecting: type(of: value)))
    }

    /// `Type(label: value, …)`, `[a, b]`, `Optional(a)`: `value`'s members, printed as Swift does.
    private static func members(of value: Any, typeName: String) -> String {
        let mirror = Mirror(reflecting: value)
        let children = mirror.children.map { (label: $0.label, text: memberText($0.value)) }
        switch mirror.displayStyle {
        case .optional: return children.first.map { "Optional(\($0.text))" } ?? "nil"
        case .collection, .set: return "[" + children.map(\.text).joined(separator: ", ") + "]"
        case .dictionary:
            let pairs = mirror.children.map { pair in
                Mirror(reflecting: pair.value).children.map { memberText($0.value) }.joined(separator: ": ")
            }
            return "[" + pairs.joined(separator: ", ") + "]"
        case .tuple: return "(" + children.map { ($0.label.map { "\($0): " } ?? "") + $0.text }.joined(separator: ", ") + ")"
        default: return typeName + "(" + children.map { ($0.label.map { "\($0): " } ?? "") + $0.text }.joined(separator: ", ") + ")"
        }
    }

    /// Whether `value` holds a `Date` that `String(describing:)` would print to the second: in the
    /// members of a value that has no description of its own.
    private static func holdsDate(_ value: Any, depth: Int) -> Bool {
        if value is Date { return true }
        guard depth < 8 else { return false }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional, .collection, .set, .dictionary, .tuple:
            break
        case .struct, .class:
            guard !(value is any CustomStringConvertible), !(value is any CustomDebugStringConvertible) else { return false }
        default:
            return false
        }
        return mirror.children.contains { holdsDate($0.value, depth: depth + 1) }
    }

    /// `2023-11-14T22:13:21.123456Z`: whole seconds, then the fewest fraction digits (up to nine) from
    /// which `Date(timeIntervalSince1970:)` makes the date again exactly, so that two different dates
    /// read differently (dates no such text makes read to the nanosecond).
    package static func iso8601(_ date: Date) -> String {
        let interval = date.timeIntervalSinceReferenceDate
        var whole = interval.rounded(.down)
        let fraction = interval - whole
        let since1970 = whole + Date.timeIntervalBetween1970AndReferenceDate
        var digits = ""
        for count in 0...9 {
            let scale = pow(10, Double(count))
            let scaled = (fraction * scale).rounded()
            guard Date(timeIntervalSince1970: since1970 + scaled / scale) == date || count == 9 else { continue }
            if scaled >= scale {
                whole += 1
            } else if count > 0 {
                let text = String(Int(scaled))
                digits = String(repeating: "0", count: count - text.count) + text
            }
            break
        }
        let seconds = whole + Date.timeIntervalBetween1970AndReferenceDate
        let text =
            gregorianSeconds.contains(seconds)
            ? wholeSecondsText(Int64(seconds))
            : ISO8601DateFormatter().string(from: Date(timeIntervalSinceReferenceDate: whole))
        guard !digits.isEmpty, text.hasSuffix("Z") else { return text }
        return text.dropLast() + "." + digits + "Z"
    }

    /// Seconds since 1970 from 1582-10-15T00:00:00Z to 9999-12-31T23:59:59Z: where `ISO8601DateFormatter`'s
    /// calendar is the Gregorian one and its years have four digits. Before, it counts Julian days.
    private static let gregorianSeconds: ClosedRange<Double> = -12_219_292_800...253_402_300_799

    /// `yyyy-MM-ddTHH:mm:ssZ` for `seconds` since 1970 in ``gregorianSeconds``, as `ISO8601DateFormatter`
    /// writes it, without a formatter: making one per date was a fifth of the test suite's time.
    private static func wholeSecondsText(_ seconds: Int64) -> String {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        // Days since 1970 to a civil date (proleptic Gregorian), by 400-year eras from 0000-03-01.
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func padded(_ value: Int64, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))T\(padded(secondOfDay / 3_600, 2)):"
            + "\(padded(secondOfDay / 60 % 60, 2)):\(padded(secondOfDay % 60, 2))Z"
    }
}
