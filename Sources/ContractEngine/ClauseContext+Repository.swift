/// The entity helpers of a clause over a repository (``CRUD``, caching): fresh entities from the
/// factory, and checks that read the conformer's declared equivalence and order.
extension ClauseContext where Terms: RepositoryTerms {
    /// The entity factory.
    public var factory: EntityFactory<Terms.Entity> { terms.factory }

    /// The conformer's repository promises.
    public var repositoryPromises: RepositoryPromises<Terms.Entity> { terms.repositoryPromises(in: promises) }

    // MARK: Entities

    /// A new entity whose id no other entity in this clause has.
    public func newEntity() -> Terms.Entity {
        factory.make(takeOrdinal())
    }

    /// `count` new entities with distinct ids.
    public func newEntities(_ count: Int) -> [Terms.Entity] {
        (0..<count).map { _ in newEntity() }
    }

    /// A new entity and a second, separately made instance of it (same ordinal): for checking that
    /// changing one instance does not change what is stored.
    public func newEntityAndCopy() -> (entity: Terms.Entity, copy: Terms.Entity) {
        let ordinal = takeOrdinal()
        return (factory.make(ordinal), factory.make(ordinal))
    }

    /// An entity with the same content as `entity` and an id no other entity in this clause has.
    public func twin(of entity: Terms.Entity) -> Terms.Entity {
        factory.twin(entity, takeOrdinal())
    }

    /// `entity` with the same id and a different value.
    public func mutated(_ entity: Terms.Entity) -> Terms.Entity {
        factory.mutate(entity)
    }

    /// An id that no entity in this clause has, or will have.
    ///
    /// It comes from ordinals above one million, far from the ids a backend that numbers entities from 1
    /// assigns in one clause.
    public func unknownID() -> Terms.Entity.ID {
        factory.make(1_000_000 + takeOrdinal()).id
    }

    // MARK: Checks

    /// Records a failure unless `actual` is an entity equivalent to `expected`.
    public func expectEquivalent(
        _ actual: Terms.Entity?, _ expected: Terms.Entity, _ what: String,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        let location = CheckLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let actual else {
            return fail("\(what) returned nil", expected: abbreviate(expected), actual: "nil", at: location)
        }
        let equivalence = repositoryPromises.equivalence
        if !equivalence(actual, expected) {
            fail(
                "\(what) is not equivalent (\(equivalence.name)) to what was stored",
                expected: abbreviate(expected), actual: abbreviate(actual), at: location)
        } else {
            noteCheck(at: location)
        }
    }

    /// Records a failure unless the repository holds exactly `model`, as seen through both `fetchAll()`
    /// and `fetch(id:)`: same ids, no duplicates, equivalent values, and the declared order.
    ///
    /// `model` lists the entities in the order they were first created. Pass `ignoringOrder` when that
    /// order is unknown (after concurrent creates).
    public func expectContents(
        _ model: [Terms.Entity], _ when: String, ignoringOrder: Bool = false,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) async throws {
        let location = CheckLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        noteCheck(at: location)
        func fail(_ message: String, expected: String? = nil, actual: String? = nil) {
            self.fail(message, expected: expected, actual: actual, at: location)
        }
        let promises = repositoryPromises
        let all = try await subject.fetchAll()
        let ids = all.map { $0.id }
        let duplicates = Dictionary(grouping: ids, by: { $0 }).filter { $0.value.count > 1 }.keys
        if !duplicates.isEmpty {
            fail("\(when): fetchAll() returned duplicate ids \(abbreviate(Array(duplicates)))")
        }
        let expectedIDs = Set(model.map { $0.id })
        let storedIDs = Set(ids)
        let missing = model.filter { !storedIDs.contains($0.id) }.map { $0.id }
        let unexpected = all.filter { !expectedIDs.contains($0.id) }
        if !missing.isEmpty {
            fail("\(when): fetchAll() is missing ids \(abbreviate(missing))", expected: "\(model.count) entities", actual: "\(all.count)")
        }
        if !unexpected.isEmpty {
            fail("\(when): fetchAll() holds entities that should not be there", expected: "none", actual: abbreviate(unexpected, limit: 400))
        }
        let byID = Dictionary(all.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for entity in model {
            if let found = byID[entity.id], !promises.equivalence(found, entity) {
                fail("\(when): fetchAll() returned a different value for id \(abbreviate(entity.id))",
                     expected: abbreviate(entity), actual: abbreviate(found))
            }
            let fetched = try await subject.fetch(id: entity.id)
            if fetched == nil {
                fail("\(when): fetch(id: \(abbreviate(entity.id))) returned nil for a stored entity", expected: abbreviate(entity), actual: "nil")
            } else if let fetched, !promises.equivalence(fetched, entity) {
                fail("\(when): fetch(id: \(abbreviate(entity.id))) disagrees with what was stored",
                     expected: abbreviate(entity), actual: abbreviate(fetched))
            }
        }
        if promises.ordering.isSpecified, !ignoringOrder, duplicates.isEmpty, missing.isEmpty, unexpected.isEmpty {
            expectOrder(all, createdAs: model, "\(when): fetchAll()", at: location)
        }
    }

    /// Records a failure unless `returned` is in the declared order, judged on the values the store
    /// returned (so a sort key the store maintains counts as the store set it); `model` lists the entities
    /// in creation order, for insertion order and for ties a stable sort orders by creation.
    public func expectOrder(
        _ returned: [Terms.Entity], createdAs model: [Terms.Entity], _ what: String,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        expectOrder(
            returned, createdAs: model, what,
            at: CheckLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    func expectOrder(_ returned: [Terms.Entity], createdAs model: [Terms.Entity], _ what: String, at location: CheckLocation) {
        let ordering = repositoryPromises.ordering
        let rank = Dictionary(model.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        guard let index = ordering.firstViolation(in: returned, creationRank: { rank[$0] }) else {
            return noteCheck(at: location)
        }
        let pair = [returned[index - 1], returned[index]]
        let byCreation = returned.sorted { (rank[$0.id] ?? .max) < (rank[$1.id] ?? .max) }
        fail("\(what) is not in the declared order (\(ordering)): entity \(abbreviate(pair[1].id)) at index \(index) "
             + "should come before \(abbreviate(pair[0].id))",
             expected: abbreviate(ordering.arrange(byCreation).map { $0.id }, limit: 400),
             actual: abbreviate(returned.map { $0.id }, limit: 400), at: location)
    }

    /// Calls an operation the conformer may legitimately refuse, and returns what it did: the value it
    /// returned, or the error it threw.
    ///
    /// A call that timed out, or whose completion handler was dropped, is not a refusal but a failure: it
    /// is rethrown.
    public func attempt<Value: Sendable>(_ call: () async throws -> Value) async throws -> Result<Value, any Error> {
        do {
            return .success(try await call())
        } catch let failure as OperationFailure {
            guard case .threw(let error) = failure.reason.kind, !(error is CallbackError) else { throw failure }
            return .failure(error)
        }
    }

    /// The outcome a thrown error stands for, classified by the conformance.
    public func rejection(_ error: any Error) -> RequestOutcome {
        .rejected(repositoryPromises.classifyError(error))
    }
}
