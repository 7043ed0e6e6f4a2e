import ContractEngine

extension CRUDClauses {
    /// Records a failure unless the repository still holds exactly `before` (a `fetchAll()` taken before a
    /// write that had to change nothing), compared with the declared equivalence: store-maintained fields
    /// (a version, `updatedAt`) count, since a refused write must leave them as they were too. `touched`,
    /// the id the write was about, must also still read back through `fetch(id:)` as it was (or stay
    /// missing).
    static func expectExactlyUnchanged(
        since before: [Entity], touched: Entity.ID, _ when: String, _ context: ClauseContext<CRUD<Entity>>
    ) async throws {
        let equivalence = context.repositoryPromises.declaredEquivalence
        let compared = "compared with \(equivalence.name), store-maintained fields included"
        let after = try await context.subject.fetchAll()
        let beforeIDs = Set(before.map(\.id)), afterIDs = Set(after.map(\.id))
        if beforeIDs != afterIDs || before.count != after.count {
            let added = after.filter { !beforeIDs.contains($0.id) }, removed = before.filter { !afterIDs.contains($0.id) }
            context.fail(
                "\(when): the set of stored entities changed (fetchAll())"
                    + (added.isEmpty ? "" : "; it now also holds ids \(abbreviate(added.map(\.id), limit: 200))")
                    + (removed.isEmpty ? "" : "; it lost ids \(abbreviate(removed.map(\.id), limit: 200))"),
                expected: "ids \(abbreviate(before.map(\.id), limit: 300))",
                actual: "ids \(abbreviate(after.map(\.id), limit: 300))"
                    + (added.isEmpty ? "" : ", the new ones \(abbreviate(added, limit: 300))"))
        }
        let afterByID = Dictionary(after.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for entity in before {
            if let now = afterByID[entity.id], !equivalence(now, entity) {
                context.fail("\(when): fetchAll() shows entity \(abbreviate(entity.id)) changed (\(compared))",
                             expected: abbreviate(entity), actual: abbreviate(now))
            }
        }
        let old = before.first { $0.id == touched }
        let fetched = try await context.subject.fetch(id: touched)
        switch (old, fetched) {
        case (nil, nil):
            break
        case (let old?, nil):
            context.fail("\(when): fetch(id: \(abbreviate(touched))) returned nil; the entity must still be there, as it was",
                         expected: abbreviate(old), actual: "nil")
        case (nil, let fetched?):
            context.fail("\(when): fetch(id: \(abbreviate(touched))) finds an entity that was not stored before",
                         expected: "nil", actual: abbreviate(fetched))
        case (let old?, let fetched?):
            if !equivalence(fetched, old) {
                context.fail("\(when): fetch(id: \(abbreviate(touched))) returns a changed entity (\(compared))",
                             expected: abbreviate(old), actual: abbreviate(fetched))
            }
        }
    }

    /// Reads `id` back with `fetch(id:)`: the entity as a client that goes on to write it sees it. `nil`,
    /// with a failure recorded, when the store lost it.
    static func readBack(_ id: Entity.ID, after what: String, _ context: ClauseContext<CRUD<Entity>>) async throws -> Entity? {
        guard let read = try await context.subject.fetch(id: id) else {
            context.fail("fetch(id: \(abbreviate(id))) returned nil after \(what)", expected: "the stored entity", actual: "nil")
            return nil
        }
        return read
    }
}
