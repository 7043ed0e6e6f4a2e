import ContractEngine

/// A minimal entity for engine tests.
struct Item: Identifiable, Hashable, Sendable {
    var id: Int
    var value: Int

    static let factory = EntityFactory<Item>(
        make: { Item(id: $0, value: 0) }, mutate: { Item(id: $0.id, value: $0.value + 1) }, identity: \.id)

    static let conformance = Conformance<CRUD<Item>>("items") { ItemStore.witness() }
}

/// A correct, minimal store of items.
actor ItemStore {
    private var items: [Int: Item] = [:]

    func create(_ item: Item) throws -> Item {
        guard items[item.id] == nil else { throw RepositoryError.conflict() }
        items[item.id] = item
        return item
    }

    func fetch(_ id: Int) -> Item? { items[id] }
    func fetchAll() -> [Item] { items.values.sorted { $0.id < $1.id } }

    func update(_ item: Item) throws -> Item {
        guard items[item.id] != nil else { throw RepositoryError.notFound() }
        items[item.id] = item
        return item
    }

    func delete(_ id: Int) throws {
        guard items.removeValue(forKey: id) != nil else { throw RepositoryError.notFound() }
    }

    static func witness() -> RepositoryWitness<Item> {
        let store = ItemStore()
        return RepositoryWitness(
            create: { try await store.create($0) }, fetch: { await store.fetch($0) },
            fetchAll: { await store.fetchAll() }, update: { try await store.update($0) },
            delete: { try await store.delete($0) })
    }
}
