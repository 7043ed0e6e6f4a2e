public import ContractEngine
import Foundation
import RepositoryContractsPrimitives
public import TodoExample

/// Actor conformers with logic races: each one is data-race free (Swift checks that) but reads its state,
/// suspends at a plain `await` on another actor (a write to a stand-in disk), and acts on what it read, so a
/// call that runs in the meantime is lost (actor reentrancy). Sequential checks pass them all; only
/// concurrent calls on the same ids show the bugs, and only when the runtime lets another call into the
/// actor during that hop: the model-based check's seeded scheduler makes every hop such a place. All declare
/// `.concurrentAccess`, so the model-based check runs them in parallel.
public enum RaceBugs {
    /// Where the racy actors "persist": another actor, reached by a plain hop (no yield, no sleep), as a
    /// store or a logger actor is in users' code.
    actor Disk {
        private var writes = 0
        func write() {
            writes += 1
        }
    }

    /// The state the racy actors share: values by id and ids in creation order.
    struct Store: Sendable {
        var todos: [Int: Todo] = [:]
        var order: [Int] = []

        mutating func put(_ todo: Todo) {
            if todos[todo.id] == nil { order.append(todo.id) }
            todos[todo.id] = todo
        }

        mutating func remove(_ id: Int) {
            guard todos.removeValue(forKey: id) != nil else { return }
            order.removeAll { $0 == id }
        }

        var all: [Todo] { order.compactMap { todos[$0] } }

        /// Throws `notFound` unless `id` is stored.
        func requireStored(_ id: Int) throws(RepositoryError) {
            guard todos[id] != nil else { throw RepositoryError.notFound("no todo \(id)") }
        }
    }

    /// Which of its writes copies the state, awaits the disk, and writes the copy back.
    enum LostWrite: Sendable { case create, update, delete }

    /// Loses concurrent writes in one of its operations: that operation snapshots the whole store, awaits
    /// the disk, then stores its snapshot, wiping out whatever ran during the `await`.
    public actor LosingWrites: RepositoryProtocol {
        private var store = Store()
        private let disk = Disk()
        private let losing: LostWrite

        init(_ losing: LostWrite) { self.losing = losing }

        public func create(_ todo: Todo) async throws -> Todo {
            guard store.todos[todo.id] == nil else { throw RepositoryError.conflict("todo \(todo.id) already exists") }
            try await write(.create) { $0.put(todo) }
            return todo
        }

        public func fetch(id: Int) -> Todo? { store.todos[id] }
        public func fetchAll() -> [Todo] { store.all }

        public func update(_ todo: Todo) async throws -> Todo {
            try store.requireStored(todo.id)
            try await write(.update) { $0.put(todo) }
            return todo
        }

        public func delete(id: Int) async throws {
            try store.requireStored(id)
            try await write(.delete) { $0.remove(id) }
        }

        private func write(_ operation: LostWrite, _ change: (inout Store) -> Void) async throws {
            if operation == losing {
                var copy = store
                change(&copy)
                await disk.write()
                store = copy
            } else {
                change(&store)
                await disk.write()
            }
        }
    }

    /// Checks that an id is free, awaits the disk, then stores: two creates of one id released together
    /// both succeed, and the second silently overwrites the first.
    public actor CheckThenActCreate: RepositoryProtocol {
        private var store = Store()
        private let disk = Disk()

        public func create(_ todo: Todo) async throws -> Todo {
            guard store.todos[todo.id] == nil else { throw RepositoryError.conflict("todo \(todo.id) already exists") }
            await disk.write()
            store.put(todo)
            return todo
        }

        public func fetch(id: Int) -> Todo? { store.todos[id] }
        public func fetchAll() -> [Todo] { store.all }

        public func update(_ todo: Todo) async throws -> Todo {
            try store.requireStored(todo.id)
            store.put(todo)
            await disk.write()
            return todo
        }

        public func delete(id: Int) async throws {
            try store.requireStored(id)
            store.remove(id)
            await disk.write()
        }
    }

    /// Assigns each created to-do the id after the last one it handed out, but takes that id only after
    /// awaiting the disk: two creates released together get the same id, and the second overwrites the
    /// first. Sequential checks, which make one create at a time, never see it.
    public actor RacingIDs: RepositoryProtocol {
        private var store = Store()
        private var lastID = 100
        private let disk = Disk()

        public func create(_ todo: Todo) async throws -> Todo {
            let id = lastID + 1
            await disk.write()
            lastID = id
            var stored = todo
            stored.id = id
            store.put(stored)
            return stored
        }

        public func fetch(id: Int) -> Todo? { store.todos[id] }
        public func fetchAll() -> [Todo] { store.all }

        public func update(_ todo: Todo) async throws -> Todo {
            try store.requireStored(todo.id)
            store.put(todo)
            await disk.write()
            return todo
        }

        public func delete(id: Int) async throws {
            try store.requireStored(id)
            store.remove(id)
            await disk.write()
        }
    }

    /// A read-through cache in front of a correct store that invalidates an entry before the write reaches
    /// the store: a fetch that missed and read the old value from the store before the write fills the
    /// cache after the invalidation, and later fetches serve the stale value. (Invalidating after the write
    /// has the mirror-image race, a fill that lands after the invalidation; on one thread that one needs
    /// two actors running at once, which the seeded scheduler does not produce: see the model-based
    /// article.)
    public actor RacingCache: RepositoryProtocol {
        private let backing = InMemoryTodoRepository()
        private var cache: [Int: Todo] = [:]

        public init() {}

        public func create(_ todo: Todo) async throws -> Todo {
            try await backing.create(todo)
        }

        public func fetch(id: Int) async -> Todo? {
            if let cached = cache[id] { return cached }
            let found = await backing.fetch(id: id)
            if let found { cache[id] = found }
            return found
        }

        public func fetchAll() async -> [Todo] { await backing.fetchAll() }

        public func update(_ todo: Todo) async throws -> Todo {
            cache[todo.id] = nil
            return try await backing.update(todo)
        }

        public func delete(id: Int) async throws {
            cache[id] = nil
            try await backing.delete(id: id)
        }
    }

    /// A correct class conformer: one lock around every access, no `await` inside.
    public final class LockedRepository: RepositoryProtocol, Sendable {
        private let store = Protected(Store())

        public init() {}

        public func create(_ todo: Todo) async throws -> Todo {
            try store.withLock { store throws(RepositoryError) in
                guard store.todos[todo.id] == nil else { throw RepositoryError.conflict("todo \(todo.id) already exists") }
                store.put(todo)
                return todo
            }
        }

        public func fetch(id: Int) async -> Todo? { store.withLock { $0.todos[id] } }
        public func fetchAll() async -> [Todo] { store.withLock { $0.all } }

        public func update(_ todo: Todo) async throws -> Todo {
            try store.withLock { store throws(RepositoryError) in
                try store.requireStored(todo.id)
                store.put(todo)
                return todo
            }
        }

        public func delete(id: Int) async throws {
            try store.withLock { store throws(RepositoryError) in
                try store.requireStored(id)
                store.remove(id)
            }
        }
    }

    static let capabilities: Capabilities = [.create, .update, .delete, .concurrentAccess]

    /// Loses a concurrent write in `create(_:)`.
    public static let lostCreate = Conformance<CRUD<Todo>>("lost-create", capabilities: capabilities, ordering: .insertion) {
        LosingWrites(.create)
    }
    /// Loses a concurrent write in `update(_:)`.
    public static let lostUpdate = Conformance<CRUD<Todo>>("lost-update", capabilities: capabilities, ordering: .insertion) {
        LosingWrites(.update)
    }
    /// Loses a concurrent write in `delete(id:)`.
    public static let lostDelete = Conformance<CRUD<Todo>>("lost-delete", capabilities: capabilities, ordering: .insertion) {
        LosingWrites(.delete)
    }
    /// ``CheckThenActCreate``.
    public static let checkThenActCreate = Conformance<CRUD<Todo>>(
        "check-then-act-create", capabilities: capabilities, ordering: .insertion
    ) { CheckThenActCreate() }
    /// ``RacingCache``.
    public static let racingCache = Conformance<CRUD<Todo>>("racing-cache", capabilities: capabilities, ordering: .insertion) {
        RacingCache()
    }
    /// ``LockedRepository``: correct.
    public static let locked = Conformance<CRUD<Todo>>("locked-class", capabilities: capabilities, ordering: .insertion) {
        LockedRepository()
    }

    /// ``RacingIDs``, declared with server-assigned ids.
    public static let racingIDs = Conformance<CRUD<Todo>>(
        "racing-ids", capabilities: capabilities.union(.serverAssignedIDs), ordering: .insertion, equivalence: SequenceBugs.serverIDs.promises.equivalence
    ) { RacingIDs() }
    /// ``SequenceBugs/ServerIDs``, declared safe under concurrent calls: correct (it takes each id before
    /// its first `await`).
    public static let serverIDs = Conformance<CRUD<Todo>>(
        "server-ids-concurrent", capabilities: capabilities.union(.serverAssignedIDs), ordering: .insertion,
        equivalence: SequenceBugs.serverIDs.promises.equivalence
    ) { SequenceBugs.ServerIDs() }

    /// Every racy conformer.
    public static let all: [Conformance<CRUD<Todo>>] = [lostCreate, lostUpdate, lostDelete, checkThenActCreate, racingCache, racingIDs]
}
