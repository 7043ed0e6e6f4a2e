public import ContractEngine

extension Draw {
    /// `sample`, or one of the edge values derived around it (``EdgeCases/values(around:)``): the empty,
    /// padded, long, emoji, right-to-left, NUL, quoted and multi-line strings of a `String`; 0, −1 and the
    /// extremes of an `Int`; a struct with one of its fields set so.
    ///
    /// One choice: 0 is `sample` itself, so shrinking takes the value back to the plain sample wherever
    /// the edge value does not matter. `sample` itself is returned when it does not encode or nothing is
    /// derived around it. A `String`, an `Int` or an array of them prints in the repro with its
    /// `swiftLiteral`; for a struct, draw with ``edgeCase(around:in:)`` and print the edge value's name.
    ///
    /// ```swift
    /// .init("save(title:at:)", arguments: { d in (title: d.edgeValue(around: "Groceries"), slot: d.int(in: 0...1)) }, …)
    /// ```
    public mutating func edgeValue<Value: Codable & Sendable>(around sample: Value, in settings: EdgeCases = .derived) -> Value {
        edgeCase(around: sample, in: settings)?.value ?? sample
    }

    /// One of the edge values derived around `sample`, or `nil` for `sample` itself (choice 0, what
    /// shrinking goes back to): drawn as ``edgeValue(around:in:)`` draws, with its name, for a repro that
    /// makes it again with ``EdgeCases/value(_:around:)``.
    ///
    /// ```swift
    /// swift: { "drafts.save(\($0.map { "try EdgeCases.derived.value(\($0.name.swiftLiteral), around: .sample)" } ?? ".sample"))" }
    /// ```
    public mutating func edgeCase<Value: Codable & Sendable>(around sample: Value, in settings: EdgeCases = .derived) -> EdgeCase<Value>? {
        let derived = EdgeValueCache.values(around: sample, settings)
        guard !derived.isEmpty else { return nil }
        let choice = int(in: 0...derived.count)
        return choice == 0 ? nil : derived[choice - 1]
    }
}
