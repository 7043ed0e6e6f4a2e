import ContractEngine

extension CRUDClauses {
    /// A write the conformer does not declare must be refused, not half-done: it throws and changes nothing.
    static var unsupported: [Clause<CRUD<Entity>>] {
        [
            Clause("create.rejectedWhenUnsupported", "create(_:) throws and changes nothing when .create is not declared", forbids: .create) { context in
                let before = try await context.subject.fetchAll()
                let entity = context.newEntity()
                try await expectRefusal(of: "create(_:)", context) { try await context.subject.create(entity) }
                try await context.expectUnchanged(since: before, "after an undeclared create(_:)")
            },
            Clause("update.rejectedWhenUnsupported", "update(_:) throws and changes nothing when .update is not declared", forbids: .update) { context in
                let target = try await existingOrNewEntity(context)
                let before = try await context.subject.fetchAll()
                try await expectRefusal(of: "update(_:)", context) { try await context.subject.update(context.mutated(target)) }
                try await context.expectUnchanged(since: before, "after an undeclared update(_:)")
            },
            Clause("delete.rejectedWhenUnsupported", "delete(id:) throws and changes nothing when .delete is not declared", forbids: .delete) { context in
                let target = try await existingOrNewEntity(context)
                let before = try await context.subject.fetchAll()
                try await expectRefusal(of: "delete(id:)", context) { try await context.subject.delete(id: target.id) }
                try await context.expectUnchanged(since: before, "after an undeclared delete(id:)")
            },
        ]
    }

    /// A stored entity to aim a write at: one created for the purpose when the conformer can create, else
    /// one it already holds, else a new one.
    private static func existingOrNewEntity(_ context: ClauseContext<CRUD<Entity>>) async throws -> Entity {
        if context.repositoryPromises.capabilities.contains(.create) {
            return try await context.createNew(1)[0]
        }
        return try await context.subject.fetchAll().first ?? context.newEntity()
    }

    private static func expectRefusal<Value: Sendable>(
        of operation: String, _ context: ClauseContext<CRUD<Entity>>, _ call: () async throws -> Value
    ) async throws {
        if case .success = try await context.attempt(call) {
            context.fail("\(operation) returned normally, but \(context.conformance.name) does not declare it: an undeclared "
                         + "write must throw (declare the capability if it is supported)")
        }
    }
}
