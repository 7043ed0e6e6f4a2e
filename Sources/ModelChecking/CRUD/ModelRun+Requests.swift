import ContractEngine

/// What a sequential run carries from step to step: the reference model, each side's references, the
/// store-maintained fields as they last showed, and the ids the store has handed out.
struct SequentialTables<Entity: Identifiable & Equatable & Sendable>: Sendable where Entity.ID: Sendable {
    var model: ReferenceModel<Entity>
    var modelSide: SideTables<Entity>
    var subjectSide: SideTables<Entity>
    var maintained: FamilyRunState<Entity>
    var handedOut: Set<Entity.ID> = []
}

/// Where a step stands in its run: its index, the operation, and the reference a create of it makes.
struct StepPlace: Sendable {
    var index: Int
    var operation: ModelOperation
    var newReference: Int
}

/// Why a request diverged: the failed check, what was wrong, what the model expected, and what happened
/// (`nil`: the observation itself).
struct StepFailure: Sendable {
    var check: String
    var message: String
    var expected: String
    var actual: String?

    init(_ check: String, _ message: String, expected: String, actual: String? = nil) {
        self.check = check
        self.message = message
        self.expected = expected
        self.actual = actual
    }
}

/// One request to judge: the model's request and the one sent, what the subject did, and the step part.
struct RequestJudgement<Entity: Identifiable & Sendable>: Sendable where Entity.ID: Sendable {
    var expected: Request<Entity>
    var sent: Request<Entity>
    var observed: ObservedOutcome<Entity>
    var part: ModelOperation
    var partReference: Int
}

extension ModelRun {
    /// Judges one request against the model and, when it agrees, moves the model and the maintained
    /// fields on; the failure otherwise. A refused input is judged as such only where the write would
    /// otherwise have to succeed: an update of a missing id, or a create of a taken one, may fail for
    /// that reason first.
    func judge(
        _ request: RequestJudgement<Entity>, subject: GuardedSubject<Entity>, tables: inout SequentialTables<Entity>
    ) async -> StepFailure? {
        let refusedInput = switch request.expected {
        case .create(let entity): isRefused(entity) && tables.model.policy(forCreate: entity) == nil
        case .update(let entity): isRefused(entity) && tables.model.policy(forUpdate: entity) == nil
        default: false
        }
        if refusedInput {
            // Refused as declared: nothing changes.
            return refusal(of: request.expected, request.observed).map { StepFailure($0.check, $0.message, expected: $0.expected) }
        }
        switch request.expected {
        case .conditionalUpdate:
            return nil  // Only parallel plans send it as a request; sequential runs make it a family step.
        case .fetch(let id):
            return judgeFetch(id, request.observed, tables: &tables)
        case .fetchAll:
            return judgeFetchAll(request.observed, tables: &tables)
        case .create(let entity):
            return await judgeCreate(entity, request, subject: subject, tables: &tables)
        case .update(let entity):
            return await judgeUpdate(entity, request, subject: subject, tables: &tables)
        case .delete(let id):
            return judgeDelete(id, request.observed, tables: &tables)
        }
    }

    private func judgeFetch(_ id: Entity.ID, _ observed: ObservedOutcome<Entity>, tables: inout SequentialTables<Entity>) -> StepFailure? {
        let expected = tables.model.fetch(id: id)
        // Described only for a failure: describing an entity walks it through reflection.
        func expectedText() -> String { "returns \(expected.map { abbreviate($0) } ?? "nil")" }
        guard case .value(let found) = observed else { return StepFailure("outcome", "fetch(id:) threw", expected: expectedText()) }
        switch (expected, found) {
        case (nil, nil): break
        case (let expected?, let found?) where conformance.equivalence(found, expected): break
        default: return StepFailure("value", "fetch(id:) disagrees with the model", expected: expectedText())
        }
        if let found, let broken = tables.maintained.observe(found, id: id, isWrite: false, call: "fetch(id:)") {
            let fields = conformance.promises.storeMaintained.map { $0.name }
            return StepFailure("maintained", broken, expected: "the store-maintained fields as \(fields) last showed them")
        }
        return nil
    }

    private func judgeFetchAll(_ observed: ObservedOutcome<Entity>, tables: inout SequentialTables<Entity>) -> StepFailure? {
        let expected = tables.model.fetchAll()
        // Described only for a failure: describing entities walks them through reflection.
        func expectedText() -> String { "returns \(abbreviate(expected, limit: 400))" }
        guard case .listed(let all) = observed else { return StepFailure("outcome", "fetchAll() threw", expected: expectedText()) }
        if let (check, message) = compareContents(all, tables.subjectSide, expected) {
            return StepFailure(check, message, expected: expectedText())
        }
        for entity in all {
            if let id = tables.subjectSide.harnessID(entity.id),
                let broken = tables.maintained.observe(entity, id: id, isWrite: false, call: "fetchAll()")
            {
                return StepFailure("maintained", broken, expected: "the store-maintained fields as they last showed")
            }
        }
        return nil
    }

    private func judgeCreate(
        _ entity: Entity, _ request: RequestJudgement<Entity>, subject: GuardedSubject<Entity>, tables: inout SequentialTables<Entity>
    ) async -> StepFailure? {
        let serverAssigned = conformance.capabilities.contains(.serverAssignedIDs)
        if !serverAssigned, let policy = tables.model.policy(forCreate: entity) {
            let resolved = await resolve(request.observed, policy, sent: entity, subject: subject, isCreate: true)
            return judge(resolved, under: policy, of: "create(_:) of an existing id", named: "createOfExisting", entity, request, tables: &tables) {
                $0.create(entity, outcome: $1)
            }
        }
        guard case .value(let returned?) = request.observed else {
            return StepFailure("outcome", "create(_:) of a new entity did not return it", expected: "returns \(abbreviate(entity))")
        }
        if !conformance.equivalence(returned, entity) {
            return StepFailure(
                "value", "create(_:) returned a value not equivalent (\(conformance.equivalence.name)) to what was sent",
                expected: "returns \(abbreviate(entity))")
        }
        if serverAssigned, let failure = judgeAssignedID(returned.id, tables: &tables) { return failure }
        tables.model.create(entity)
        tables.maintained.reset(entity.id, to: returned)
        if case .createAgain(.created(let k)) = request.part {
            tables.maintained.wrote(returned, reference: k)
        } else {
            tables.maintained.wrote(returned, reference: request.partReference)
        }
        return nil
    }

    /// Judges a write a declared policy governs (a create of a taken id, an update of a missing one) by what
    /// it resolved to; when the policy allows it, `apply` moves the model and an applied write resets the
    /// store-maintained fields to what it returned.
    private func judge(
        _ resolved: RequestOutcome, under policy: RequestPolicy, of write: String, named policyName: String, _ entity: Entity,
        _ request: RequestJudgement<Entity>, tables: inout SequentialTables<Entity>,
        apply: (inout ReferenceModel<Entity>, RequestOutcome) -> Void
    ) -> StepFailure? {
        if !policy.accepts(resolved) {
            return StepFailure(
                "policy", "\(write) was \(resolved), which the declared \(policyName) policy does not allow",
                expected: policy.description, actual: resolved.description)
        }
        apply(&tables.model, resolved)
        if resolved == .applied, case .value(let now?) = request.observed { tables.maintained.reset(entity.id, to: now) }
        return nil
    }

    /// Judges an id the store assigned: not one a stored entity has, nor (unless declared) one it handed
    /// out before.
    private func judgeAssignedID(_ id: Entity.ID, tables: inout SequentialTables<Entity>) -> StepFailure? {
        let clash = tables.subjectSide.references(to: id).filter { tables.model.contains(tables.modelSide.id(.created($0))) }
        if let other = clash.first {
            return StepFailure("duplicateID", "create(_:) assigned id \(abbreviate(id)), which stored entity #\(other) already has", expected: "a new id")
        }
        if !conformance.policies.reusesDeletedIDs, tables.handedOut.contains(id) {
            return StepFailure(
                "reusedID",
                "create(_:) handed out id \(abbreviate(id)) again, after the entity that had it was deleted "
                    + "(declare RequestPolicies(reusesDeletedIDs: true) if the backend does so on purpose)",
                expected: "a new id")
        }
        tables.handedOut.insert(id)
        return nil
    }

    private func judgeUpdate(
        _ entity: Entity, _ request: RequestJudgement<Entity>, subject: GuardedSubject<Entity>, tables: inout SequentialTables<Entity>
    ) async -> StepFailure? {
        if let policy = tables.model.policy(forUpdate: entity) {
            let resolved = await resolve(request.observed, policy, sent: request.sent.entity ?? entity, subject: subject, isCreate: false)
            return judge(resolved, under: policy, of: "update(_:) of a missing id", named: "updateOfMissing", entity, request, tables: &tables) {
                $0.update(entity, outcome: $1)
            }
        }
        guard case .value(let returned?) = request.observed else {
            return StepFailure("outcome", "update(_:) of a stored entity did not return it", expected: "returns \(abbreviate(entity))")
        }
        if !conformance.equivalence(returned, entity) {
            return StepFailure(
                "value", "update(_:) returned a value not equivalent (\(conformance.equivalence.name)) to what was sent",
                expected: "returns \(abbreviate(entity))")
        }
        tables.model.update(entity)
        if let broken = tables.maintained.observe(returned, id: entity.id, isWrite: true, call: "update(_:)") {
            return StepFailure("maintained", broken, expected: "the store-maintained fields moved by their rules")
        }
        if case .created(let k)? = request.part.reference { tables.maintained.wrote(returned, reference: k) }
        return nil
    }

    private func judgeDelete(_ id: Entity.ID, _ observed: ObservedOutcome<Entity>, tables: inout SequentialTables<Entity>) -> StepFailure? {
        if let policy = tables.model.policy(forDelete: id) {
            let resolved: RequestOutcome
            if case .threw(let kind, _) = observed { resolved = .rejected(kind) } else { resolved = policy.accepts(.applied) ? .applied : .ignored }
            if !policy.accepts(resolved) {
                return StepFailure(
                    "policy", "delete(id:) of a missing id was \(resolved), which the declared deleteOfMissing policy does not allow",
                    expected: policy.description, actual: resolved.description)
            }
            return nil
        }
        guard case .completed = observed else {
            return StepFailure("outcome", "delete(id:) of a stored entity did not return", expected: "returns")
        }
        tables.model.delete(id: id)
        tables.maintained.reset(id)
        return nil
    }
}
