import ContractEngine

/// What a model-based run remembers for the families beyond CRUD, on the subject's side: the
/// store-maintained fields each entity last showed, and the values writes returned (their tokens).
struct FamilyRunState<Entity: Identifiable & Equatable & Sendable>: Sendable where Entity.ID: Sendable {
    /// The declared store-maintained fields.
    let fields: [StoreMaintained<Entity>]
    /// The value the subject last returned for each harness id, by any call.
    private var lastSeen: [Entity.ID: Entity] = [:]
    /// The values successful writes returned for each `.created(k)`, oldest first: where a stale token
    /// comes from.
    private(set) var written: [Int: [Entity]] = [:]
    /// Harness ids soft-deleted or restored since the subject last returned them: a store may move their
    /// maintained fields (and token) on those, so the next value seen is taken as it is.
    private(set) var unsettled: Set<Entity.ID> = []
    /// Harness ids last seen before the store's time moved: their next write must refresh a timestamp
    /// refreshed on write to a later one.
    private var seenBeforeTimeMoved: Set<Entity.ID> = []

    init(fields: [StoreMaintained<Entity>]) {
        self.fields = fields
    }

    /// Records the value a successful write returned for `.created(k)`.
    mutating func wrote(_ entity: Entity, reference k: Int) {
        written[k, default: []].append(entity)
    }

    /// Forgets what the entity under `id` showed: it was created anew, purged, or deleted for good.
    mutating func reset(_ id: Entity.ID, to entity: Entity? = nil) {
        lastSeen[id] = entity
        unsettled.remove(id)
        seenBeforeTimeMoved.remove(id)
    }

    /// Notes that the store's time moved: every value seen so far predates it.
    mutating func storeTimeMoved() {
        seenBeforeTimeMoved.formUnion(lastSeen.keys)
    }

    /// Marks the entity under `id` as soft-deleted or restored since it was last seen.
    mutating func unsettle(_ id: Entity.ID) {
        unsettled.insert(id)
    }

    /// Checks `entity` (harness id `id`), as `call` returned it, against what the entity showed last: a
    /// successful write (`isWrite`) must move each field by its rule, a read or a refused write must leave
    /// every field as it was. Returns what broke a rule, or records the value.
    mutating func observe(_ entity: Entity, id: Entity.ID, isWrite: Bool, call: String) -> String? {
        let timeMoved = seenBeforeTimeMoved.contains(id)
        defer {
            lastSeen[id] = entity
            unsettled.remove(id)
            if isWrite { seenBeforeTimeMoved.remove(id) }
        }
        guard !fields.isEmpty, let previous = lastSeen[id], !unsettled.contains(id) else { return nil }
        for field in fields {
            let was = field.value(in: previous), now = field.value(in: entity)
            let change = "store-maintained \(field) was \(was) and \(call) returned \(now)"
            if !isWrite {
                if !field.hasSameValue(previous, entity) { return "\(change): a read or a refused write must leave it as it was" }
                continue
            }
            switch field.rule {
            case .version where field.increased(from: previous, to: entity) != true:
                return "\(change): a version must increase on every successful write"
            case .entityTag where field.hasSameValue(previous, entity):
                return "\(change): an entity tag must change on a write that changes the content"
            case .refreshedOnWrite where field.increased(from: entity, to: previous) == true:
                return "\(change): a timestamp refreshed on write must never go back"
            case .refreshedOnWrite where timeMoved && field.increased(from: previous, to: entity) == false:
                return "\(change), though the store's time moved since: a timestamp refreshed on write must take the write's time"
            case .setOnCreate where !field.hasSameValue(previous, entity):
                return "\(change): a value set on create must never change"
            default:
                continue
            }
        }
        return nil
    }
}
