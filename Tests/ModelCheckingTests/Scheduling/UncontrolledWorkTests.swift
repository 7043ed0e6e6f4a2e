import BrokenExamples
import ContractEngine
import Foundation
import ModelChecking
import Testing
import TodoExample

/// Correct stores whose calls leave the seeded scheduler's hands: each forwards to the in-memory actor, but
/// from somewhere the scheduler does not run.
enum UncontrolledStores {
    /// Runs on the main actor.
    @MainActor final class MainActorStore: RepositoryProtocol {
        private let store = InMemoryTodoRepository()
        nonisolated init() {}
        func create(_ todo: Todo) async throws -> Todo { try await store.create(todo) }
        func fetch(id: Int) async -> Todo? { await store.fetch(id: id) }
        func fetchAll() async -> [Todo] { await store.fetchAll() }
        func update(_ todo: Todo) async throws -> Todo { try await store.update(todo) }
        func delete(id: Int) async throws { try await store.delete(id: id) }
    }

    /// Waits for a completion handler called on a Dispatch queue, as a URLSession or driver callback is.
    actor CallbackStore: RepositoryProtocol {
        private let store = InMemoryTodoRepository()

        private func afterCallback() async {
            await withCheckedContinuation { continuation in DispatchQueue.global().async { continuation.resume() } }
        }

        func create(_ todo: Todo) async throws -> Todo {
            await afterCallback()
            return try await store.create(todo)
        }
        func fetch(id: Int) async -> Todo? { await store.fetch(id: id) }
        func fetchAll() async -> [Todo] { await store.fetchAll() }
        func update(_ todo: Todo) async throws -> Todo {
            await afterCallback()
            return try await store.update(todo)
        }
        func delete(id: Int) async throws {
            await afterCallback()
            try await store.delete(id: id)
        }
    }

    /// Does its writes in an unstructured task and awaits it (a pattern some stores use to escape their
    /// caller's cancellation).
    actor UnstructuredStore: RepositoryProtocol {
        private let store = InMemoryTodoRepository()
        func create(_ todo: Todo) async throws -> Todo {
            let store = self.store
            return try await Task { try await store.create(todo) }.value
        }
        func fetch(id: Int) async -> Todo? { await store.fetch(id: id) }
        func fetchAll() async -> [Todo] { await store.fetchAll() }
        func update(_ todo: Todo) async throws -> Todo {
            let store = self.store
            return try await Task.detached { try await store.update(todo) }.value
        }
        func delete(id: Int) async throws { try await store.delete(id: id) }
    }

    static let capabilities: Capabilities = [.create, .update, .delete, .concurrentAccess]
    static let mainActor = Conformance<CRUD<Todo>>("main-actor-store", capabilities: capabilities, ordering: .insertion) { MainActorStore() }
    static let callback = Conformance<CRUD<Todo>>("callback-store", capabilities: capabilities, ordering: .insertion) { CallbackStore() }
    static let unstructured = Conformance<CRUD<Todo>>("unstructured-store", capabilities: capabilities, ordering: .insertion) {
        UnstructuredStore()
    }
}

@Suite("Seeded scheduler: work it cannot control is named, and the check falls back to free interleaving")
struct UncontrolledWorkTests {
    static let factory = ExampleContracts.todoFactory

    @Test("a store on the main actor, one answering from a Dispatch callback, one using unstructured and detached tasks: each passes, and the report names what came back from elsewhere",
          arguments: [
              (UncontrolledStores.mainActor, "from the main thread"), (UncontrolledStores.callback, "from other threads"),
              (UncontrolledStores.unstructured, "from other threads"),
          ])
    func namedAndFallsBack(_ conformance: Conformance<CRUD<Todo>>, source: String) async throws {
        let result = await ModelCheck.check(conformance, factory: Self.factory, runs: 1, seed: 5, parallelRuns: 10)
        #expect(result.passed, "\(result)")
        let uncontrolled = try #require(result.parallel?.uncontrolled, "\(result)")
        #expect(uncontrolled.description.contains(source), "\(uncontrolled)")
        #expect(result.description.contains("the seeded scheduler did not control this conformer"), "\(result)")
        #expect(result.description.contains("free interleaving"), "\(result)")
    }

    @Test("a failure whose tasks ran freely gets no replay promise: it says interleavings vary and why; one that ran on the scheduler gives its schedule and replays")
    func replayLine() {
        var report = SchedulerReport()
        report.jobsFromOtherThreads = 3
        let free = ParallelFailure.replayLine(schedule: nil, replays: (0, 0), uncontrolled: UncontrolledWork(report))
        #expect(free.contains("did not control this conformer: in one run, jobs came back 3 from other threads"), "\(free)")
        #expect(free.hasSuffix("Interleavings vary: the same plan may pass in another run."), "\(free)")
        #expect(!free.contains("Replays exactly"))
        let seeded = ParallelFailure.replayLine(schedule: 0xabc, replays: (10, 10), uncontrolled: nil)
        #expect(seeded.hasPrefix("Replays exactly: the tasks ran on a seeded scheduler (schedule 0x0000000000000abc)"), "\(seeded)")
        #expect(seeded.contains("failed in 10 of 10 replays") && !seeded.contains("may pass"), "\(seeded)")
    }
}

/// A correct bookmark store that answers from the main actor.
@MainActor final class MainActorBookmarks: BookmarkStore {
    private let store = InMemoryBookmarks()
    nonisolated init() {}
    func add(_ url: String, tags: Set<String>) async throws -> Bookmark { await store.add(url, tags: tags) }
    func bookmarks(tagged tag: String) async throws -> [Bookmark] { await store.bookmarks(tagged: tag) }
    func remove(url: String) async throws { try await store.remove(url: url) }
    func rename(url: String, to newURL: String) async throws { try await store.rename(url: url, to: newURL) }
    func all() async throws -> [Bookmark] { await store.all() }
}

extension UncontrolledWorkTests {
    @Test("the concurrent check of your own protocol names the main actor's work too, and passes a correct store with free interleaving")
    func ownProtocolNamesIt() async {
        let result = await ProtocolModelCheck.checkConcurrently(
            model: { InMemoryBookmarks() }, subject: { MainActorBookmarks() }, operations: BookmarkOperations.all,
            observe: { try await $0.all() }, runs: 5, seed: 3)
        #expect(result.passed, "\(result)")
        #expect(result.uncontrolledWork?.contains("from the main thread (work on the main actor)") == true, "\(result)")
        #expect(result.description.contains("the seeded scheduler did not control this conformer"), "\(result)")
    }

    @Test("REPOSITORY_CONTRACTS_SCHEDULER=free turns the scheduler off; without it, a run's tasks get the seed")
    func environmentTurnsItOff() async {
        let off = await ParallelScheduling(environment: ["REPOSITORY_CONTRACTS_SCHEDULER": "free"]).run(seed: 7) { 1 }
        #expect(off.schedule == nil)
        let on = await ParallelScheduling(environment: [:]).run(seed: 7) { 1 }
        #expect(on.schedule == 7)
        let scoped = await ParallelScheduling.$isTurnedOff.withValue(true) { await ParallelScheduling(environment: [:]).run(seed: 7) { 1 } }
        #expect(scoped.schedule == nil)
    }
}
