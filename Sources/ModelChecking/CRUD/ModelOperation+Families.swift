package import ContractEngine

/// What a batch step adds after its new entities, so that part of it cannot be stored.
package enum BatchClash: Hashable, Sendable {
    /// Nothing: every entity of the batch is new.
    case none
    /// A changed copy of an entity created earlier, under its id: taken while it is stored (soft-deleted
    /// included), free again after it was purged or deleted for good.
    case stored(EntityReference)
    /// A changed copy of the batch's first new entity, under the same id: an id repeated inside the batch.
    case repeated

    /// The entity it names, if any.
    var reference: EntityReference? {
        if case .stored(let reference) = self { reference } else { nil }
    }

    /// `, then a copy of #0` for step descriptions.
    var text: String {
        switch self {
        case .none: ""
        case .stored(let reference): ", then a copy of \(reference)"
        case .repeated: ", then its first id again"
        }
    }

    /// The clash as Swift source.
    var swiftSource: String {
        switch self {
        case .none: ".none"
        case .stored(let reference): ".stored(\(reference.swiftSource))"
        case .repeated: ".repeated"
        }
    }
}

extension ModelOperation {
    /// Whether the step belongs to a family beyond CRUD (a ``ModelFamilies`` member generates it).
    package var isFamilyStep: Bool {
        switch self {
        case .pageThrough, .updateVersioned, .updateStale, .restore, .purge, .insertBatch, .query, .moveStoreTime: true
        default: false
        }
    }

    /// The same step naming `reference` instead of the entity it names; itself for a step naming none.
    func naming(_ reference: EntityReference) -> ModelOperation {
        switch self {
        case .create, .fetchAll, .createEdgeCase, .createMany, .pageThrough, .moveStoreTime: self
        case .createAgain: .createAgain(reference)
        case .fetch: .fetch(reference)
        case .update: .update(reference)
        case .delete: .delete(reference)
        case .createTwin(let ordinal, _): .createTwin(ordinal: ordinal, of: reference)
        case .updateField(_, let edgeCase): .updateField(reference, edgeCase: edgeCase)
        case .updateVersioned: .updateVersioned(reference)
        case .updateStale: .updateStale(reference)
        case .restore: .restore(reference)
        case .purge: .purge(reference)
        case .insertBatch(let first, let count, let clash):
            clash.reference == nil ? self : .insertBatch(firstOrdinal: first, count: count, clash: .stored(reference))
        case .query(let query, _, let parameter, let nearMiss): .query(query, of: reference, parameter: parameter, nearMiss: nearMiss)
        }
    }
}

/// The families beyond CRUD a conformance declares, as far as generating steps needs them: derived from
/// its promises, so a seed still determines the sequence. A conformance without families generates
/// exactly the CRUD sequences.
package struct ModelFamilies: Hashable, Sendable, CustomStringConvertible {
    /// `.paginated(…)`: page-through steps.
    package var pages: Bool
    /// `.optimisticConcurrency(…)`: conditional updates with the current and with a stale token.
    package var versions: Bool
    /// `.softDeleting(…)`: deletes are soft, and restore and purge steps.
    package var softDelete: Bool
    /// `.batchWrites(…)`: batch inserts (not with server-assigned ids).
    package var batches: Bool
    /// How many queries are declared (`.querying(…)`): query steps pick one.
    package var queries: Int
    /// A store-maintained timestamp is declared (`.updatedAt`, `.createdAt`): steps that move the
    /// store's time.
    package var storeTime: Bool

    /// No families: CRUD steps only.
    package static var none: Self { Self(pages: false, versions: false, softDelete: false, batches: false, queries: 0) }

    /// The families given.
    package init(pages: Bool, versions: Bool, softDelete: Bool, batches: Bool, queries: Int, storeTime: Bool = false) {
        self.pages = pages
        self.versions = versions
        self.softDelete = softDelete
        self.batches = batches
        self.queries = queries
        self.storeTime = storeTime
    }

    /// The families `promises` declare.
    package init<Entity>(_ promises: RepositoryPromises<Entity>) {
        self.init(
            pages: promises.pagination != nil, versions: promises.optimisticConcurrency != nil,
            softDelete: promises.softDeletion != nil,
            batches: promises.batchWrites != nil && !promises.capabilities.contains(.serverAssignedIDs),
            queries: promises.queries.count,
            storeTime: promises.storeMaintained.contains { $0.rule == .refreshedOnWrite || $0.rule == .setOnCreate })
    }

    /// Whether no family is declared.
    package var isEmpty: Bool { self == .none }

    package var description: String {
        var names: [String] = []
        if pages { names.append("pages") }
        if versions { names.append("versioned updates") }
        if softDelete { names.append("soft delete") }
        if batches { names.append("batches") }
        if queries > 0 { names.append("\(queries) \(queries == 1 ? "query" : "queries")") }
        if storeTime { names.append("store time") }
        return names.isEmpty ? "none" : names.joined(separator: ", ")
    }
}
