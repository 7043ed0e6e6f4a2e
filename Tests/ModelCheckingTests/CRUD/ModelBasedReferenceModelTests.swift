import BrokenExamples
import ContractEngine
import ModelChecking
import Testing
import TodoExample

@Suite("ModelBased › reference model")
struct ModelBasedReferenceModelTests {
    static let factory = ExampleContracts.todoFactory
    static func todo(_ ordinal: Int) -> Todo { factory.make(ordinal) }

    @Test("the default policies: update and create of the wrong id are questionable, the rest must succeed")
    func defaultPolicies() {
        var model = ReferenceModel<Todo>(policies: RequestPolicies(), ordering: .insertion)
        #expect(model.policy(forCreate: Self.todo(1)) == nil)
        model.create(Self.todo(1))
        #expect(model.policy(forCreate: Self.todo(1)) == .rejected)
        #expect(model.policy(forUpdate: Self.todo(2)) == .rejected)
        #expect(model.policy(forUpdate: Self.todo(1).toggled()) == nil)
        #expect(model.policy(forDelete: 2) == .rejectedOrIgnored)
        #expect(model.policy(forDelete: 1) == nil)
    }

    @Test("insertion order: an update keeps its place, a re-create after delete goes last, an upsert appends")
    func insertionOrder() {
        var model = ReferenceModel<Todo>(policies: RequestPolicies(updateOfMissing: RequestPolicy([.applied])), ordering: .insertion)
        for ordinal in 1...3 { model.create(Self.todo(ordinal)) }
        model.update(Self.todo(1).toggled())
        #expect(model.fetchAll().map(\.id) == [1, 2, 3])
        #expect(model.fetch(id: 1) == Self.todo(1).toggled())
        model.delete(id: 1)
        model.create(Self.todo(1))
        #expect(model.fetchAll().map(\.id) == [2, 3, 1])
        model.update(Self.todo(9), outcome: .applied)
        #expect(model.fetchAll().map(\.id) == [2, 3, 1, 9])
    }

    @Test("an overwriting create keeps the entity's place; rejected and ignored requests change nothing")
    func outcomes() {
        var model = ReferenceModel<Todo>(policies: RequestPolicies(createOfExisting: RequestPolicy([.applied])), ordering: .insertion)
        model.create(Self.todo(1))
        model.create(Self.todo(2))
        model.create(Self.todo(1).toggled(), outcome: .applied)
        #expect(model.fetchAll() == [Self.todo(1).toggled(), Self.todo(2)])
        model.update(Self.todo(5), outcome: .rejected(.notFound))
        model.update(Self.todo(6), outcome: .ignored)
        model.delete(id: 2, outcome: .rejected(nil))
        #expect(model.fetchAll().map(\.id) == [1, 2])
    }

    @Test("a sorted order arranges fetchAll")
    func sorted() {
        var model = ReferenceModel<Todo>(policies: RequestPolicies(), ordering: .sorted("by id, descending") { $0.id > $1.id })
        for ordinal in [2, 5, 1] { model.create(Self.todo(ordinal)) }
        #expect(model.fetchAll().map(\.id) == [5, 2, 1])
        #expect(model.contentsInCreationOrder.map(\.id) == [2, 5, 1])
    }

    @Test("hand-written sequences the CRUD clauses exercise pass on the correct in-memory repository")
    func handWrittenSequencesPass() async {
        let sequences: [[ModelOperation]] = [
            // update.lastWriteWins
            [.create(ordinal: 1), .create(ordinal: 2), .update(.created(0)), .update(.created(0)), .fetchAll, .fetch(.created(0))],
            // update.deletedIDDoesNotResurrect, delete.twiceFollowsPolicy
            [.create(ordinal: 1), .create(ordinal: 2), .create(ordinal: 3), .delete(.created(1)), .update(.created(1)),
             .delete(.created(1)), .fetchAll],
            // create.existingIDFollowsPolicy, create.afterDeleteStoresAgain
            [.create(ordinal: 1), .create(ordinal: 2), .createAgain(.created(0)), .delete(.created(0)),
             .createAgain(.created(0)), .fetchAll, .fetch(.created(0))],
            // missing ids
            [.fetch(.unknown(0)), .update(.unknown(1)), .delete(.unknown(0)), .fetchAll],
        ]
        for sequence in sequences {
            let result = await ModelCheck.replay(sequence, on: ExampleContracts.inMemory, factory: Self.factory)
            #expect(result.passed, "\(result)")
        }
    }

    @Test("a sequence the model says is wrong fails at the step that shows it")
    func handWrittenSequenceFails() async throws {
        let steps: [ModelOperation] = [.create(ordinal: 1), .update(.created(0)), .delete(.created(0)), .fetch(.created(0))]
        let result = await ModelCheck.replay(steps, on: SequenceBugs.staleCache, factory: Self.factory)
        let failure = try #require(result.failure)
        #expect(failure.divergence.step == 3)
        #expect(failure.divergence.signature == "fetch.value")
        #expect(failure.divergence.expected == "returns nil")
    }

    @Test("a conformer that declared an upsert policy passes when it upserts, and fails when it does not declare it")
    func policiesAreHonoured() async {
        let upserting = Conformance<CRUD<Todo>>("upserting", policies: RequestPolicies(updateOfMissing: RequestPolicy([.applied, .rejected(nil)])),
                                          ordering: .insertion) { Upserting() }
        let steps: [ModelOperation] = [.create(ordinal: 1), .update(.unknown(0)), .fetchAll, .fetch(.unknown(0))]
        #expect(await ModelCheck.replay(steps, on: upserting, factory: Self.factory).passed)
        var strict = upserting
        strict.promises.policies = RequestPolicies()
        let result = await ModelCheck.replay(steps, on: strict, factory: Self.factory)
        #expect(result.failure?.divergence.signature == "update.policy", "\(result)")
    }
}

/// Upserts on update of a missing id.
private actor Upserting: RepositoryProtocol {
    private var todos: [Todo] = []

    func create(_ todo: Todo) throws -> Todo {
        guard !todos.contains(where: { $0.id == todo.id }) else { throw RepositoryError.conflict() }
        todos.append(todo)
        return todo
    }

    func fetch(id: Int) -> Todo? { todos.first { $0.id == id } }
    func fetchAll() -> [Todo] { todos }

    func update(_ todo: Todo) -> Todo {
        if let index = todos.firstIndex(where: { $0.id == todo.id }) { todos[index] = todo } else { todos.append(todo) }
        return todo
    }

    func delete(id: Int) throws {
        guard let index = todos.firstIndex(where: { $0.id == id }) else { throw RepositoryError.notFound() }
        todos.remove(at: index)
    }
}
