import ContractEngine

extension ModelRun {
    /// Runs one family step (or a delete, when deletes are soft) on the subject and the model, and
    /// judges it by what the conformance declared.
    func familyStep(
        _ operation: ModelOperation, newReference: Int, subject: GuardedSubject<Entity>, model: inout ReferenceModel<Entity>,
        modelSide: inout SideTables<Entity>, subjectSide: inout SideTables<Entity>, state: inout FamilyRunState<Entity>
    ) async -> FamilyStep {
        switch operation {
        case .delete(let reference), .restore(let reference), .purge(let reference):
            return await softDeletionStep(
                operation, reference, subject: subject, model: &model, modelSide: modelSide, subjectSide: &subjectSide, state: &state)
        case .updateVersioned(let reference):
            return await versionedUpdate(reference, subject: subject, model: &model, modelSide: &modelSide, subjectSide: &subjectSide, state: &state)
        case .updateStale(let reference):
            return await staleUpdate(reference, subject: subject, model: model, subjectSide: subjectSide, state: &state)
        case .insertBatch(let first, let count, let clash):
            return await batch(
                first: first, count: count, clash: clash, newReference: newReference, subject: subject, model: &model,
                modelSide: &modelSide, subjectSide: &subjectSide, state: &state)
        case .pageThrough(let limit):
            return await pageThrough(limit: limit, subject: subject, model: model, subjectSide: subjectSide, state: &state)
        case .query(let index, let reference, let parameter, let nearMiss):
            return await query(
                index, of: reference, parameter: parameter, nearMiss: nearMiss, subject: subject, model: model,
                sides: (modelSide, subjectSide), state: &state)
        case .moveStoreTime:
            guard let move = subject.witness.moveStoreTime else {
                return .skip("the witness cannot move the store's time (.movingStoreTime { … })")
            }
            await move()
            state.storeTimeMoved()
            return FamilyStep(observed: "moved", swift: "await repo.moveStoreTime!()")
        default:
            return .skip("not a family step")
        }
    }

    /// The message for a family declared without the witness member that runs it.
    func missingMember(_ declaration: String, _ member: String, _ builder: String) -> FamilyStep {
        .failed(
            "missingWitness",
            "\(conformance.name) declares \(declaration) at \(conformance.declaredAt) but its witness has no \(member): add \(builder)",
            expected: "a witness with \(member)", observed: "no \(member) in the witness", swift: nil)
    }

    // MARK: Soft delete

    private func softDeletionStep(
        _ operation: ModelOperation, _ reference: EntityReference, subject: GuardedSubject<Entity>, model: inout ReferenceModel<Entity>,
        modelSide: SideTables<Entity>, subjectSide: inout SideTables<Entity>, state: inout FamilyRunState<Entity>
    ) async -> FamilyStep {
        guard let declared = conformance.promises.softDeletion else { return .skip("no soft delete is declared") }
        guard let operations = subject.witness.softDeletion else {
            return missingMember(".softDeleting(…)", "soft delete", ".softDeleting(restore: { … })")
        }
        let id = modelSide.id(reference), subjectID = subjectSide.id(reference)
        let name: String, call: (@Sendable (Entity.ID) async throws -> Void)
        switch operation {
        case .restore: (name, call) = ("restore", operations.restore)
        case .purge:
            guard let purge = operations.purge else { return .skip("the witness has no purge") }
            (name, call) = ("purge", purge)
        default: (name, call) = ("delete", operations.delete)
        }
        let outcome = await subject.call("softDeletion.\(name)(\(abbreviate(subjectID)))") { try await call(subjectID) }
        let observed = DeferredText(outcome.text { _ in "" }.trimmingSuffix(" "))
        let threw = outcome.returnedValue == nil
        let swift = "\(threw ? "_ = try?" : "try") await repo.softDeletion!.\(name)\(name == "purge" ? "!" : "")(\(swiftEntity(reference)).id)"
        if let text = outcome.brokenText {
            return .failed("broken", "softDeletion.\(name) did not complete", expected: "a result", observed: observed, swift: swift, actual: text)
        }
        let intent = intendedState(of: operation, id, model: model, declared: declared)
        guard intent.meant else {
            let resolved = outcome.resolved(under: intent.policy)
            if !intent.policy.accepts(resolved) {
                return .failed(
                    "policy", "\(name) of \(model.contains(id) ? "a live entity" : "an id not stored") was \(resolved), which the declared "
                        + "\(intent.policyName) policy does not allow", expected: intent.policy.description, observed: observed, swift: swift,
                    actual: resolved.description)
            }
            return FamilyStep(observed: observed, swift: swift)
        }
        guard !threw else {
            let what = operation.kind == "restore" ? "a soft-deleted entity" : "a stored entity"
            return .failed("outcome", "softDeletion.\(name) of \(what) threw", expected: "returns", observed: observed, swift: swift)
        }
        switch operation {
        case .restore:
            return await restored(
                reference, id: id, subject: subject, model: &model, subjectSide: &subjectSide, state: &state,
                step: FamilyStep(observed: observed, swift: swift))
        case .purge:
            model.purge(id: id)
            state.reset(id)
        default:
            model.softDelete(id: id)
            state.unsettle(id)
        }
        return FamilyStep(observed: observed, swift: swift)
    }

    /// Whether the entity is in the state `operation` is meant for (soft-deleted for a restore, stored
    /// for a delete, either for a purge); else the policy that governs the call.
    private func intendedState(
        of operation: ModelOperation, _ id: Entity.ID, model: ReferenceModel<Entity>, declared: SoftDeletion
    ) -> (meant: Bool, policy: RequestPolicy, policyName: String) {
        switch operation {
        case .restore:
            let (policy, policyName) = model.contains(id)
                ? (declared.restoreOfLive, "restoreOfLive") : (declared.restoreOfMissing, "restoreOfMissing")
            return (model.isSoftDeleted(id), policy, policyName)
        case .purge:
            return (model.contains(id) || model.isSoftDeleted(id), conformance.policies.deleteOfMissing, "deleteOfMissing")
        default:
            return (model.contains(id), conformance.policies.deleteOfMissing, "deleteOfMissing")
        }
    }

    /// A restore that returned: the model restores the entity, and a fetch at once must find it as it was
    /// before the soft delete (so the step that broke it is named).
    private func restored(
        _ reference: EntityReference, id: Entity.ID, subject: GuardedSubject<Entity>, model: inout ReferenceModel<Entity>,
        subjectSide: inout SideTables<Entity>, state: inout FamilyRunState<Entity>, step: FamilyStep
    ) async -> FamilyStep {
        model.restore(id: id)
        state.unsettle(id)
        let subjectID = subjectSide.id(reference)
        let fetched = await subject.call("fetch(id: \(abbreviate(subjectID)))") { [witness = subject.witness] in try await witness.fetch(subjectID) }
        let adopts: Int? = if subjectSide.adoptsReturned, case .created(let k) = reference { k } else { nil }
        let swift = (step.swift ?? "")
            + (adopts.map { "\nsent[\($0)] = try await repo.fetch(sent[\($0)].id)!" } ?? "\n_ = try await repo.fetch(\(swiftEntity(reference)).id)")
        let expected = model.fetch(id: id)
        guard case .returned(let found?) = fetched, let expected, conformance.equivalence(found, expected) else {
            return .failed(
                "restoredEntity", "after softDeletion.restore, fetch(id:) does not find the entity as it was before the soft delete",
                expected: "fetch returns \(expected.map { abbreviate($0) } ?? "nil")", observed: step.observed, swift: swift,
                actual: "fetch " + fetched.text { $0.map { abbreviate($0) } ?? "nil" })
        }
        // The store may move maintained fields (the token) on delete or restore: taken as they come back.
        _ = state.observe(found, id: id, isWrite: false, call: "fetch(id:)")
        if let k = adopts { subjectSide.sent[k] = found }
        return FamilyStep(observed: step.observed, swift: swift)
    }
}

extension String {
    /// The text without `suffix` at its end.
    func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
