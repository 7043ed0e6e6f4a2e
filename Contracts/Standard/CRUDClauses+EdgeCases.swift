import ContractEngine

extension CRUDClauses {
    /// Edge cases derived from `make(_:)` through the entity's `Codable` tree: each must be stored as
    /// sent (up to the declared equivalence), and an update of each single field must be stored.
    static var edgeCases: [Clause<CRUD<Entity>>] {
        [
            Clause("values.edgeCasesRoundTrip", "edge cases derived from make(_:) round-trip through create, fetch(id:) and fetchAll()",
                   requires: .create, when: { promises, factory in factory.edgeCaseUnavailability(promises.edgeCases) }) { context in
                try await context.expectEachStored(where: { !$0.isChange }) { edge in
                    let sent = context.twin(of: edge.entity)
                    return (sent, "create(_:) of \(edge.name)", "fetch(id:) of \(edge.name)", edge.name, { try await context.subject.create(sent) })
                }
            },
            Clause("values.edgeCasesSurviveUpdate", "an update to each edge case derived from make(_:) is stored",
                   requires: [.create, .update], forbids: .serverAssignedIDs,
                   when: { promises, factory in factory.edgeCaseUnavailability(promises.edgeCases) }) { context in
                try await context.expectEachStored(where: { !$0.isChange }) { edge in
                    let ordinal = context.takeOrdinal()
                    try await context.subject.create(context.factory.make(ordinal))
                    let sent = context.factory.twin(edge.entity, ordinal)
                    return (sent, "update(_:) to \(edge.name)", "fetch(id:) after update(_:) to \(edge.name)", edge.name,
                            { try await context.subject.update(sent) })
                }
            },
            Clause("update.eachFieldAlone", "an update that changes one field, each field in turn, is stored",
                   requires: [.create, .update], forbids: .serverAssignedIDs,
                   when: { promises, factory in factory.edgeCaseUnavailability(promises.edgeCases) }) { context in
                try await context.expectEachStored(where: \.isChange) { edge in
                    let ordinal = context.takeOrdinal()
                    try await context.subject.create(context.factory.twin(context.factory.make(1), ordinal))
                    let sent = context.factory.twin(edge.entity, ordinal)
                    return (sent, "update(_:) that changes only \(edge.path)", "fetch(id:) after an update(_:) that changes only \(edge.path)",
                            "the update of \(edge.path)", { try await context.subject.update(sent) })
                }
            },
        ]
    }
}

extension ClauseContext where Terms: RepositoryTerms {
    /// The edge cases derived for this conformer (none when it turned derivation off).
    var edgeCases: [EdgeCase<Terms.Entity>] {
        factory.edgeCases(repositoryPromises.edgeCases)
    }

    /// Records a failure unless `actual` is equivalent to `sent`, naming each field that differs with both
    /// values and saying how to declare a deliberate difference.
    func expectStored(_ actual: Terms.Entity?, _ sent: Terms.Entity, _ what: String) {
        guard let actual else {
            return fail("\(what) nil", expected: abbreviate(sent), actual: "nil")
        }
        let equivalence = repositoryPromises.equivalence
        guard !equivalence(actual, sent) else { return }
        let fields = factory.fieldDifferences(stored: actual, sent: sent)
        fail("\(what) a value not equivalent (\(equivalence.name)) to what was sent: "
             + (fields.isEmpty ? "the encodings agree, but == does not" : fields.joined(separator: "; "))
             + ". If \(conformance.name) keeps less than it is sent on purpose (a precision, a normalisation), declare it "
             + "once in its conformance (\(conformance.declaredAt)): equivalence: .normalizing { … }",
             expected: abbreviate(sent), actual: abbreviate(actual))
    }

    /// Runs the write of `edge`: its value, or `nil` with a failure naming the edge case when the
    /// conformer threw, saying how to declare the refusal or leave the value out (an equivalence cannot
    /// help: nothing was stored to compare).
    func storing(_ what: String, of edge: EdgeCase<Terms.Entity>, _ call: () async throws -> Terms.Entity) async throws -> Terms.Entity? {
        switch try await attempt(call) {
        case .success(let value):
            return value
        case .failure(let error):
            let values = EdgeCases.DerivedValues.spelling(name: edge.name, label: edge.label)
            fail("\(what) threw \(describe(error)); if \(conformance.name) refuses such values on purpose, "
                 + "declare them refused (.refusing(.invalid(refuses: { … }) { … })), "
                 + "or leave this value out of its edge cases with the reason, in its conformance (\(conformance.declaredAt)): "
                 + "edgeCases: .excluding(\(values), because: \"…\")")
            return nil
        }
    }

    /// One edge case's write: what is sent, how the write, the read after it and the `fetchAll()` entry
    /// are named in failures, and the write itself.
    typealias EdgeCaseWrite = (
        sent: Terms.Entity, write: String, read: String, listed: String, call: () async throws -> Terms.Entity
    )

    /// For each edge case `isIncluded` keeps, prepares and runs its write, then checks what the write
    /// returned, what `fetch(id:)` returns after it, and what `fetchAll()` lists at the end, each against
    /// what was sent. Those of them the conformance leaves out are noted with the reason instead.
    func expectEachStored(
        where isIncluded: (EdgeCase<Terms.Entity>) -> Bool, _ prepare: (EdgeCase<Terms.Entity>) async throws -> EdgeCaseWrite
    ) async throws {
        for note in factory.edgeCaseExclusionNotes(repositoryPromises.edgeCases, of: isIncluded) {
            self.note(note)
        }
        var stored: [(name: String, sent: Terms.Entity, id: Terms.Entity.ID)] = []
        for edge in edgeCases.filter(isIncluded) {
            let step = try await prepare(edge)
            if let refused = repositoryPromises.failingWrites, refused.refuses(step.sent) {
                try await expectRefused(step, refused)
                continue
            }
            guard let returned = try await storing(step.write, of: edge, step.call) else { continue }
            expectStored(returned, step.sent, "\(step.write) returned")
            expectStored(try await subject.fetch(id: returned.id), step.sent, "\(step.read) returned")
            stored.append((step.listed, step.sent, returned.id))
        }
        try await expectListed(stored)
    }

    /// Records a failure unless a write of an edge case the conformance declares refused (``FailingWrites``)
    /// throws, with the declared kind.
    func expectRefused(_ step: EdgeCaseWrite, _ refused: FailingWrites<Terms.Entity>) async throws {
        switch try await attempt(step.call) {
        case .success:
            fail("\(step.write) was stored, but the conformance declares such values refused (\(refused), declared at "
                 + "\(conformance.declaredAt))", expected: "throws", actual: "returned")
        case .failure(let error):
            let kind = repositoryPromises.classifyError(error)
            if let expected = refused.error, kind != expected {
                fail("\(step.write) threw \(describe(error)), not the declared \(expected.rawValue) (\(refused))",
                     expected: expected.rawValue, actual: kind?.rawValue ?? "an unclassified error")
            }
        }
    }

    /// Records a failure for each stored edge case that `fetchAll()` lists differently or not at all.
    func expectListed(_ stored: [(name: String, sent: Terms.Entity, id: Terms.Entity.ID)]) async throws {
        let all = try await subject.fetchAll()
        for (name, sent, id) in stored {
            guard let listed = all.first(where: { $0.id == id }) else {
                fail("fetchAll() does not list \(name) (id \(abbreviate(id)))")
                continue
            }
            expectStored(listed, sent, "fetchAll() lists \(name) with")
        }
    }
}
