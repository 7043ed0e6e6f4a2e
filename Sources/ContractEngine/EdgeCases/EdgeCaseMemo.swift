import RepositoryContractsPrimitives

/// The edge cases a factory derived, by the entity they were derived from, its twin and the settings:
/// shared by the factory's copies, so that the model check's runs and the clauses derive them once.
/// (Derivation encodes and decodes the entity for every value it tries: a few percent of a test run when
/// each run derived them again.) A copy of the factory whose `make` or `twin` gives other entities, or
/// other settings, gets a derivation of its own; entities that are class instances are never shared.
final class EdgeCaseMemo<Entity: Identifiable & Equatable & Sendable>: Sendable where Entity.ID: Sendable {
    private struct Entry: Sendable {
        var base: Entity
        var twin: Entity
        var settings: EdgeCases
        var cases: [EdgeCase<Entity>]
    }

    /// The derivations kept, the newest last.
    private let entries = Protected<[Entry]>([])
    private static var capacity: Int { 8 }

    /// The edge cases derived from `base` (whose twin is `twin`) under `settings`: `derive`'s, the first time.
    func cases(
        base: Entity, twin: Entity, settings: EdgeCases, derive: () -> [EdgeCase<Entity>]
    ) -> [EdgeCase<Entity>] {
        guard !(Entity.self is AnyObject.Type) else { return derive() }
        let known = entries.withLock { entries in
            entries.last { $0.settings == settings && $0.base == base && $0.twin == twin }?.cases
        }
        if let known { return known }
        let cases = derive()
        entries.withLock { entries in
            entries.append(Entry(base: base, twin: twin, settings: settings, cases: cases))
            if entries.count > Self.capacity { entries.removeFirst() }
        }
        return cases
    }
}
