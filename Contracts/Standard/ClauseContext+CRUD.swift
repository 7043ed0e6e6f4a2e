import ContractEngine

extension ClauseContext where Terms: RepositoryTerms {
    /// Creates each entity in order and returns them as stored.
    func createAll(_ entities: [Terms.Entity]) async throws -> [Terms.Entity] {
        var stored: [Terms.Entity] = []
        for entity in entities {
            stored.append(try await subject.create(entity))
        }
        return stored
    }

    /// Creates `count` new entities and returns them as stored.
    func createNew(_ count: Int) async throws -> [Terms.Entity] {
        try await createAll(newEntities(count))
    }

    /// Records a failure unless `observed` is one of the outcomes `policy` allows.
    func expect(_ observed: RequestOutcome, allowedBy policy: RequestPolicy, named name: String, for request: String) {
        if !policy.accepts(observed) {
            fail("\(request) was \(observed), which the declared \(name) policy does not allow "
                 + "(conformance declared at \(conformance.declaredAt))",
                 expected: policy.description, actual: observed.description)
        }
    }

    /// Records a failure unless the repository still holds exactly `before`.
    func expectUnchanged(since before: [Terms.Entity], _ when: String) async throws {
        let after = try await subject.fetchAll()
        let beforeIDs = Set(before.map(\.id)), afterIDs = Set(after.map(\.id))
        if beforeIDs != afterIDs || before.count != after.count {
            return fail("\(when): the set of stored entities changed",
                        expected: abbreviate(before.map(\.id), limit: 400), actual: abbreviate(after.map(\.id), limit: 400))
        }
        for entity in before {
            if let now = after.first(where: { $0.id == entity.id }), !repositoryPromises.equivalence(now, entity) {
                fail("\(when): entity \(abbreviate(entity.id)) changed", expected: abbreviate(entity), actual: abbreviate(now))
            }
        }
    }

    /// The outcome of a call that returned: `.applied` when `id` is now stored, `.ignored` when it is not.
    func returnedOutcome(for id: Terms.Entity.ID) async throws -> RequestOutcome {
        try await subject.fetch(id: id) == nil ? .ignored : .applied
    }
}
