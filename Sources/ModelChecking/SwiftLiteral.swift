/// A value that can print itself as a Swift literal, for the Swift lines of a printed repro.
public protocol SwiftLiteralRepresentable {
    /// The value as Swift source: `"a \"b\""`, `42`, `["x", "y"]`.
    var swiftLiteral: String { get }
}

extension String: SwiftLiteralRepresentable {
    /// The text quoted and escaped.
    public var swiftLiteral: String { String(reflecting: self) }
}

extension Int: SwiftLiteralRepresentable {
    /// The number in decimal.
    public var swiftLiteral: String { String(self) }
}

extension Bool: SwiftLiteralRepresentable {
    /// `true` or `false`.
    public var swiftLiteral: String { String(self) }
}

extension Array: SwiftLiteralRepresentable where Element: SwiftLiteralRepresentable {
    /// The elements' literals in order, in brackets.
    public var swiftLiteral: String { "[" + map { $0.swiftLiteral }.joined(separator: ", ") + "]" }
}

extension Set: SwiftLiteralRepresentable where Element: SwiftLiteralRepresentable {
    /// The elements' literals sorted, in brackets, so a set prints the same in every process.
    public var swiftLiteral: String { "[" + map { $0.swiftLiteral }.sorted().joined(separator: ", ") + "]" }
}

extension Optional: SwiftLiteralRepresentable where Wrapped: SwiftLiteralRepresentable {
    /// The wrapped value's literal, or `nil`.
    public var swiftLiteral: String { map { $0.swiftLiteral } ?? "nil" }
}

extension Duration: SwiftLiteralRepresentable {
    /// The duration in the largest whole unit that holds it exactly: `.seconds(60)`, `.milliseconds(1500)`,
    /// `.microseconds(20)`, `.nanoseconds(7)` (below a nanosecond is dropped).
    public var swiftLiteral: String {
        let (seconds, attoseconds) = components
        if attoseconds == 0 { return ".seconds(\(seconds))" }
        let units: [(name: String, attoseconds: Int64)] = [
            ("milliseconds", 1_000_000_000_000_000), ("microseconds", 1_000_000_000_000), ("nanoseconds", 1_000_000_000),
        ]
        for unit in units where attoseconds % unit.attoseconds == 0 || unit.name == "nanoseconds" {
            return ".\(unit.name)(\(seconds * (1_000_000_000_000_000_000 / unit.attoseconds) + attoseconds / unit.attoseconds))"
        }
        return ".seconds(\(seconds))"
    }
}
