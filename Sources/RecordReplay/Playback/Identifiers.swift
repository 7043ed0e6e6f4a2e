/// Identifies a programmable stub added by ``Playback/stub(_:times:respond:)``; the journal names the
/// stub that answered a request by it.
public struct StubID: Sendable, Hashable, CustomStringConvertible {
    /// The stub's number, from 1 in the order stubs were added to one playback.
    public let number: Int
    /// The stub's pattern, as messages print it.
    public let pattern: String

    /// `stub #2 (GET /todos)`.
    public var description: String { "stub #\(number) (\(pattern))" }

    /// Whether both identify the same stub (the pattern text is only for people).
    public static func == (left: StubID, right: StubID) -> Bool { left.number == right.number }

    /// Hashes the stub's number.
    public func hash(into hasher: inout Hasher) { hasher.combine(number) }
}

/// Identifies a fault rule added by ``Playback/inject(_:when:on:)``.
public struct FaultRuleID: Sendable, Hashable, CustomStringConvertible {
    /// The rule's number, from 1 in the order rules were added to one playback.
    public let number: Int

    /// `fault rule #1`.
    public var description: String { "fault rule #\(number)" }
}
