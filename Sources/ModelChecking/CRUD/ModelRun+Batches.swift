import ContractEngine

/// One `insertAll` of a model run, as made: the batch, which of it could be stored, what it returned or
/// threw, and the step's Swift so far.
struct BatchAttempt<Entity: Identifiable & Equatable & Sendable>: Sendable where Entity.ID: Sendable {
    var declared: BatchWrites
    var batch: [Entity]
    var freshCount: Int
    var newReference: Int
    /// The entities that can be stored: new, not refused, not repeated in the batch.
    var storable: [Entity]
    /// The entities the conformance declares refused.
    var refused: [Entity]
    var outcome: CallOutcome<[Entity]>
    var observed: DeferredText
    /// How the Swift names each element of the batch.
    var elements: [String]
    /// The Swift that appends the new entities to `sent`, and the call itself.
    var appending: String
    var call: String
    var swift: String
    /// What keeps the batch from being stored whole (a clash, a refused entity); `nil` when nothing does.
    var problem: String?
}

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
            modelSide.know(sent: entity, at: newReference + offset)
            subjectSide.know(sent: entity, at: newReference + offset)
        }
        let (extra, extraSource) = clashing(clash, fresh: fresh, newReference: newReference, modelSide: modelSide)
        let batch = fresh + (extra.map { [$0] } ?? [])
        let outcome = await subject.call("insertAll([\(batch.count) entities])") { try await insertAll(batch) }
        let attempt = self.attempt(
            batch, fresh: fresh, first: first, extraSource: extraSource, newReference: newReference, declared: declared, outcome: outcome,
            before: model, clash: clash)
        if let text = outcome.brokenText {
            return .failed("broken", "insertAll did not complete", expected: "a result", observed: attempt.observed, swift: attempt.swift, actual: text)
        }
        if declared.policy == .allOrNothing, attempt.problem != nil { return await judgeRefusedBatch(attempt, subject: subject) }
        return judgeStoredBatch(attempt, model: &model, modelSide: &modelSide, subjectSide: &subjectSide, state: &state)
    }

    /// The entity that makes the batch clash, and how the Swift names it.
    private func clashing(
        _ clash: BatchClash, fresh: [Entity], newReference: Int, modelSide: SideTables<Entity>
    ) -> (Entity?, String?) {
        switch clash {
        case .none: (nil, nil)
        case .stored(let reference): (modelSide.changed(reference), "factory.mutate(\(swiftEntity(reference)))")
        case .repeated: (fresh.first.map { factory.mutate($0) }, "factory.mutate(sent[\(newReference)])")
        }
    }

    /// The batch as made: what of it could be stored given the model `before`, its Swift, and its problem.
    private func attempt(
        _ batch: [Entity], fresh: [Entity], first: Int, extraSource: String?, newReference: Int, declared: BatchWrites,
        outcome: CallOutcome<[Entity]>, before: ReferenceModel<Entity>, clash: BatchClash
    ) -> BatchAttempt<Entity> {
        var seen: Set<Entity.ID> = []
        // An entity the conformance declares refused (``Conformance/refusing(_:)``) is never stored: a batch
        // holding one has a problem, as a batch with a clash has.
        let refused = batch.filter(isRefused)
        let storable = batch.filter {
            !isRefused($0) && !before.contains($0.id) && !before.isSoftDeleted($0.id) && seen.insert($0.id).inserted
        }
        let elements = (0..<fresh.count).map { "sent[\(newReference + $0)]" } + (extraSource.map { [$0] } ?? [])
        let appending = fresh.isEmpty ? "" : "sent += [" + fresh.indices.map { "factory.make(\(first + $0))" }.joined(separator: ", ") + "]\n"
        let call = "await repo.insertAll!([\(elements.joined(separator: ", "))])"
        let problem: String? =
            if storable.count == batch.count { nil }
            else if !refused.isEmpty, let failing = conformance.promises.failingWrites { failing.summary }
            else { clash == .repeated ? "an id repeated inside the batch" : "an id already taken" }
        return BatchAttempt(
            declared: declared, batch: batch, freshCount: fresh.count, newReference: newReference, storable: storable, refused: refused,
            outcome: outcome, observed: outcome.deferredText(holding: Entity.self) { abbreviate($0, limit: 300) }, elements: elements, appending: appending, call: call,
            swift: appending + "_ = \(outcome.returnedValue == nil ? "try?" : "try") \(call)", problem: problem)
    }

    /// A batch the all-or-nothing policy must refuse: it must throw (an error as declared), and store none
    /// of it (each new id fetched at once).
    private func judgeRefusedBatch(_ attempt: BatchAttempt<Entity>, subject: GuardedSubject<Entity>) async -> FamilyStep {
        let (declared, problem, observed) = (attempt.declared, attempt.problem ?? "", attempt.observed)
        var swift = attempt.swift
        let refusal = declared.error.map { "throws \($0.rawValue), storing none of it" } ?? "throws, storing none of it"
        if attempt.outcome.returnedValue != nil {
            return .failed(
                "batchPolicy", "insertAll of a batch with \(problem) returned; declared: \(declared) at \(conformance.declaredAt)",
                expected: refusal, observed: observed, swift: swift)
        }
        // The errors a refused batch may throw: the batch policy's, and the refusal's when it holds a refused entity.
        let allowedErrors = [declared.error] + (attempt.refused.isEmpty ? [] : [conformance.promises.failingWrites?.error])
        if !allowedErrors.contains(nil), let thrown = attempt.outcome.thrownKind, !allowedErrors.contains(thrown) {
            return .failed("batchError", "insertAll of a batch with \(problem) threw, but not as declared (\(declared))",
                           expected: refusal, observed: observed, swift: swift)
        }
        for entity in attempt.storable {
            let id = entity.id
            let fetched = await subject.call("fetch(id: \(abbreviate(id)))") { [witness = subject.witness] in try await witness.fetch(id) }
            swift += "\n_ = try await repo.fetch(\(factorySource(of: entity, in: attempt.batch, elements: attempt.elements)).id)"
            guard case .returned(nil) = fetched else {
                return .failed(
                    "batchAtomicity", "insertAll of a batch with \(problem) threw but stored part of it: \(abbreviate(id)) is found",
                    expected: "fetch returns nil (all or nothing)", observed: observed, swift: swift,
                    actual: "fetch " + fetched.text { $0.map { abbreviate($0) } ?? "nil" })
            }
        }
        return FamilyStep(observed: observed, swift: swift)
    }

    /// A batch that returned (or had to): exactly the storable ids, each equivalent to an entity of the
    /// batch with that id; the model and both sides then hold what it stored.
    private func judgeStoredBatch(
        _ attempt: BatchAttempt<Entity>, model: inout ReferenceModel<Entity>, modelSide: inout SideTables<Entity>,
        subjectSide: inout SideTables<Entity>, state: inout FamilyRunState<Entity>
    ) -> FamilyStep {
        let (declared, storable, observed, swift) = (attempt.declared, attempt.storable, attempt.observed, attempt.swift)
        guard let returned = attempt.outcome.returnedValue else {
            return .failed(
                "outcome",
                "insertAll threw, but every entity of the batch could be stored" + (attempt.problem == nil ? "" : " or skipped (declared: \(declared))"),
                expected: "returns the \(storable.count) entities it stored", observed: observed, swift: swift)
        }
        let expectedIDs = Set(storable.map { $0.id }), returnedIDs = returned.map { $0.id }
        if Set(returnedIDs) != expectedIDs || returnedIDs.count != expectedIDs.count {
            return .failed(
                "batchContents", "insertAll returned other entities than it could store (\(declared))",
                expected: "returns \(abbreviate(storable, limit: 300))", observed: observed, swift: swift)
        }
        for entity in returned {
            guard let sent = attempt.batch.first(where: { $0.id == entity.id && conformance.equivalence(entity, $0) }) else {
                return .failed(
                    "value", "insertAll returned \(abbreviate(entity)), not equivalent (\(conformance.equivalence.name)) to what was sent",
                    expected: "returns \(abbreviate(storable, limit: 300))", observed: observed, swift: swift)
            }
            model.create(sent)
            state.reset(entity.id, to: entity)
            if let k = subjectSide.references(to: entity.id).last {
                modelSide.sent[k] = sent
                subjectSide.sent[k] = subjectSide.adoptsReturned ? entity : sent
                state.wrote(entity, reference: k)
            }
        }
        return FamilyStep(observed: observed, swift: subjectSide.adoptsReturned ? adoptingSwift(attempt) ?? swift : swift)
    }

    /// With a store whose returned values the run adopts, a clean batch's Swift keeps what it returned.
    private func adoptingSwift(_ attempt: BatchAttempt<Entity>) -> String? {
        guard attempt.freshCount > 0, attempt.problem == nil else { return nil }
        let (first, end) = (attempt.newReference, attempt.newReference + attempt.freshCount)
        let lines = [attempt.appending.trimmingSuffix("\n"), "let stored = try \(attempt.call)",
                     "sent.replaceSubrange(\(first)..<\(end), with: stored.prefix(\(attempt.freshCount)))"]
        return "do {\n" + lines.map { "    " + $0 }.joined(separator: "\n") + "\n}"
    }

    /// How the Swift names `entity` of `batch`: its element expression.
    private func factorySource(of entity: Entity, in batch: [Entity], elements: [String]) -> String {
        batch.firstIndex { $0.id == entity.id }.map { elements[$0] } ?? "factory.make(0)"
    }
}
