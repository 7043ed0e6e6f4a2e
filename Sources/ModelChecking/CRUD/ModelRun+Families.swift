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
        let observed = outcome.text { _ in "" }.trimmingSuffix(" ")
        let threw = outcome.returnedValue == nil
        var swift = "\(threw ? "_ = try?" : "try") await repo.softDeletion!.\(name)\(name == "purge" ? "!" : "")(\(swiftEntity(reference)).id)"
        if let text = outcome.brokenText {
            return .failed("broken", "softDeletion.\(name) did not complete", expected: "a result", observed: observed, swift: swift, actual: text)
        }
        // Whether the entity is in the state the operation is meant for; else the policy that governs it.
        let meant: Bool, policy: RequestPolicy, policyName: String
        switch operation {
        case .restore:
            meant = model.isSoftDeleted(id)
            (policy, policyName) = model.contains(id)
                ? (declared.restoreOfLive, "restoreOfLive") : (declared.restoreOfMissing, "restoreOfMissing")
        case .purge:
            meant = model.contains(id) || model.isSoftDeleted(id)
            (policy, policyName) = (conformance.policies.deleteOfMissing, "deleteOfMissing")
        default:
            meant = model.contains(id)
            (policy, policyName) = (conformance.policies.deleteOfMissing, "deleteOfMissing")
        }
        guard meant else {
            let resolved = outcome.resolved(under: policy)
            if !policy.accepts(resolved) {
                return .failed(
                    "policy", "\(name) of \(model.contains(id) ? "a live entity" : "an id not stored") was \(resolved), which the declared "
                        + "\(policyName) policy does not allow", expected: policy.description, observed: observed, swift: swift,
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
            model.restore(id: id)
            state.unsettle(id)
            // Restore brings back the same entity: fetched at once, so the step that broke it is named.
            let fetched = await subject.call("fetch(id: \(abbreviate(subjectID)))") { [witness = subject.witness] in try await witness.fetch(subjectID) }
            let adopts: Int? = if subjectSide.adoptsReturned, case .created(let k) = reference { k } else { nil }
            swift += adopts.map { "\nsent[\($0)] = try await repo.fetch(sent[\($0)].id)!" } ?? "\n_ = try await repo.fetch(\(swiftEntity(reference)).id)"
            let expected = model.fetch(id: id)
            guard case .returned(let found?) = fetched, let expected, conformance.equivalence(found, expected) else {
                return .failed(
                    "restoredEntity", "after softDeletion.restore, fetch(id:) does not find the entity as it was before the soft delete",
                    expected: "fetch returns \(expected.map { abbreviate($0) } ?? "nil")", observed: observed, swift: swift,
                    actual: "fetch " + fetched.text { $0.map { abbreviate($0) } ?? "nil" })
            }
            // The store may move maintained fields (the token) on delete or restore: taken as they come back.
            _ = state.observe(found, id: id, isWrite: false, call: "fetch(id:)")
            if let k = adopts { subjectSide.sent[k] = found }
        case .purge:
            model.purge(id: id)
            state.reset(id)
        default:
            model.softDelete(id: id)
            state.unsettle(id)
        }
        return FamilyStep(observed: observed, swift: swift)
    }
}

extension String {
    /// The text without `suffix` at its end.
    func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
