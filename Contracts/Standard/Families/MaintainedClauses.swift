import ContractEngine

extension CRUDClauses {
    /// The `maintained.*` clauses: the store-maintained fields' rules (``StoreMaintained``). Every update
    /// they send carries the factory's placeholder values in those fields, as a client that never read
    /// them would: the store must set them itself.
    static var maintained: [Clause<CRUD<Entity>>] {
        [
            Clause("maintained.sameOnEveryRead", "create(_:) returns the store-maintained fields the store then shows on every read",
                   requires: .create, when: needsMaintained()) { context in
                let created = try await context.createNew(2)
                for entity in created {
                    let fetched = try await context.subject.fetch(id: entity.id)
                    context.expectSameMaintained(fetched, as: entity, "fetch(id: \(entity.id)) after create, against what create(_:) returned")
                }
                let listed = try await context.subject.fetchAll()
                for entity in created {
                    context.expectSameMaintained(listed.first { $0.id == entity.id }, as: entity, "fetchAll()'s entity \(entity.id), against what create(_:) returned")
                }
            },
            Clause("maintained.readsLeaveThemAlone", "reads leave the store-maintained fields as they were",
                   requires: .create, when: needsMaintained()) { context in
                let created = try await context.createNew(2)
                for _ in 0..<3 {
                    _ = try await context.subject.fetchAll()
                    for entity in created { _ = try await context.subject.fetch(id: entity.id) }
                }
                for entity in created {
                    context.expectSameMaintained(try await context.subject.fetch(id: entity.id), as: entity, "fetch(id: \(entity.id)) after seven reads")
                }
            },
            Clause("maintained.versionIncreasesOnEveryWrite", "every update stores and returns a larger version",
                   requires: [.create, .update], when: needsMaintained(.version)) { context in
                try await context.checkWrites(of: .version) { field, before, after in field.increased(from: before, to: after) == true }
            },
            Clause("maintained.entityTagChangesWithContent", "every update that changes the content stores and returns another entity tag",
                   requires: [.create, .update], when: needsMaintained(.entityTag)) { context in
                try await context.checkWrites(of: .entityTag) { field, before, after in !field.hasSameValue(before, after) }
            },
            Clause("maintained.refreshedOnEveryWrite", "every update stores and returns a refreshed timestamp: never earlier, later when the store's time moved",
                   requires: [.create, .update], when: needsMaintained(.refreshedOnWrite)) { context in
                let timeMoves = context.subject.witness.moveStoreTime != nil
                try await context.checkWrites(of: .refreshedOnWrite) { field, before, after in
                    timeMoves ? field.increased(from: before, to: after) == true : field.increased(from: after, to: before) == false
                }
            },
            Clause("maintained.keptFromCreate", "updates keep the fields the store set on create",
                   requires: [.create, .update], when: needsMaintained(.setOnCreate)) { context in
                try await context.checkWrites(of: .setOnCreate) { field, before, after in field.hasSameValue(before, after) }
            },
            Clause("maintained.refusedCreateLeavesThemAlone", "a create refused for an existing id leaves the stored entity's fields as they were",
                   requires: .create, forbids: .serverAssignedIDs,
                   when: { promises, _ in
                       if promises.storeMaintained.isEmpty { return "no store-maintained field is declared (.maintaining(…))" }
                       return promises.policies.createOfExisting.allowed.allSatisfy { if case .rejected = $0 { true } else { false } }
                           ? nil : "create of an existing id may be applied or ignored (the createOfExisting policy)"
                   }) { context in
                let stored = try await context.createNew(1)[0]
                await context.moveStoreTime()
                _ = try await context.attempt { try await context.subject.create(context.mutated(stored)) }
                let now = try await context.subject.fetch(id: stored.id)
                context.expectSameMaintained(now, as: stored, "fetch(id: \(stored.id)) after a refused create of its id")
                if let now, !context.repositoryPromises.declaredEquivalence(now, stored) {
                    context.fail("a refused create of id \(stored.id) changed the stored entity", expected: "\(stored)", actual: "\(now)")
                }
            },
        ]
    }

    /// A clause condition: the conformance declares a store-maintained field, of `rule` when given.
    static func needsMaintained(_ rule: StoreMaintained<Entity>.Rule? = nil) -> @Sendable (RepositoryPromises<Entity>, EntityFactory<Entity>) -> String? {
        { promises, _ in
            guard let rule else {
                return promises.storeMaintained.isEmpty ? "no store-maintained field is declared (.maintaining(…))" : nil
            }
            return promises.storeMaintained.contains { $0.rule == rule }
                ? nil : "no store-maintained field of rule .\(rule) is declared (.maintaining(…))"
        }
    }
}

extension ClauseContext where Terms: RepositoryTerms {
    /// Moves the store's time forward when its witness can (``RepositoryWitness/moveStoreTime``).
    func moveStoreTime() async {
        await subject.witness.moveStoreTime?()
    }

    /// `entity` with every store-maintained field set to what a client that never read it sends: the
    /// factory's value for a fresh entity.
    func withPlaceholders(_ entity: Terms.Entity) -> Terms.Entity {
        let fresh = newEntity()
        return repositoryPromises.storeMaintained.reduce(entity) { $1.adopting($0, from: fresh) }
    }

    /// Records a failure for every store-maintained field in which `actual` differs from `expected`.
    func expectSameMaintained(
        _ actual: Terms.Entity?, as expected: Terms.Entity, _ what: String,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        guard let actual else {
            return fail("\(what): the entity is missing", expected: "\(expected.id)", actual: "nil",
                        fileID: fileID, filePath: filePath, line: line, column: column)
        }
        for field in repositoryPromises.storeMaintained where !field.hasSameValue(actual, expected) {
            fail("\(what): the store-maintained \(field) differs",
                 expected: field.value(in: expected), actual: field.value(in: actual),
                 fileID: fileID, filePath: filePath, line: line, column: column)
        }
    }

    /// Creates an entity and updates it twice (the store's time moved before each write), each update
    /// sent with placeholder values in the store-maintained fields; checks every field of `rule` with
    /// `holds(field, before, after)` on what each update returned and on what `fetch(id:)` then shows,
    /// and that the two agree.
    func checkWrites(
        of rule: StoreMaintained<Terms.Entity>.Rule,
        _ holds: (StoreMaintained<Terms.Entity>, Terms.Entity, Terms.Entity) -> Bool
    ) async throws {
        let fields = repositoryPromises.storeMaintained.filter { $0.rule == rule }
        var before = try await subject.create(newEntity())
        for write in 1...2 {
            await moveStoreTime()
            let returned = try await subject.update(withPlaceholders(mutated(before)))
            let fetched = try await subject.fetch(id: before.id)
            expectSameMaintained(fetched, as: returned, "fetch(id: \(before.id)) after update \(write), against what update(_:) returned")
            for field in fields where !holds(field, before, returned) {
                fail("update \(write) of id \(before.id) broke the rule of the store-maintained \(field) "
                     + "(conformance declared at \(conformance.declaredAt))",
                     expected: "\(rule.expectation) \(field.value(in: before))", actual: field.value(in: returned))
            }
            before = fetched ?? returned
        }
    }
}

extension StoreMaintained.Rule {
    /// What a write must do to a field of this rule, relative to its value before: "larger than".
    var expectation: String {
        switch kind {
        case .version: "larger than"
        case .entityTag: "different from"
        case .refreshedOnWrite: "later than (or, when the store's time cannot be moved, no earlier than)"
        case .setOnCreate: "equal to"
        }
    }
}
