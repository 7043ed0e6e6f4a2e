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
    public var swiftLiteral: String { "[" + map(\.swiftLiteral).joined(separator: ", ") + "]" }
}

extension Set: SwiftLiteralRepresentable where Element: SwiftLiteralRepresentable {
    /// The elements' literals sorted, in brackets, so a set prints the same in every process.
    public var swiftLiteral: String { "[" + map(\.swiftLiteral).sorted().joined(separator: ", ") + "]" }
}

extension Optional: SwiftLiteralRepresentable where Wrapped: SwiftLiteralRepresentable {
    /// The wrapped value's literal, or `nil`.
    public var swiftLiteral: String { map(\.swiftLiteral) ?? "nil" }
}
