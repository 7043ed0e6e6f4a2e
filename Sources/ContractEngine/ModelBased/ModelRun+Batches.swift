extension ModelRun {
    /// `insertAll` of new entities and maybe one that clashes, judged by the declared batch policy: all or
    /// nothing (a refused batch stores none of it, checked at once by fetching each new id) or partial
    /// (it returns exactly what it could store).
    func batch(
        first: Int, count: Int, clash: BatchClash, newReference: Int, subject: GuardedSubject<Entity>, model: inout ReferenceModel<Entity>,
        modelSide: inout SideTables<Entity>, subjectSide: inout SideTables<Entity>, state: inout FamilyRunState<Entity>
    ) async -> FamilyStep {
        guard let declared = conformance.promises.batchWrites else { return .skip("no batch writes are declared") }
        guard let insertAll = subject.witness.insertAll else {
            return missingMember(".batchWrites(…)", "insertAll", ".insertingAll { try await store.insertAll($0) }")
        }
        let fresh = (0..<count).map { factory.make(first + $0) }
        for (offset, entity) in fresh.enumerated() {
            // Both sides know the new entities as sent, whatever the batch does.
            modelSide.proposed[newReference + offset] = entity.id
            modelSide.ids[newReference + offset] = entity.id
            modelSide.sent[newReference + offset] = entity
            subjectSide.proposed[newReference + offset] = entity.id
            subjectSide.ids[newReference + offset] = entity.id
            subjectSide.sent[newReference + offset] = entity
        }
        var extra: Entity?, extraSource: String?
        switch clash {
        case .none: break
        case .stored(let reference):
            extra = modelSide.changed(reference)
            extraSource = "factory.mutate(\(swiftEntity(reference)))"
        case .repeated:
            extra = fresh.first.map { factory.mutate($0) }
            extraSource = "factory.mutate(sent[\(newReference)])"
        }
        let batch = fresh + (extra.map { [$0] } ?? [])
        let before = model
        var seen: Set<Entity.ID> = []
        // An entity the conformance declares refused (``Conformance/refusing(_:)``) is never stored: a batch
        // holding one has a problem, as a batch with a clash has.
        let refused = batch.filter(isRefused)
        let storable = batch.filter {
            !isRefused($0) && !before.contains($0.id) && !before.isSoftDeleted($0.id) && seen.insert($0.id).inserted
        }
        let outcome = await subject.call("insertAll([\(batch.count) entities])") { try await insertAll(batch) }
        let observed = outcome.text { abbreviate($0, limit: 300) }
        let elements = (0..<count).map { "sent[\(newReference + $0)]" } + (extraSource.map { [$0] } ?? [])
        let appending = count > 0 ? "sent += [" + fresh.indices.map { "factory.make(\(first + $0))" }.joined(separator: ", ") + "]\n" : ""
        let call = "await repo.insertAll!([\(elements.joined(separator: ", "))])"
        var swift = appending + "_ = \(outcome.returnedValue == nil ? "try?" : "try") \(call)"
        if let text = outcome.brokenText {
            return .failed("broken", "insertAll did not complete", expected: "a result", observed: observed, swift: swift, actual: text)
        }
        let failing = conformance.promises.failingWrites
        let problem: String? =
            if storable.count == batch.count { nil }
            else if !refused.isEmpty, let failing { failing.summary }
            else { clash == .repeated ? "an id repeated inside the batch" : "an id already taken" }
        // The errors a refused batch may throw: the batch policy's, and the refusal's when it holds a refused entity.
        let allowedErrors = [declared.error] + (refused.isEmpty ? [] : [failing?.error])
        if declared.policy == .allOrNothing, let problem {
            let refusal = declared.error.map { "throws \($0.rawValue), storing none of it" } ?? "throws, storing none of it"
            if outcome.returnedValue != nil {
                return .failed(
                    "batchPolicy", "insertAll of a batch with \(problem) returned; declared: \(declared) at \(conformance.declaredAt)",
                    expected: refusal, observed: observed, swift: swift)
            }
            if !allowedErrors.contains(nil), let thrown = outcome.thrownKind, !allowedErrors.contains(thrown) {
                return .failed("batchError", "insertAll of a batch with \(problem) threw, but not as declared (\(declared))",
                               expected: refusal, observed: observed, swift: swift)
            }
            // Nothing of it may be stored: each new id fetched at once.
            for entity in storable {
                let id = entity.id
                let fetched = await subject.call("fetch(id: \(abbreviate(id)))") { [witness = subject.witness] in try await witness.fetch(id) }
                swift += "\n_ = try await repo.fetch(\(factorySource(of: entity, in: batch, elements: elements)).id)"
                guard case .returned(nil) = fetched else {
                    return .failed(
                        "batchAtomicity", "insertAll of a batch with \(problem) threw but stored part of it: \(abbreviate(id)) is found",
                        expected: "fetch returns nil (all or nothing)", observed: observed, swift: swift,
                        actual: "fetch " + fetched.text { $0.map { abbreviate($0) } ?? "nil" })
                }
            }
            return FamilyStep(observed: observed, swift: swift)
        }
        guard let returned = outcome.returnedValue else {
            return .failed(
                "outcome", "insertAll threw, but every entity of the batch could be stored" + (problem == nil ? "" : " or skipped (declared: \(declared))"),
                expected: "returns the \(storable.count) entities it stored", observed: observed, swift: swift)
        }
        // Returned: exactly the storable ids, each equivalent to an entity of the batch with that id.
        let expectedIDs = Set(storable.map(\.id)), returnedIDs = returned.map(\.id)
        if Set(returnedIDs) != expectedIDs || returnedIDs.count != expectedIDs.count {
            return .failed(
                "batchContents", "insertAll returned other entities than it could store (\(declared))",
                expected: "returns \(abbreviate(storable, limit: 300))", observed: observed, swift: swift)
        }
        for entity in returned {
            guard let sent = batch.first(where: { $0.id == entity.id && conformance.equivalence(entity, $0) }) else {
                return .failed(
                    "value", "insertAll returned \(abbreviate(entity)), not equivalent (\(conformance.equivalence.name)) to what was sent",
                    expected: "returns \(abbreviate(storable, limit: 300))", observed: observed, swift: swift)
            }
            model.create(sent)
            state.reset(entity.id, to: entity)
            let references = subjectSide.references(to: entity.id)
            if let k = references.last {
                modelSide.sent[k] = sent
                subjectSide.sent[k] = subjectSide.adoptsReturned ? entity : sent
                state.wrote(entity, reference: k)
            }
        }
        if subjectSide.adoptsReturned, count > 0, problem == nil {
            let lines = [appending.trimmingSuffix("\n"), "let stored = try \(call)",
                         "sent.replaceSubrange(\(newReference)..<\(newReference + count), with: stored.prefix(\(count)))"]
            swift = "do {\n" + lines.map { "    " + $0 }.joined(separator: "\n") + "\n}"
        }
        return FamilyStep(observed: observed, swift: swift)
    }

    /// How the Swift names `entity` of `batch`: its element expression.
    private func factorySource(of entity: Entity, in batch: [Entity], elements: [String]) -> String {
        batch.firstIndex { $0.id == entity.id }.map { elements[$0] } ?? "factory.make(0)"
    }
}
