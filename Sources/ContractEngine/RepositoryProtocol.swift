/// A repository that can only be read: a mirror, a cache, a read-only REST resource.
///
/// The contracts exercise conformers through ``RepositoryWitness``, a struct of closures; conforming to this
/// protocol (or to ``RepositoryProtocol``) is the shortest way to get one, but is not required.
public protocol ReadableRepository<Entity>: Sendable {
    /// The stored value. Its `id` is what the repository keys it by.
    associatedtype Entity: Identifiable & Equatable & Sendable where Entity.ID: Sendable

    /// The entity stored under `id`, or `nil` when there is none.
    func fetch(id: Entity.ID) async throws -> Entity?

    /// Every stored entity, in the order the conformer declares (see ``Ordering``).
    func fetchAll() async throws -> [Entity]
}

/// A repository with create, read, update and delete: the shape every CRUD contract clause exercises.
///
/// `Draft` is what `create` takes. It is `Entity` when the client assigns ids; a backend that mints ids
/// takes a draft without one and returns the stored entity with the id it assigned.
public protocol RepositoryProtocol<Entity>: ReadableRepository {
    /// What `create(_:)` takes: the entity itself, or its content without a server-owned id.
    associatedtype Draft: Sendable = Entity

    /// Stores a new entity and returns it as stored (with the id the backend assigned, if it assigns them).
    func create(_ draft: Draft) async throws -> Entity

    /// Replaces the entity with the same id and returns it as stored.
    func update(_ entity: Entity) async throws -> Entity

    /// Removes the entity stored under `id`.
    func delete(id: Entity.ID) async throws
}
