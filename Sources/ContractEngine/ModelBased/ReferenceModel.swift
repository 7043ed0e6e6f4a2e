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
    private var values: [Entity.ID: Entity] = [:]
    private var order: [Entity.ID] = []

    /// An empty model of a conformer that declared `policies` and `ordering`.
    package init(policies: RequestPolicies, ordering: Ordering<Entity>) {
        self.policies = policies
        self.ordering = ordering
    }

    /// An empty model of a conformer.
    init(_ subject: ModelSubject<Entity>) {
        self.init(policies: subject.policies, ordering: subject.ordering)
    }

    /// Whether an entity is stored under `id`.
    package func contains(_ id: Entity.ID) -> Bool { values[id] != nil }

    /// The entity stored under `id`.
    package func fetch(id: Entity.ID) -> Entity? { values[id] }

    /// The stored entities in creation order.
    package var contentsInCreationOrder: [Entity] { order.compactMap { values[$0] } }

    /// The stored entities in the declared order (creation order when none is declared).
    package func fetchAll() -> [Entity] { ordering.arrange(contentsInCreationOrder) }

    /// The policy that governs `create(entity)`, or `nil` when it must succeed.
    package func policy(forCreate entity: Entity) -> RequestPolicy? {
        contains(entity.id) ? policies.createOfExisting : nil
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
    }

    /// Applies `update(entity)`, which had `outcome`.
    package mutating func update(_ entity: Entity, outcome: RequestOutcome = .applied) {
        create(entity, outcome: outcome)
    }

    /// Applies `delete(id:)`, which had `outcome`.
    package mutating func delete(id: Entity.ID, outcome: RequestOutcome = .applied) {
        guard outcome == .applied, values.removeValue(forKey: id) != nil else { return }
        order.removeAll { $0 == id }
    }
}
