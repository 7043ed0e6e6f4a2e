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

    /// The step's name: "create", "fetch", …
    package var kind: String {
        switch self {
        case .create: "create"
        case .createAgain: "createAgain"
        case .fetch: "fetch"
        case .fetchAll: "fetchAll"
        case .update: "update"
        case .delete: "delete"
        }
    }

    /// The entity the step refers to, if any.
    package var reference: EntityReference? {
        switch self {
        case .create, .fetchAll: nil
        case .createAgain(let r), .fetch(let r), .update(let r), .delete(let r): r
        }
    }

    package var description: String {
        switch self {
        case .create(let ordinal): "create(ordinal \(ordinal))"
        case .fetchAll: "fetchAll()"
        default: "\(kind)(\(reference!))"
        }
    }

    /// The step as Swift source, for the replay token: `.update(.created(0))`.
    package var swiftSource: String {
        switch self {
        case .create(let ordinal): ".create(ordinal: \(ordinal))"
        case .fetchAll: ".fetchAll"
        default: ".\(kind)(\(reference!.swiftSource))"
        }
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
