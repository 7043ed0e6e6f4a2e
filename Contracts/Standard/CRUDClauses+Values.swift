import ContractEngine

extension CRUDClauses {
    static var values: [Clause<CRUD<Entity>>] {
        [
            Clause("values.returnedEntitiesAreCopies", "changing an entity passed in or returned does not change the stored one",
                   requires: .create,
                   when: { _, factory in
                       guard Entity.self is AnyObject.Type else { return "the entity is a value type, so nothing can alias" }
                       return factory.alter == nil ? "the factory declares no alter(_:) to change an instance in place" : nil
                   }) { context in
                let alter = context.factory.alter ?? { _ in }
                let (entity, pristine) = context.newEntityAndCopy()
                let stored = try await context.subject.create(entity)
                alter(entity)
                alter(stored)
                if let fetched = try await context.subject.fetch(id: stored.id) {
                    alter(fetched)
                }
                context.expectEquivalent(try await context.subject.fetch(id: stored.id), pristine,
                                         "fetch(id:) after mutating the instances passed in and returned")
            },
            Clause("values.thousandEntitiesRoundTrip",
                   "1,000 entities (or the conformance's bulk count) round-trip through create, fetchAll and fetch(id:)",
                   requires: .create) { context in
                let count = context.repositoryPromises.bulkEntityCount
                let stored = try await context.createNew(count)
                try await context.expectContents(stored, "after \(count) creates")
            },
            Clause("values.samplesRoundTrip", "the factory's edge-case samples round-trip unchanged", requires: .create,
                   when: { _, factory in factory.samples.isEmpty ? "the factory declares no edge-case samples" : nil }) { context in
                let samples = context.factory.samples.map { context.twin(of: $0) }
                var stored: [Entity] = []
                for sample in samples {
                    let returned = try await context.subject.create(sample)
                    context.expectEquivalent(returned, sample, "the value create(_:) returned for a sample")
                    context.expectEquivalent(try await context.subject.fetch(id: returned.id), sample, "fetch(id:) of a sample")
                    stored.append(returned)
                }
                try await context.expectContents(stored, "after creating every sample")
            },
        ]
    }
}
