import RepositoryContractsPrimitives

/// The edge cases derived so far, by the entity they were derived from, its twin and the settings (all
/// a derivation reads): the model check's runs and the clauses of every factory that makes equal
/// entities derive them once. (Derivation encodes and decodes the entity for every value it tries: a few
/// percent of a test run when each run derived them again.) Another `make`, another twin or other
/// settings get a derivation of their own; entities that are class instances are derived each time.
enum EdgeCaseMemo {
    private struct Entry: Sendable {
        var entityType: ObjectIdentifier
        var base: any Sendable
        var twin: any Sendable
        var settings: EdgeCases
        var cases: any Sendable
    }

    /// The derivations kept, the newest last.
    private static let entries = Protected<[Entry]>([])
    private static var capacity: Int { 32 }

    /// The edge cases derived from `base` (whose twin is `twin`) under `settings`: `derive`'s, the first time.
    static func cases<Entity: Identifiable & Equatable & Sendable>(
        base: Entity, twin: Entity, settings: EdgeCases, derive: () -> [EdgeCase<Entity>]
    ) -> [EdgeCase<Entity>] where Entity.ID: Sendable {
        guard !(Entity.self is AnyObject.Type) else { return derive() }
        let entityType = ObjectIdentifier(Entity.self)
        let known = entries.withLock { entries in
            entries.last {
                $0.entityType == entityType && $0.settings == settings && $0.base as? Entity == base && $0.twin as? Entity == twin
            }?.cases as? [EdgeCase<Entity>]
        }
        if let known { return known }
        let cases = derive()
        entries.withLock { entries in
            entries.append(Entry(entityType: entityType, base: base, twin: twin, settings: settings, cases: cases))
            if entries.count > capacity { entries.removeFirst() }
        }
        return cases
    }
}
