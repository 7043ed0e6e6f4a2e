public import Foundation
import RepositoryContractsJSON

/// Whether the engine derives edge cases from a `Codable` entity for a conformer, and which values of
/// your own it tries besides its own.
///
/// The engine encodes `make(1)` to a tree, puts edge values into each field in turn (strings empty,
/// padded, long with combining marks, emoji, right-to-left, with a NUL, quotes and newlines; numbers
/// 0, −1, the extremes and fractions the type decodes; dates at whole seconds, whole milliseconds and
/// whole microseconds, with a part below the microsecond, before 1970 and far in the future; arrays empty, with one element, unsorted, with duplicates and long; optionals
/// `nil` and present; nested objects the same way), and decodes each back: a variant that does not
/// decode is dropped. The variants feed the CRUD contract's `values.edgeCases*` and
/// `update.eachFieldAlone` clauses and the model-based check. The same values around a `Codable` sample
/// of your own (a `String`, an `Int`, a struct) are ``values(around:)``, which the model-based check of
/// your own protocol draws from.
///
/// ```swift
/// Conformance("sqlite", edgeCases: .derived(adding: ["Robert'); DROP TABLE notes;--"])) { … }
/// Conformance("postgres", edgeCases: .excluding(.nulInText, because: "PostgreSQL refuses NUL (SQLSTATE 22021)")) { … }
/// Conformance("legacy", edgeCases: .off) { … }
/// ```
///
/// Leave out one value or one kind of value a store refuses with ``excluding(_:because:)-method`` rather than
/// turning derivation off: every other value is still tried, and the clauses name what was left out and why.
public struct EdgeCases: Sendable, Hashable, CustomStringConvertible {
    /// Whether edge cases are derived at all.
    public var isDerived: Bool
    /// Strings tried in every string field, after the engine's own.
    public var strings: [String]
    /// Integers tried in every number field, after the engine's own.
    public var integers: [Int]
    /// Fractional numbers tried in every number field (dropped where the field is an integer).
    public var decimals: [Double]
    /// Dates tried in every date field, after the engine's own.
    public var dates: [Date]
    /// Derived values left out, each with its reason (see ``excluding(_:because:)-method``).
    public var exclusions: [Exclusion] = []

    /// Derivation on or off, with values of your own.
    public init(isDerived: Bool = true, strings: [String] = [], integers: [Int] = [], decimals: [Double] = [], dates: [Date] = []) {
        self.isDerived = isDerived
        self.strings = strings
        self.integers = integers
        self.decimals = decimals
        self.dates = dates
    }

    /// The engine's own edge cases (the default).
    public static var derived: Self { Self() }

    /// No derived edge cases: the clauses that use them are skipped, saying so.
    public static var off: Self { Self(isDerived: false) }

    /// The engine's own edge cases and yours.
    public static func derived(adding strings: [String] = [], integers: [Int] = [], decimals: [Double] = [], dates: [Date] = []) -> Self {
        Self(strings: strings, integers: integers, decimals: decimals, dates: dates)
    }

    /// Whether derivation is on, the values added to it and those left out.
    public var description: String {
        guard isDerived else { return ".off" }
        let extras = strings.count + integers.count + decimals.count + dates.count
        let derived = extras == 0 ? ".derived" : ".derived(adding \(extras) values)"
        guard !exclusions.isEmpty else { return derived }
        return derived + " excluding " + exclusions.map(\.description).joined(separator: ", ")
    }
}

/// One entity derived from `make(1)` with one field set to an edge value (or changed, for the
/// per-field update clause); or one value derived from a sample with ``EdgeCases/values(around:)``.
public struct EdgeCase<Entity: Sendable>: Sendable, CustomStringConvertible {
    /// The field and the value: `$.title: empty` (`$: empty` for a value that is not an object).
    /// ``EntityFactory/edgeCase(_:ordinal:in:)`` or ``EdgeCases/value(_:around:)`` makes it again.
    public let name: String
    /// The field's path, in the notation every JSON path of the package is printed in: `$.title`,
    /// `$.tags[0]`, `$["due date"]`.
    public let path: String
    /// The entity, with the id of `make(1)`: give it a harness id with the factory's `twin`. For an edge
    /// value derived around a sample, the value (see ``value``).
    public let entity: Entity
    /// Whether this is the field's plain change (what the per-field update clause sends) rather than an
    /// edge value.
    public let isChange: Bool
    /// Where the value goes in the entity's tree, and the value (`nil`: removed).
    let substitution: (path: JSONPath, value: ValueTree?)

    /// The value with the edge value in it: the sample of ``EdgeCases/values(around:)`` with one field
    /// (or the whole scalar) replaced; the same as ``entity``.
    public var value: Entity { entity }

    /// The value's label, the part of the name after the field: `empty` in `$.title: empty`.
    package var label: String { String(name.dropFirst(path.count + 2)) }

    /// The edge case's name: the field and the value put into it.
    public var description: String { name }
}

/// Why an edge case named in a pasted replay could not be made again.
public struct EdgeCaseNotFound: Error, CustomStringConvertible {
    /// The name asked for.
    public let name: String
    /// What the factory (or the sample) derives now (the first few).
    public let known: [String]
    /// The sample the edge value was asked around, as Swift prints it; `nil` for an entity factory's.
    var sample: String?

    /// Which edge case was not found, and the names there are.
    public var description: String {
        let source = sample.map { "around the sample \($0) (has its type or the sample changed?)" }
            ?? "from this factory (has the entity or make(_:) changed?)"
        return "no edge case named \"\(name)\" is derived \(source); "
            + "known: \(known.prefix(8).joined(separator: ", "))\(known.count > 8 ? ", …" : "")"
    }
}

extension EntityFactory {
    /// The edge cases derived from `make(1)` under `settings`, but those it excludes: empty when the
    /// entity is not `Codable` or derivation is off. Ids are those of `make(1)`.
    public func edgeCases(_ settings: EdgeCases = .derived) -> [EdgeCase<Entity>] {
        allEdgeCases(settings).filter { settings.exclusion(of: $0) == nil }
    }

    /// Every edge case derived under `settings`, those it excludes included.
    private func allEdgeCases(_ settings: EdgeCases) -> [EdgeCase<Entity>] {
        guard settings.isDerived else { return [] }
        let base = make(1)
        return EdgeCaseMemo.cases(base: base, twin: twin(base, 2), settings: settings) {
            EdgeCaseDerivation(base: base, identity: identityPaths(of: base), settings: settings).derive()
        }
    }

    /// The paths where `base`'s twin differs from it: the identity, which edge cases leave alone.
    private func identityPaths(of base: Entity) -> [JSONPath] {
        guard let tree = ValueTreeText.tree(of: base), let twin = ValueTreeText.tree(of: twin(base, 2)) else { return [] }
        return ValueTree.differences(tree, twin).map(\.path)
    }

    /// What `settings` leaves out, one line each (`$.title: NUL left out: PostgreSQL refuses NUL`), of the
    /// edge cases `isIncluded` keeps; and a line for each exclusion that matches no derived value at all.
    package func edgeCaseExclusionNotes(_ settings: EdgeCases, of isIncluded: (EdgeCase<Entity>) -> Bool = { _ in true }) -> [String] {
        guard !settings.exclusions.isEmpty else { return [] }
        let all = allEdgeCases(settings)
        var notes = all.filter(isIncluded).compactMap { edge in
            settings.exclusion(of: edge).map { "\(edge.name) left out: \($0.reason)" }
        }
        for exclusion in settings.exclusions where !all.contains(where: { exclusion.values.contains($0) }) {
            notes.append("excluding \(exclusion.values) leaves out nothing: no derived value is \(exclusion.values) "
                + "(known: \(all.prefix(6).map(\.name).joined(separator: ", "))\(all.count > 6 ? ", …" : ""))")
        }
        return notes
    }

    /// The edge case `name` (as a failure names it: `"$.title: empty"`) under the id `make(ordinal)` has:
    /// what a pasted replay calls.
    public func edgeCase(_ name: String, ordinal: Int, in settings: EdgeCases = .derived) throws -> Entity {
        let all = allEdgeCases(settings)
        guard let found = all.first(where: { $0.name == name }) else {
            throw EdgeCaseNotFound(name: name, known: all.map(\.name))
        }
        return twin(found.entity, ordinal)
    }

    /// `entity` with the field of the edge case `name` set to its value, everything else kept: what a
    /// model-based step that updates one field sends, made again in a pasted replay.
    public func applyingEdgeCase(_ name: String, to entity: Entity, in settings: EdgeCases = .derived) throws -> Entity {
        let all = allEdgeCases(settings)
        guard let found = all.first(where: { $0.name == name }) else {
            throw EdgeCaseNotFound(name: name, known: all.map(\.name))
        }
        return applying(found, to: entity) ?? entity
    }

    /// `entity` with `edgeCase`'s field set to its value, or `nil` when that does not decode.
    package func applying(_ edgeCase: EdgeCase<Entity>, to entity: Entity) -> Entity? {
        guard let tree = ValueTreeText.tree(of: entity) else { return nil }
        return ValueTreeText.decode(tree.replacing(edgeCase.substitution.path, with: edgeCase.substitution.value), as: Entity.self)
    }

    /// Why no edge cases are derived under `settings`, or `nil` when they are.
    package func edgeCaseUnavailability(_ settings: EdgeCases) -> String? {
        if !settings.isDerived { return "edge-case derivation is turned off for this conformance (edgeCases: .off)" }
        guard Entity.self is any Codable.Type else {
            return "\(Entity.self) is not Codable, so no edge cases are derived from it (make it Codable, or list samples in the factory)"
        }
        if ValueTreeText.tree(of: make(1)) == nil { return "make(1) could not be encoded, so no edge cases are derived" }
        return nil
    }
}
