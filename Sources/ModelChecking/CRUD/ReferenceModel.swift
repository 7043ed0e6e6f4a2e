package import ContractEngine

/// The engine's own correct in-memory repository, honouring a conformance's declared policies and order.
///
/// For a request the conformer may answer in more than one way (update of a missing id, delete of a missing
/// id, create of an existing id) the model says which ``RequestPolicy`` applies; the runner checks what the subject
/// did against it and then tells the model the outcome, so the model follows every allowed behaviour.
/// The semantics are those of the CRUD contract's clauses: an upsert appends, an overwriting create keeps
/// the entity's place, a re-create after delete goes last.
package struct ReferenceModel<Entity: Identifiable & Equatable & Sendable>: Sendable where Entity.ID: Sendable {
    /// The declared policies.
    package let policies: RequestPolicies
    /// The declared order of `fetchAll()`.
    package let ordering: Ordering<Entity>
    /// The declared soft delete, if any: then a deleted entity stays, hidden, and keeps its id taken.
    package let softDeletion: SoftDeletion?
    private var values: [Entity.ID: Entity] = [:]
    private var order: [Entity.ID] = []
    /// The soft-deleted ids: kept in `values` and `order`, hidden from reads.
    private var hidden: Set<Entity.ID> = []

    /// An empty model of a conformer that declared `policies` and `ordering` (and `softDeletion`).
    package init(policies: RequestPolicies, ordering: Ordering<Entity>, softDeletion: SoftDeletion? = nil) {
        self.policies = policies
        self.ordering = ordering
        self.softDeletion = softDeletion
    }

    /// An empty model of a conformer.
    init(_ subject: ModelSubject<Entity>) {
        self.init(policies: subject.policies, ordering: subject.ordering, softDeletion: subject.promises.softDeletion)
    }

    /// Whether a live (not soft-deleted) entity is stored under `id`.
    package func contains(_ id: Entity.ID) -> Bool { values[id] != nil && !hidden.contains(id) }

    /// Whether the entity under `id` is soft-deleted: hidden, its id still taken.
    package func isSoftDeleted(_ id: Entity.ID) -> Bool { hidden.contains(id) }

    /// The live entity stored under `id`.
    package func fetch(id: Entity.ID) -> Entity? { contains(id) ? values[id] : nil }

    /// The live entities in creation order.
    package var contentsInCreationOrder: [Entity] { order.filter { !hidden.contains($0) }.compactMap { values[$0] } }

    /// Each stored id's place in creation order (soft-deleted ones included): what insertion order and
    /// ties in creation order are judged by.
    package var creationRanks: [Entity.ID: Int] {
        Dictionary(uniqueKeysWithValues: order.enumerated().map { ($0.element, $0.offset) })
    }

    /// The stored entities in the declared order (creation order when none is declared).
    package func fetchAll() -> [Entity] { ordering.arrange(contentsInCreationOrder) }

    /// The policy that governs `create(entity)`, or `nil` when it must succeed.
    package func policy(forCreate entity: Entity) -> RequestPolicy? {
        if let softDeletion, isSoftDeleted(entity.id) { return softDeletion.createOfDeletedID }
        return contains(entity.id) ? policies.createOfExisting : nil
    }

    /// The policy that governs `update(entity)`, or `nil` when it must succeed.
    package func policy(forUpdate entity: Entity) -> RequestPolicy? {
        contains(entity.id) ? nil : policies.updateOfMissing
    }

    /// The policy that governs `delete(id:)`, or `nil` when it must succeed.
    package func policy(forDelete id: Entity.ID) -> RequestPolicy? {
        contains(id) ? nil : policies.deleteOfMissing
    }

    /// Applies `create(entity)`, which had `outcome` (`.applied` unless a policy governed it).
    package mutating func create(_ entity: Entity, outcome: RequestOutcome = .applied) {
        guard outcome == .applied else { return }
        if values[entity.id] == nil { order.append(entity.id) }
        values[entity.id] = entity
        hidden.remove(entity.id)
    }

    /// Applies `update(entity)`, which had `outcome`.
    package mutating func update(_ entity: Entity, outcome: RequestOutcome = .applied) {
        create(entity, outcome: outcome)
    }

    /// Applies `delete(id:)`, which had `outcome`.
    package mutating func delete(id: Entity.ID, outcome: RequestOutcome = .applied) {
        guard outcome == .applied, values.removeValue(forKey: id) != nil else { return }
        order.removeAll { $0 == id }
        hidden.remove(id)
    }

    /// Applies a soft delete of the live entity under `id`: hidden, its id still taken.
    package mutating func softDelete(id: Entity.ID) {
        if contains(id) { hidden.insert(id) }
    }

    /// Applies a restore: the soft-deleted entity under `id` is live again, as it was.
    package mutating func restore(id: Entity.ID) {
        hidden.remove(id)
    }

    /// Applies a purge: the entity under `id`, live or soft-deleted, is gone and its id free.
    package mutating func purge(id: Entity.ID) {
        delete(id: id)
    }
}
