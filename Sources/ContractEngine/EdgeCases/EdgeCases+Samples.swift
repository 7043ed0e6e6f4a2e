extension EdgeCases {
    /// The edge values derived around `sample`, those these settings exclude left out: `sample` with one
    /// field set to an edge value (or, for a scalar such as a `String` or an `Int`, the edge value itself),
    /// each named as a failure names it (`$.title: NUL`, `$: empty`).
    ///
    /// The same values as an entity's edge cases, from any `Codable` value and with no identity: a
    /// `String` gives the empty, padded, long, emoji, right-to-left, NUL, quoted and multi-line strings; an
    /// `Int` gives 0, −1 and the extremes; a struct gives those of each of its fields. The plain changes
    /// the per-field update clause sends (a toggled `Bool`, a `nil` optional made present) are not edge
    /// values and are left out. Empty when derivation is off or `sample` does not encode.
    ///
    /// ```swift
    /// let titles = EdgeCases.derived.values(around: "Groceries").map(\.value)
    /// ```
    public func values<Value: Codable & Sendable>(around sample: Value) -> [EdgeCase<Value>] {
        allValues(around: sample).filter { exclusion(of: $0) == nil }
    }

    /// The edge value named `name` (as ``values(around:)`` names it: `"$.title: empty"`) around `sample`:
    /// what a pasted repro of a model-based check calls to make a drawn value again.
    ///
    /// ```swift
    /// _ = try await drafts.save(try EdgeCases.derived.value("$.title: NUL", around: Draft.sample), at: 0)
    /// ```
    ///
    /// - Throws: ``EdgeCaseNotFound``, naming the values there are, when none is named `name`.
    public func value<Value: Codable & Sendable>(_ name: String, around sample: Value) throws -> Value {
        let all = values(around: sample)
        guard let found = all.first(where: { $0.name == name }) else {
            var error = EdgeCaseNotFound(name: name, known: all.map(\.name))
            error.sample = String(reflecting: sample)
            throw error
        }
        return found.value
    }

    /// Every edge value around `sample`, those these settings exclude included.
    private func allValues<Value: Codable & Sendable>(around sample: Value) -> [EdgeCase<Value>] {
        guard isDerived else { return [] }
        return EdgeCaseDerivation(base: sample, identity: [], settings: self).derive().filter { !$0.isChange }
    }

    /// The JSON text `sample` encodes to (dates with every bit), or `nil` when it does not encode: what a
    /// cache of derived values keys them by, with the type and the settings.
    package static func encodedText<Value: Encodable>(of sample: Value) -> String? {
        ValueTreeText.tree(of: sample).map(ValueTreeText.json)
    }
}
