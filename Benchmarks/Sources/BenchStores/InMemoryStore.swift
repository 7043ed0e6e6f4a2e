public import ContractEngine

/// The benchmarks' correct in-memory store: entities by id and ids in creation order, behind an actor.
public actor InMemoryStore<Entity: Identifiable & Equatable & Sendable> where Entity.ID: Sendable {
    private var entities: [Entity.ID: Entity] = [:]
    private var order: [Entity.ID] = []

    public init() {}

    /// The store as a witness of the CRUD terms, each call an actor hop.
    public nonisolated var witness: RepositoryWitness<Entity> {
        RepositoryWitness(
            create: { try await self.create($0) }, fetch: { await self.fetch($0) }, fetchAll: { await self.all() },
            update: { try await self.update($0) }, delete: { try await self.delete($0) })
    }

    func create(_ entity: Entity) throws -> Entity {
        guard entities[entity.id] == nil else { throw RepositoryError.conflict() }
        entities[entity.id] = entity
        order.append(entity.id)
        return entity
    }

    func fetch(_ id: Entity.ID) -> Entity? { entities[id] }
    func all() -> [Entity] { order.compactMap { entities[$0] } }

    func update(_ entity: Entity) throws -> Entity {
        guard entities[entity.id] != nil else { throw RepositoryError.notFound() }
        entities[entity.id] = entity
        return entity
    }

    func delete(_ id: Entity.ID) throws {
        guard entities.removeValue(forKey: id) != nil else { throw RepositoryError.notFound() }
        order.removeAll { $0 == id }
    }
}
