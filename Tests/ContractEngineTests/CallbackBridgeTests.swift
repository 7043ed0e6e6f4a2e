import ContractEngine
import Testing

/// A legacy store whose completion handlers misbehave on request.
private final class CallbackStore: Sendable {
    enum Fault: Sendable { case none, callTwice, neverCall }
    let fault: Fault
    init(_ fault: Fault) { self.fault = fault }

    func load(_ completion: @escaping @Sendable (Result<[Int], any Error>) -> Void) {
        switch fault {
        case .none: completion(.success([1, 2]))
        case .callTwice:
            completion(.success([1]))
            completion(.success([2]))
        case .neverCall: return
        }
    }
}

@Suite("withCompletion")
struct CallbackBridgeTests {
    @Test("returns the value a well-behaved completion handler passes")
    func wellBehaved() async throws {
        let store = CallbackStore(.none)
        let value = try await withCompletion("load") { store.load($0) }
        #expect(value == [1, 2])
    }

    @Test("a handler dropped uncalled throws at once instead of hanging")
    func neverCalled() async throws {
        let store = CallbackStore(.neverCall)
        await #expect(throws: CallbackError.completionNeverCalled(operation: "load")) {
            try await withCompletion("load") { store.load($0) }
        }
    }

    @Test("a handler called twice keeps the first answer and reports the second to the running clause")
    func calledTwice() async throws {
        let store = CallbackStore(.callTwice)
        let contract = Contract<CRUD<Item>>("callbacks", terms: CRUD(factory: Item.factory), clauses: [
            Clause("load.once", "load answers once") { _ in
                let value = try await withCompletion("load") { store.load($0) }
                #expect(value == [1])
            },
        ])
        let result = try #require(await contract.cases(for: Item.conformance).first?.run())
        #expect(result.status == .failed)
        #expect(result.failures.map(\.message) == ["completion handler of load was called 2 times; it must be called exactly once"])
    }

    @Test("Result-callback adapters surface a dropped handler as the operation's failure")
    func resultCallbacks() async throws {
        let witness = RepositoryWitness<Item>.callbacks(
            create: { item, done in done(.success(item)) },
            fetch: { _, _ in },
            fetchAll: { done in done(.success([])) },
            update: { item, done in done(.success(item)) },
            delete: { _, done in done(.success(())) })
        await #expect(throws: CallbackError.completionNeverCalled(operation: "fetch(id:)")) {
            _ = try await witness.fetch(1)
        }
        #expect(try await witness.fetchAll().isEmpty)
    }
}
