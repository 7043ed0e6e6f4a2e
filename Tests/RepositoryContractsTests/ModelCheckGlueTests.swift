import Foundation
import RepositoryContracts
import RepositoryContractsXCTest
import Testing
import TodoExample
import XCTest

/// The Swift Testing glue for model-based checks: one issue at the caller's line per falsified check.
@Suite("ModelCheck glue")
struct ModelCheckGlueTests {
    static let factory = ExampleContracts.todoFactory

    @Test("the correct in-memory repository passes, recording nothing")
    func inMemoryPasses() async {
        let result = await ExampleContracts.inMemory.verifyModel(factory: Self.factory, seed: 0x5EED)
        #expect(result.passed)
        #expect(result.runs == ModelCheck.defaultRuns)
    }

    @Test("a wrong conformer gives one issue at the caller's line with the minimal sequence and the seed")
    func wrongConformerFails() async throws {
        let expected = try #require(await ModelCheck.check(ModelCheckWrongConformers.staleCache, factory: Self.factory, seed: 5).failure)
        let seedLine = "REPOSITORY_CONTRACTS_SEED=0x" + String(repeating: "0", count: 16 - String(expected.seed, radix: 16).count)
            + String(expected.seed, radix: 16)
        let replay = "ModelCheck.replay(\(expected.shrunk.swiftSource), …)"
        let issues = ModelCheckIssueCounter()
        let line = #line + 2
        await withKnownIssue {
            let result = await ModelCheckWrongConformers.staleCache.verifyModel(factory: Self.factory, seed: 5)
            #expect(result.failure?.shrunk == expected.shrunk)
        } matching: { issue in
            issues.increment()
            let text = issue.comments.map(\.rawValue).joined(separator: "\n")
            return issue.sourceLocation?.line == line && issue.sourceLocation?.fileName == "ModelCheckGlueTests.swift"
                && text.contains(seedLine) && text.contains(replay)
                && text.hasPrefix("Model-based check of stale-cache falsified")
                && text.contains("// ✗ expected returns nil")
        }
        #expect(issues.count == 1)
        #expect(expected.shrunk.map(\.kind) == ["create", "update", "delete", "fetch"])
    }

    @Test("differential: in-memory against a wrong conformer reports the difference with both outcomes")
    func differential() async {
        let same = await ExampleContracts.inMemory.verifyModel(against: ExampleContracts.inMemory, factory: Self.factory, seed: 3)
        #expect(same.passed)
        let issues = ModelCheckIssueCounter()
        await withKnownIssue {
            let result = await ExampleContracts.inMemory.verifyModel(
                against: ModelCheckWrongConformers.swapRemove, factory: Self.factory, seed: 3)
            #expect(result.failure?.divergence.signature == "fetchAll.order")
        } matching: { issue in
            issues.increment()
            let text = issue.comments.map(\.rawValue).joined(separator: "\n")
            return text.hasPrefix("Model-based check of in-memory against swap-remove falsified")
                && text.contains("in-memory returned [") && text.contains("swap-remove returned [")
                && text.contains("REPOSITORY_CONTRACTS_SEED=0x")
        }
        #expect(issues.count == 1)
    }

    @Test("a subject that cannot be made is an issue too")
    func setupError() async {
        struct Boom: Error {}
        let broken = Conformance<Todo>("no subject") { () async throws -> RepositoryWitness<Todo> in throw Boom() }
        await withKnownIssue {
            let result = await broken.verifyModel(factory: Self.factory, runs: 1, seed: 1)
            #expect(result.setupError != nil)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("could not run: makeSubject() threw") }
        }
    }
}

/// Counts the issues a `withKnownIssue` matcher sees.
final class ModelCheckIssueCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return value
    }

    func increment() {
        lock.lock()
        value += 1
        lock.unlock()
    }
}

/// The XCTest glue for model-based checks (a failure would be an `XCTFail` at the caller's line; Linux XCTest
/// cannot expect one, so only passing checks run here).
final class ModelCheckXCTestGlueTests: XCTestCase {
    func testInMemoryMatchesTheModelThroughXCTest() async {
        let result = await ExampleContracts.inMemory.assertModelCheck(factory: ExampleContracts.todoFactory, runs: 20, seed: 0x5EED)
        XCTAssertTrue(result.passed)
        XCTAssertEqual(result.runs, 20)
    }

    func testInMemoryAgreesWithItselfThroughXCTest() async {
        let result = await ExampleContracts.inMemory.assertModelCheck(
            against: ExampleContracts.inMemory, factory: ExampleContracts.todoFactory, runs: 20, seed: 3)
        XCTAssertTrue(result.passed)
    }

    func testAWrongConformerIsFalsified() async {
        // Through the engine, not the glue: the glue would XCTFail, which Linux XCTest cannot expect.
        let result = await ModelCheck.check(ModelCheckWrongConformers.lostWrite, factory: ExampleContracts.todoFactory, seed: 11)
        XCTAssertFalse(result.passed)
        XCTAssertTrue(result.description.contains("REPOSITORY_CONTRACTS_SEED=0x"))
    }
}

/// Deliberately wrong Todo repositories whose bug shows only after a particular sequence of operations
/// (copies of the engine tests' `WrongConformers`, which live in another test target).
enum ModelCheckWrongConformers {
    /// Ids are `count + 1`: after a delete, the next create reuses the id of an entity still stored.
    actor IDReusing: RepositoryProtocol {
        private var todos: [Int: Todo] = [:]
        private var order: [Int] = []

        func create(_ todo: Todo) -> Todo {
            var stored = todo
            stored.id = todos.count + 1
            if todos[stored.id] == nil { order.append(stored.id) }
            todos[stored.id] = stored
            return stored
        }

        func fetch(id: Int) -> Todo? { todos[id] }
        func fetchAll() -> [Todo] { order.compactMap { todos[$0] } }

        func update(_ todo: Todo) throws -> Todo {
            guard todos[todo.id] != nil else { throw RepositoryError.notFound() }
            todos[todo.id] = todo
            return todo
        }

        func delete(id: Int) throws {
            guard todos.removeValue(forKey: id) != nil else { throw RepositoryError.notFound() }
            order.removeAll { $0 == id }
        }
    }

    /// Keeps updated values in a read cache that delete forgets to evict.
    actor StaleCache: RepositoryProtocol {
        private let store = InMemoryTodoRepository()
        private var cache: [Int: Todo] = [:]

        func create(_ todo: Todo) async throws -> Todo {
            cache[todo.id] = nil
            return try await store.create(todo)
        }

        func fetch(id: Int) async -> Todo? {
            if let cached = cache[id] { return cached }
            return await store.fetch(id: id)
        }

        func fetchAll() async -> [Todo] { await store.fetchAll() }

        func update(_ todo: Todo) async throws -> Todo {
            let stored = try await store.update(todo)
            cache[todo.id] = stored
            return stored
        }

        func delete(id: Int) async throws { try await store.delete(id: id) }
    }

    /// Deletes by moving the last entity into the gap, breaking insertion order.
    actor SwapRemove: RepositoryProtocol {
        private var todos: [Todo] = []

        func create(_ todo: Todo) throws -> Todo {
            guard !todos.contains(where: { $0.id == todo.id }) else { throw RepositoryError.conflict() }
            todos.append(todo)
            return todo
        }

        func fetch(id: Int) -> Todo? { todos.first { $0.id == id } }
        func fetchAll() -> [Todo] { todos }

        func update(_ todo: Todo) throws -> Todo {
            guard let index = todos.firstIndex(where: { $0.id == todo.id }) else { throw RepositoryError.notFound() }
            todos[index] = todo
            return todo
        }

        func delete(id: Int) throws {
            guard let index = todos.firstIndex(where: { $0.id == id }) else { throw RepositoryError.notFound() }
            todos.swapAt(index, todos.count - 1)
            todos.removeLast()
        }
    }

    /// Drops the second of two updates of the same id made back to back (while still returning it).
    actor LostWrite: RepositoryProtocol {
        private let store = InMemoryTodoRepository()
        private var lastCallUpdated: Int?

        func create(_ todo: Todo) async throws -> Todo {
            lastCallUpdated = nil
            return try await store.create(todo)
        }

        func fetch(id: Int) async -> Todo? {
            lastCallUpdated = nil
            return await store.fetch(id: id)
        }

        func fetchAll() async -> [Todo] {
            lastCallUpdated = nil
            return await store.fetchAll()
        }

        func update(_ todo: Todo) async throws -> Todo {
            if lastCallUpdated == todo.id { return todo }
            lastCallUpdated = nil
            let stored = try await store.update(todo)
            lastCallUpdated = todo.id
            return stored
        }

        func delete(id: Int) async throws {
            lastCallUpdated = nil
            try await store.delete(id: id)
        }
    }

    static let idReusing = Conformance<Todo>(
        "id-reusing", capabilities: [.create, .update, .delete, .serverAssignedIDs], ordering: .insertion,
        equivalence: .normalizing("== ignoring id") { todo in
            var copy = todo
            copy.id = 0
            return copy
        }
    ) { IDReusing() }

    static let staleCache = Conformance<Todo>("stale-cache", ordering: .insertion) { StaleCache() }
    static let swapRemove = Conformance<Todo>("swap-remove", ordering: .insertion) { SwapRemove() }
    static let lostWrite = Conformance<Todo>("lost-write", ordering: .insertion) { LostWrite() }
}
