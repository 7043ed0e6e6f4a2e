import RepositoryContractsPrimitives
import ContractEngine
import Testing

@Suite("EntityFactory")
struct EntityFactoryTests {
    @Test("a sound factory has no mistakes")
    func sound() {
        #expect(Item.factory.mistakes.isEmpty)
    }

    @Test("each kind of factory mistake is named", arguments: [
        (EntityFactory<Item>(make: { _ in Item(id: 1, value: 0) }, mutate: { Item(id: $0.id, value: $0.value + 1) }, identity: \.id),
         "make(1) and make(2) have the same id 1: distinct ordinals must give distinct ids"),
        (EntityFactory<Item>(make: { Item(id: $0, value: 0) }, mutate: { Item(id: $0.id + 1, value: 9) }, identity: \.id),
         "mutate(_:) changed the id from 1 to 2: it must keep the id"),
        (EntityFactory<Item>(make: { Item(id: $0, value: 0) }, mutate: { $0 }, identity: \.id),
         "mutate(_:) returned an equal entity: it must change the value"),
        (EntityFactory<Item>(make: { Item(id: $0, value: 0) }, mutate: { Item(id: $0.id, value: 7) }, identity: \.id),
         "mutate(_:) applied twice returned an equal entity: each call must change the value"),
        (EntityFactory<Item>(make: { Item(id: $0, value: 0) }, mutate: { Item(id: $0.id, value: $0.value + 1) }, twin: { item, _ in item }),
         "twin(of:_:) kept the id 1: a twin must have a new identity"),
    ])
    func mistakes(factory: EntityFactory<Item>, expected: String) {
        #expect(factory.mistakes.contains(expected))
    }

    @Test("a factory mistake fails every clause as a factory mistake, before the conformer is touched")
    func reportedAsFactoryMistake() async throws {
        let broken = EntityFactory<Item>(make: { Item(id: $0, value: 0) }, mutate: { $0 }, identity: \.id)
        let touched = Protected(false)
        var conformance = Item.conformance
        conformance.makeRepository = { touched.withLock { $0 = true }; return ItemStore.witness() }
        let contract = Contract<CRUD<Item>>("factory", terms: CRUD(factory: broken), clauses: [Clause("any", "anything") { _ in }])
        let result = try #require(await contract.cases(for: conformance).first?.run())
        #expect(result.status == .failed)
        #expect(result.failures.allSatisfy { $0.message.hasPrefix("factory mistake (not a conformer bug):") })
        #expect(touched.withLock { $0 } == false)
    }
}

@Suite("RequestPolicy")
struct PolicyTests {
    @Test("a bare rejection accepts any error; a kinded one only that kind")
    func rejections() {
        #expect(RequestPolicy.rejected.accepts(.rejected(.notFound)))
        #expect(RequestPolicy.rejected.accepts(.rejected(nil)))
        #expect(RequestPolicy.rejected(as: .notFound).accepts(.rejected(.notFound)))
        #expect(!RequestPolicy.rejected(as: .notFound).accepts(.rejected(.conflict)))
        #expect(!RequestPolicy.rejected(as: .notFound).accepts(.rejected(nil)))
        #expect(!RequestPolicy.rejected.accepts(.ignored))
        #expect(!RequestPolicy.rejectedOrIgnored.accepts(.applied))
        #expect(RequestPolicy([.applied]).accepts(.applied))
    }
}

/// A reference-type entity, to check that the factory is validated on fresh instances.
private final class Box: Identifiable, Equatable, @unchecked Sendable {
    var id: Int
    var value: Int
    init(id: Int, value: Int) { self.id = id; self.value = value }
    static func == (lhs: Box, rhs: Box) -> Bool { lhs.id == rhs.id && lhs.value == rhs.value }
}

@Suite("EntityFactory for reference types")
struct ReferenceEntityFactoryTests {
    @Test("a mutate that changes its argument in place is named as a factory mistake")
    func inPlaceMutate() {
        let factory = EntityFactory<Box>(
            make: { Box(id: $0, value: 0) }, mutate: { $0.value += 1; return $0 }, twin: { Box(id: $1, value: $0.value) })
        #expect(factory.mistakes == ["mutate(_:) changed the entity it was given: return a changed copy (in-place changes belong in alter)"])
    }

    @Test("a mutate that returns a changed copy is sound")
    func copyingMutate() {
        let factory = EntityFactory<Box>(
            make: { Box(id: $0, value: 0) }, mutate: { Box(id: $0.id, value: $0.value + 1) }, twin: { Box(id: $1, value: $0.value) })
        #expect(factory.mistakes.isEmpty)
    }
}
