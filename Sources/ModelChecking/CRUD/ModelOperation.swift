/// Which entity a step means, independent of the values and ids a run produces: sequences stay valid when
/// steps are removed during shrinking, and replay the same way on every conformer.
package enum EntityReference: Hashable, Sendable, CustomStringConvertible {
    /// The entity made by the `k`-th `create` step of the sequence (counting from 0).
    case created(Int)
    /// An id no step creates: `factory.make(1_000_000 + n).id`.
    case unknown(Int)

    /// The ordinal base of unknown ids, far from the ordinals a run creates.
    package static var unknownOrdinalBase: Int { 1_000_000 }

    package var description: String {
        switch self {
        case .created(let k): "#\(k)"
        case .unknown(let n): "unknown#\(n)"
        }
    }

    /// The reference as Swift source.
    package var swiftSource: String {
        switch self {
        case .created(let k): ".created(\(k))"
        case .unknown(let n): ".unknown(\(n))"
        }
    }
}

/// One step of a model-based run.
///
/// Steps carry ordinals and symbolic references, never payloads: what an update sends is the factory's
/// `mutate` of what that side last sent for the entity, so the same steps mean the same requests on the
/// reference model, on the subject and on a second conformer.
package enum ModelOperation: Hashable, Sendable, CustomStringConvertible {
    /// `create(factory.make(ordinal))`; the new entity becomes `.created(k)` for the next `k`.
    case create(ordinal: Int)
    /// `create(_:)` of a changed copy of an entity created earlier, under the same id: a create of an existing
    /// id while it is stored, a re-create after it was deleted. Only for client-assigned ids.
    case createAgain(EntityReference)
    /// `fetch(id:)`.
    case fetch(EntityReference)
    /// `fetchAll()`.
    case fetchAll
    /// `update(_:)` with the factory's `mutate` of the entity as last sent (or a never-created entity).
    case update(EntityReference)
    /// `delete(id:)`.
    case delete(EntityReference)
    /// `create(_:)` of a twin: the content last sent for an earlier entity under the id of
    /// `factory.make(ordinal)`; the new entity becomes `.created(k)` for the next `k`.
    case createTwin(ordinal: Int, of: EntityReference)
    /// `create(_:)` of a derived edge case (`edgeCase` picks one, modulo how many the factory derives) under
    /// the id of `factory.make(ordinal)`; `factory.make(ordinal)` when none are derived.
    case createEdgeCase(ordinal: Int, edgeCase: Int)
    /// `update(_:)` of an entity with one field changed: the field and value of a derived edge case
    /// (`edgeCase`, modulo their number) put into what was last sent; the plain `mutate` when none are derived.
    case updateField(EntityReference, edgeCase: Int)
    /// `count` creates in a row of `factory.make(firstOrdinal)`, `factory.make(firstOrdinal + 1)`, …: a
    /// bulk step that takes the repository past the sizes where limits hide (500).
    case createMany(firstOrdinal: Int, count: Int)

    // The families' steps, generated only for a conformance that declares the family (see ``ModelFamilies``).

    /// Reads every page with `limit` from the first, and compares their concatenation with the model's
    /// `fetchAll()`: every live entity exactly once, in the declared order, the end signalled as declared.
    case pageThrough(limit: Int)
    /// A conditional update carrying the concurrency token the subject last returned for the entity: must
    /// succeed while it is current.
    case updateVersioned(EntityReference)
    /// A conditional update carrying a token of an earlier write to the entity: must be rejected with the
    /// declared kind and change nothing. Skipped while the entity has no earlier token.
    case updateStale(EntityReference)
    /// Restores a soft-deleted entity: the same entity comes back.
    case restore(EntityReference)
    /// Purges an entity for good, freeing its id. Skipped when the witness has no purge.
    case purge(EntityReference)
    /// `insertAll` of `count` new entities, `factory.make(firstOrdinal)` on (each becomes the next
    /// `.created(k)`), followed by `clash`, if any: judged by the declared batch policy.
    case insertBatch(firstOrdinal: Int, count: Int, clash: BatchClash)
    /// Runs declared query number `query` with parameter `parameter` (modulo how many) of the entity, or
    /// with its near miss `nearMiss` (modulo how many); compared with the meaning applied to the model.
    case query(Int, of: EntityReference, parameter: Int, nearMiss: Int?)
    /// Moves the store's time on (the witness's ``RepositoryWitness/moveStoreTime``): the next write of
    /// each entity must refresh a timestamp refreshed on write to a later one, and the declared order
    /// then sorts distinct timestamps. Skipped when the witness cannot move it.
    case moveStoreTime

    /// The step's name: "create", "fetch", …
    package var kind: String {
        switch self {
        case .create: "create"
        case .createAgain: "createAgain"
        case .fetch: "fetch"
        case .fetchAll: "fetchAll"
        case .update: "update"
        case .delete: "delete"
        case .createTwin: "createTwin"
        case .createEdgeCase: "createEdgeCase"
        case .updateField: "updateField"
        case .createMany: "createMany"
        case .pageThrough: "pageThrough"
        case .updateVersioned: "updateVersioned"
        case .updateStale: "updateStale"
        case .restore: "restore"
        case .purge: "purge"
        case .insertBatch: "insertBatch"
        case .query: "query"
        case .moveStoreTime: "moveStoreTime"
        }
    }

    /// How many entities the step creates (each gets the next `.created(k)`).
    package var createdCount: Int {
        switch self {
        case .create, .createTwin, .createEdgeCase: 1
        case .createMany(_, let count), .insertBatch(_, let count, _): count
        default: 0
        }
    }

    /// The entity the step refers to, if any.
    package var reference: EntityReference? {
        switch self {
        case .create, .fetchAll, .createEdgeCase, .createMany, .pageThrough, .moveStoreTime: nil
        case .createAgain(let r), .fetch(let r), .update(let r), .delete(let r), .createTwin(_, let r), .updateField(let r, _): r
        case .updateVersioned(let r), .updateStale(let r), .restore(let r), .purge(let r), .query(_, let r, _, _): r
        case .insertBatch(_, _, let clash): clash.reference
        }
    }

    package var description: String {
        switch self {
        case .create(let ordinal): "create(ordinal \(ordinal))"
        case .fetchAll: "fetchAll()"
        case .moveStoreTime: "moveStoreTime()"
        case .createTwin(let ordinal, let r): "createTwin(ordinal \(ordinal), of \(r))"
        case .createEdgeCase(let ordinal, let edgeCase): "createEdgeCase(ordinal \(ordinal), edge case \(edgeCase))"
        case .updateField(let r, let edgeCase): "updateField(\(r), edge case \(edgeCase))"
        case .createMany(let first, let count): "createMany(ordinals \(first)…\(first + count - 1))"
        case .pageThrough(let limit): "pageThrough(limit \(limit))"
        case .insertBatch(let first, let count, let clash):
            "insertBatch(" + (count == 0 ? "no new entities" : "ordinals \(first)…\(first + count - 1)") + "\(clash.text))"
        case .query(let query, let r, let parameter, let nearMiss):
            "query(\(query), parameter \(parameter) of \(r)" + (nearMiss.map { ", near miss \($0)" } ?? "") + ")"
        default: "\(kind)(\(reference!))"
        }
    }

    /// The step as Swift source, for the replay token: `.update(.created(0))`.
    package var swiftSource: String {
        switch self {
        case .create(let ordinal): ".create(ordinal: \(ordinal))"
        case .fetchAll: ".fetchAll"
        case .moveStoreTime: ".moveStoreTime"
        case .createTwin(let ordinal, let r): ".createTwin(ordinal: \(ordinal), of: \(r.swiftSource))"
        case .createEdgeCase(let ordinal, let edgeCase): ".createEdgeCase(ordinal: \(ordinal), edgeCase: \(edgeCase))"
        case .updateField(let r, let edgeCase): ".updateField(\(r.swiftSource), edgeCase: \(edgeCase))"
        case .createMany(let first, let count): ".createMany(firstOrdinal: \(first), count: \(count))"
        case .pageThrough(let limit): ".pageThrough(limit: \(limit))"
        case .insertBatch(let first, let count, let clash):
            ".insertBatch(firstOrdinal: \(first), count: \(count), clash: \(clash.swiftSource))"
        case .query(let query, let r, let parameter, let nearMiss):
            ".query(\(query), of: \(r.swiftSource), parameter: \(parameter), nearMiss: \(nearMiss.map(String.init) ?? "nil"))"
        default: ".\(kind)(\(reference!.swiftSource))"
        }
    }

    /// The single steps this step runs as, each with the reference a create gets: a bulk step's
    /// creates, or the step itself.
    package func parts(newReference: Int) -> [(ModelOperation, Int)] {
        guard case .createMany(let first, let count) = self else { return [(self, newReference)] }
        return (0..<count).map { (.create(ordinal: first + $0), newReference + $0) }
    }

    /// Whether every `.created(k)` the step names exists after `createdCount` create steps: steps that
    /// fail this are skipped, so removing a create while shrinking never makes a sequence invalid.
    package func isValid(createdCount: Int) -> Bool {
        switch reference {
        case .created(let k)?: k < createdCount
        case .unknown?, nil: true
        }
    }
}

extension Array where Element == ModelOperation {
    /// The steps as Swift source: `[.create(ordinal: 1), .delete(.created(0))]`, pasteable into
    /// ``ModelCheck/replay(_:on:factory:)``.
    package var swiftSource: String {
        "[" + map(\.swiftSource).joined(separator: ", ") + "]"
    }
}
