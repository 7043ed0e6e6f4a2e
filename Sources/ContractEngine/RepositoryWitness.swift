/// A repository as a struct of closures: how the contracts see any conformer.
///
/// Build one from a type that conforms to ``RepositoryProtocol``, or write the closures yourself to test
/// your own protocol without a retroactive conformance:
///
/// ```swift
/// RepositoryWitness<Todo>(
///     create: { try await store.save($0); return $0 },
///     fetch: { try await store.todo(withID: $0) },
///     fetchAll: { try await store.allTodos() },
///     update: { try await store.replace($0); return $0 },
///     delete: { try await store.remove(id: $0) })
/// ```
///
/// For completion-handler and `Result`-callback APIs see ``withCompletion(_:_:)`` and
/// ``RepositoryWitness/callbacks(create:fetch:fetchAll:update:delete:)``.
public struct RepositoryWitness<Entity: Identifiable & Equatable & Sendable>: Sendable where Entity.ID: Sendable {
    /// Stores a new entity and returns it as stored. With server-assigned ids the id passed in is a proposal
    /// the conformer may ignore; the returned entity carries the id it assigned.
    public var create: @Sendable (Entity) async throws -> Entity
    /// The entity stored under an id, or `nil`.
    public var fetch: @Sendable (Entity.ID) async throws -> Entity?
    /// Every stored entity.
    public var fetchAll: @Sendable () async throws -> [Entity]
    /// Replaces the entity with the same id and returns it as stored.
    public var update: @Sendable (Entity) async throws -> Entity
    /// Removes the entity stored under an id.
    public var delete: @Sendable (Entity.ID) async throws -> Void

    // The families beyond CRUD: each member is set by its builder method and checked by its family's
    // clauses when the conformance declares the family.

    /// Reads pages; set with ``paging(invalidCursor:_:)`` or ``pagingByOffset(_:)``.
    public var pages: PageReader<Entity>?
    /// An update that checks the entity's concurrency token; set with ``updatingConditionally(_:)``.
    /// Required by ``Conformance/optimisticConcurrency(_:)``; `update` stays unconditional.
    public var conditionalUpdate: (@Sendable (Entity) async throws -> Entity)?
    /// Soft delete, restore and purge; set with ``softDeleting(delete:restore:purge:)``.
    public var softDeletion: SoftDeleteOperations<Entity>?
    /// Stores several entities in one call; set with ``insertingAll(_:)``.
    public var insertAll: (@Sendable ([Entity]) async throws -> [Entity])?
    /// The filters, by name; set with ``querying(_:_:)``.
    public var queries: [String: QueryRunner<Entity>] = [:]
    /// Moves the store's own time forward (a mock clock it reads), so a refreshed timestamp must differ;
    /// set with ``movingStoreTime(_:)``.
    public var moveStoreTime: (@Sendable () async -> Void)?

    /// Creates a witness from five closures.
    public init(
        create: @escaping @Sendable (Entity) async throws -> Entity,
        fetch: @escaping @Sendable (Entity.ID) async throws -> Entity?,
        fetchAll: @escaping @Sendable () async throws -> [Entity],
        update: @escaping @Sendable (Entity) async throws -> Entity,
        delete: @escaping @Sendable (Entity.ID) async throws -> Void
    ) {
        self.create = create
        self.fetch = fetch
        self.fetchAll = fetchAll
        self.update = update
        self.delete = delete
    }

    /// Wraps a conformer whose `create` takes the entity itself.
    public init<Base: RepositoryProtocol>(_ base: Base) where Base.Entity == Entity, Base.Draft == Entity {
        self.init(base, draft: { $0 })
    }

    /// Wraps a conformer whose `create` takes a draft: `draft` turns the harness's entity into one
    /// (typically by dropping the server-owned id).
    public init<Base: RepositoryProtocol>(_ base: Base, draft: @escaping @Sendable (Entity) -> Base.Draft)
    where Base.Entity == Entity {
        self.init(
            create: { try await base.create(draft($0)) },
            fetch: { try await base.fetch(id: $0) },
            fetchAll: { try await base.fetchAll() },
            update: { try await base.update($0) },
            delete: { try await base.delete(id: $0) })
    }

    /// Wraps a read-only conformer: every write throws ``RepositoryError/Kind/unsupported``.
    public init<Base: ReadableRepository>(readOnly base: Base) where Base.Entity == Entity {
        self.init(
            create: { _ in throw RepositoryError.unsupported("read-only repository") },
            fetch: { try await base.fetch(id: $0) },
            fetchAll: { try await base.fetchAll() },
            update: { _ in throw RepositoryError.unsupported("read-only repository") },
            delete: { _ in throw RepositoryError.unsupported("read-only repository") })
    }
}
