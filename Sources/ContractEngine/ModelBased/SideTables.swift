/// What one side of a run knows about the sequence's references: the id each `.created(k)` has on that
/// side, and what it last sent for it (the basis of the next update).
struct SideTables<Entity: Identifiable & Equatable & Sendable>: Sendable where Entity.ID: Sendable {
    let factory: EntityFactory<Entity>
    /// Whether this side assigns its own ids on create.
    let serverAssigned: Bool
    private(set) var ids: [Int: Entity.ID] = [:]
    private var proposed: [Int: Entity.ID] = [:]
    private var sent: [Int: Entity] = [:]

    init(factory: EntityFactory<Entity>, serverAssigned: Bool) {
        self.factory = factory
        self.serverAssigned = serverAssigned
    }

    /// The id `reference` stands for on this side.
    func id(_ reference: EntityReference) -> Entity.ID {
        switch reference {
        case .created(let k): ids[k] ?? proposed[k]!
        case .unknown(let n): factory.make(EntityReference.unknownOrdinalBase + n).id
        }
    }

    /// The request `operation` makes on this side; `newReference` is the `k` a create gets.
    func request(for operation: ModelOperation, newReference: Int) -> Request<Entity> {
        switch operation {
        case .create(let ordinal): return .create(factory.make(ordinal))
        case .createAgain(let reference): return .create(changed(reference))
        case .fetch(let reference): return .fetch(id(reference))
        case .fetchAll: return .fetchAll
        case .update(let reference): return .update(changed(reference))
        case .delete(let reference): return .delete(id(reference))
        }
    }

    private func changed(_ reference: EntityReference) -> Entity {
        switch reference {
        case .created(let k): factory.mutate(sent[k]!)
        case .unknown(let n): factory.make(EntityReference.unknownOrdinalBase + n)
        }
    }

    /// Records what a request did: `returned` is the value a create returned, when it returned.
    mutating func record(
        _ operation: ModelOperation, _ request: Request<Entity>, newReference: Int, succeeded: Bool, returned: Entity?
    ) {
        switch (operation, request) {
        case (.create, .create(let entity)):
            proposed[newReference] = entity.id
            let stored = serverAssigned ? (returned ?? entity) : entity
            ids[newReference] = succeeded ? stored.id : entity.id
            sent[newReference] = succeeded ? stored : entity
        case (.createAgain(.created(let k)), .create(let entity)), (.update(.created(let k)), .update(let entity)):
            if succeeded { sent[k] = entity }
        default: break
        }
    }

    /// The harness id (the id the factory gave) of an id this side returned; `nil` for an id no step
    /// created here.
    func harnessID(_ id: Entity.ID) -> Entity.ID? {
        guard serverAssigned else { return id }
        guard let reference = references(to: id).last else { return nil }
        return proposed[reference]
    }

    /// The references whose id on this side is `id`.
    func references(to id: Entity.ID) -> [Int] {
        ids.filter { $0.value == id }.map(\.key).sorted()
    }
}
