import ExampleSystems
import MockTime
import RepositoryContracts

/// The cache-then-network repository with what drives it in a test: the clock its cache reads and the
/// items API fake behind it (served in process to the fake, over a stub server to the HTTP repository).
struct ItemsApp: Sendable {
    let repository: any CacheThenNetworkRepository
    let clock: MockClock
    let api: ItemsAPIFake
}

extension CacheThenNetworkRepository {
    /// Every list one call of ``items()`` yields, in order, once it finished.
    func emissions() async throws -> [[Item]] {
        var lists: [[Item]] = []
        for try await list in items() { lists.append(list) }
        return lists
    }
}

/// The operations of ``CacheThenNetworkRepository``, with the API's changes and time as steps: all a
/// user writes.
enum ItemsOperations {
    // declaration: begin
    static let names = ["milk", "eggs"]

    static let all: [ProtocolOperation<ItemsApp>] = [
        .init("items()", call: { try await $0.repository.emissions() }, swift: "app.repository.emissions()"),
        .init("api.insert(_:)", arguments: { d in Item(id: d.int(in: 1...3), name: d.element(of: names)) },
              call: { $0.api.insert($1) }, swift: { "app.api.insert(Item(id: \($0.id), name: \($0.name.swiftLiteral)))" }),
        .init("api.isOffline", arguments: { d in d.bool() }, call: { $0.api.isOffline = $1 }, swift: { "app.api.isOffline = \($0)" }),
        .advancingTime(of: \.clock, by: [.seconds(1), .seconds(59), .seconds(60)], swift: "app.clock"),
    ]
    // declaration: end
}
