import ContractEngine

/// What one side of a run knows about the sequence's references: the id each `.created(k)` has on that
/// side, and what it last sent for it (the basis of the next update). It also writes each step as Swift
/// that rebuilds the same entities through the factory, with `sent[k]` for what was last sent for `#k`.
struct SideTables<Entity: Identifiable & Equatable & Sendable>: Sendable where Entity.ID: Sendable {
    let factory: EntityFactory<Entity>
    /// Whether this side assigns its own ids on create.
    let serverAssigned: Bool
    /// The derived edge cases the steps that create and update with them pick from.
    let edgeCases: [EdgeCase<Entity>]
    /// What a pasted edge-case call passes after the name: `""`, or `, in: conformance.promises.edgeCases`.
    let edgeCaseSettings: String
    /// Whether this side keeps what the store returned from a write as what it last sent (the store
    /// maintains fields, such as a version the next conditional update must carry), not what it sent.
    let adoptsReturned: Bool
    /// Whether deletes are the declared soft delete (written as `repo.softDeletion!.delete`).
    let softDeletes: Bool
    /// The id each `.created(k)` has on this side.
    private(set) var ids: [Int: Entity.ID] = [:]
    /// The references each id of ``ids`` stands for, in ascending order (kept with ``ids``, so that a
    /// listing's ids are traced back without a pass over every reference each).
    private var referencesByID: [Entity.ID: [Int]] = [:]
    /// The id each `.created(k)` was created with.
    var proposed: [Int: Entity.ID] = [:]
    /// What this side last sent for each `.created(k)` (or, when it ``adoptsReturned``, what the store
    /// returned for it).
    var sent: [Int: Entity] = [:]

    init(
        factory: EntityFactory<Entity>, serverAssigned: Bool, edgeCases: [EdgeCase<Entity>] = [], edgeCaseSettings: String = "",
        adoptsReturned: Bool = false, softDeletes: Bool = false
    ) {
        self.factory = factory
        self.serverAssigned = serverAssigned
        self.edgeCases = edgeCases
        self.edgeCaseSettings = edgeCaseSettings
        self.adoptsReturned = adoptsReturned
        self.softDeletes = softDeletes
    }

    /// The id `reference` stands for on this side.
    func id(_ reference: EntityReference) -> Entity.ID {
        switch reference {
        case .created(let k): ids[k] ?? proposed[k]!
        case .unknown(let n): factory.make(EntityReference.unknownOrdinalBase + n).id
        }
    }

    /// Knows `entity` as sent under `reference` (proposed, stored under its own id), whatever the store
    /// does with it.
    mutating func know(sent entity: Entity, at reference: Int) {
        proposed[reference] = entity.id
        setID(entity.id, of: reference)
        sent[reference] = entity
    }

    /// The request `operation` makes on this side; `newReference` is the `k` a create gets. Not for
    /// ``ModelOperation/createMany(firstOrdinal:count:)``, which runs as single creates.
    func request(for operation: ModelOperation, newReference: Int) -> Request<Entity> {
        switch operation {
        case .create(let ordinal): return .create(factory.make(ordinal))
        case .createAgain(let reference): return .create(changed(reference))
        case .fetch(let reference): return .fetch(id(reference))
        case .fetchAll, .createMany, .pageThrough, .updateVersioned, .updateStale, .restore, .purge, .insertBatch, .query, .moveStoreTime:
            return .fetchAll  // Family steps run through ModelRun's family path, never as a request.
        case .update(let reference): return .update(changed(reference))
        case .delete(let reference): return .delete(id(reference))
        case .createTwin(let ordinal, let reference): return .create(factory.twin(last(reference), ordinal))
        case .createEdgeCase(let ordinal, let index):
            return .create(edgeCase(index).map { factory.twin($0.entity, ordinal) } ?? factory.make(ordinal))
        case .updateField(let reference, let index):
            guard case .created(let k) = reference, let edge = edgeCase(index) else { return .update(changed(reference)) }
            return .update(factory.applying(edge, to: sent[k]!) ?? factory.mutate(sent[k]!))
        }
    }

    private func edgeCase(_ index: Int) -> EdgeCase<Entity>? {
        edgeCases.isEmpty ? nil : edgeCases[index % edgeCases.count]
    }

    func last(_ reference: EntityReference) -> Entity {
        switch reference {
        case .created(let k): sent[k]!
        case .unknown(let n): factory.make(EntityReference.unknownOrdinalBase + n)
        }
    }

    func changed(_ reference: EntityReference) -> Entity {
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
        case (.create, .create(let entity)), (.createTwin, .create(let entity)), (.createEdgeCase, .create(let entity)):
            proposed[newReference] = entity.id
            let stored = serverAssigned || adoptsReturned ? (returned ?? entity) : entity
            setID(succeeded ? stored.id : entity.id, of: newReference)
            sent[newReference] = succeeded ? stored : entity
        case (.createAgain(.created(let k)), .create(let entity)), (.update(.created(let k)), .update(let entity)),
             (.updateField(.created(let k), _), .update(let entity)):
            if succeeded { sent[k] = adoptsReturned ? (returned ?? entity) : entity }
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
        referencesByID[id] ?? []
    }

    private mutating func setID(_ id: Entity.ID, of reference: Int) {
        if let old = ids.updateValue(id, forKey: reference) {
            if old == id { return }
            referencesByID[old]?.removeAll { $0 == reference }
            if referencesByID[old]?.isEmpty == true { referencesByID[old] = nil }
        }
        var references = referencesByID[id, default: []]
        references.insert(reference, at: references.firstIndex { $0 > reference } ?? references.endIndex)
        referencesByID[id] = references
    }

    // MARK: Swift

    /// The step as Swift on a witness named `repo`, a factory named `factory` and an array `sent`; `threw`
    /// says whether the call threw (then it is written with `try?`).
    func swiftSource(for operation: ModelOperation, newReference k: Int, threw: Bool) -> String {
        let attempt = threw ? "try?" : "try"
        func entity(_ reference: EntityReference) -> String {
            switch reference {
            case .created(let r): "sent[\(r)]"
            case .unknown(let n): "factory.make(\(EntityReference.unknownOrdinalBase + n))"
            }
        }
        func id(_ reference: EntityReference) -> String { "\(entity(reference)).id" }
        // `throwing`: the expression calls a throwing factory function, so it needs `try` where no other
        // `try` covers it.
        func create(_ expression: String, throwing: Bool = false) -> String {
            if serverAssigned || adoptsReturned, !threw { return "sent.append(try await repo.create(\(expression)))" }
            return "sent.append(\(throwing ? "try " : "")\(expression))\n_ = \(attempt) await repo.create(sent[\(k)])"
        }
        func write(_ call: String, _ reference: EntityReference, _ expression: String, throwing: Bool = false) -> String {
            guard case .created(let r) = reference, !threw else { return "_ = \(attempt) await repo.\(call)(\(expression))" }
            if adoptsReturned { return "sent[\(r)] = try await repo.\(call)(\(throwing ? "try " : "")\(expression))" }
            return "sent[\(r)] = \(throwing ? "try " : "")\(expression)\n_ = try await repo.\(call)(sent[\(r)])"
        }
        switch operation {
        case .create(let ordinal): return create("factory.make(\(ordinal))")
        case .createTwin(let ordinal, let reference): return create("factory.twin(\(entity(reference)), \(ordinal))")
        case .createEdgeCase(let ordinal, let index):
            guard let edge = edgeCase(index) else { return create("factory.make(\(ordinal))") }
            return create("factory.edgeCase(\(String(reflecting: edge.name)), ordinal: \(ordinal)\(edgeCaseSettings))", throwing: true)
        case .createMany(let first, let count):
            let body = serverAssigned || adoptsReturned
                ? "sent.append((try? await repo.create(factory.make(ordinal))) ?? factory.make(ordinal))"
                : "sent.append(factory.make(ordinal))\n    _ = \(attempt) await repo.create(factory.make(ordinal))"
            return "for ordinal in \(first)...\(first + count - 1) {\n    \(body)\n}"
        case .createAgain(let reference): return write("create", reference, "factory.mutate(\(entity(reference)))")
        case .update(let reference): return write("update", reference, "factory.mutate(\(entity(reference)))")
        case .updateField(let reference, let index):
            guard case .created = reference, let edge = edgeCase(index) else { return write("update", reference, "factory.mutate(\(entity(reference)))") }
            return write(
                "update", reference, "factory.applyingEdgeCase(\(String(reflecting: edge.name)), to: \(entity(reference))\(edgeCaseSettings))",
                throwing: true)
        case .fetch(let reference): return "_ = \(attempt) await repo.fetch(\(id(reference)))"
        case .fetchAll: return "_ = \(attempt) await repo.fetchAll()"
        case .delete(let reference):
            let call = softDeletes ? "repo.softDeletion!.delete" : "repo.delete"
            return threw ? "_ = try? await \(call)(\(id(reference)))" : "try await \(call)(\(id(reference)))"
        case .pageThrough, .updateVersioned, .updateStale, .restore, .purge, .insertBatch, .query, .moveStoreTime:
            return ""  // Family steps write their own Swift (ModelRun+Families).
        }
    }
}
