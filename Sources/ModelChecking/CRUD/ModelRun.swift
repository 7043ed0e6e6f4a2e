import ContractEngine

/// Runs one sequence on a fresh subject next to the reference model and stops at the first divergence.
struct ModelRun<Entity: Identifiable & Equatable & Sendable>: Sendable where Entity.ID: Sendable {
    let conformance: ModelSubject<Entity>
    let factory: EntityFactory<Entity>

    /// The derived edge cases the steps use, those the conformance declares refused listed again so that
    /// they make up about a quarter of the draws (see ``favouringRefused(_:by:)``).
    let edgeCases: [EdgeCase<Entity>]

    init(conformance: ModelSubject<Entity>, factory: EntityFactory<Entity>) {
        self.conformance = conformance
        self.factory = factory
        self.edgeCases = Self.favouringRefused(factory.edgeCases(conformance.promises.edgeCases), by: conformance)
    }

    /// `derived`, with the values the conformance declares refused appended again until they make up at
    /// least a quarter of the list. A store's refusal path (validate, then write; throw, changing nothing)
    /// is where atomicity bugs live, and one refused value among dozens of derived ones would otherwise be
    /// drawn too rarely for a default run to reach it. Steps name edge cases by name in pasted Swift, so
    /// the repeats change no repro.
    private static func favouringRefused(_ derived: [EdgeCase<Entity>], by conformance: ModelSubject<Entity>) -> [EdgeCase<Entity>] {
        let refused = derived.filter { isRefused($0.entity, by: conformance) }
        guard !refused.isEmpty, refused.count < derived.count else { return derived }
        let repeats = (derived.count / 4 + refused.count - 1) / refused.count
        return derived + Array(repeatElement(refused, count: max(repeats - 1, 0)).joined())
    }

    /// Runs `operations` on `witness` next to a fresh reference model, until the first divergence.
    func run(_ operations: [ModelOperation], on witness: RepositoryWitness<Entity>) async -> ModelRunOutcome {
        let subject = GuardedSubject(witness, conformance)
        var tables = makeTables()
        var outcome = ModelRunOutcome(preamble: ["var sent: [\(Entity.self)] = []"])
        let anomalies = AnomalyLog()
        var created = 0
        for (index, operation) in operations.enumerated() {
            guard let newReference = outcome.admit(operation, at: index, created: &created) else { continue }
            let step = StepPlace(index: index, operation: operation, newReference: newReference)
            let diverged: Bool
            if operation.isFamilyStep || (operation.kind == "delete" && conformance.promises.softDeletion != nil) {
                diverged = await runFamilyStep(step, subject: subject, tables: &tables, anomalies: anomalies, outcome: &outcome)
            } else {
                var interpreter = SequentialInterpreter(run: self, subject: subject, tables: tables, anomalies: anomalies)
                diverged = await interpreter.drive(step, outcome: &outcome)
                tables = interpreter.tables
            }
            if diverged { return outcome }
        }
        if let late = anomalies.messages.first, let last = outcome.trace.indices.last {
            // A completion handler called again after its caller moved on.
            outcome.divergence = Divergence(
                step: last, operation: outcome.trace[last].operation, check: "anomaly", message: late,
                expected: "every completion handler called exactly once", actual: late)
        }
        return outcome
    }

    /// A run's tables at the start: an empty model, and each side's references (the subject's with the
    /// conformance's id assignment, edge-case settings and the families that adopt returned values).
    private func makeTables() -> SequentialTables<Entity> {
        let promises = conformance.promises
        return SequentialTables(
            model: ReferenceModel(conformance),
            modelSide: SideTables(factory: factory, serverAssigned: false, edgeCases: edgeCases),
            subjectSide: SideTables(
                factory: factory, serverAssigned: conformance.capabilities.contains(.serverAssignedIDs), edgeCases: edgeCases,
                edgeCaseSettings: conformance.edgeCaseArgument,
                adoptsReturned: !promises.storeMaintained.isEmpty || promises.optimisticConcurrency != nil,
                softDeletes: promises.softDeletion != nil),
            maintained: FamilyRunState(fields: promises.storeMaintained))
    }

    /// Runs a family step (or a soft delete) and records it; `true` when it diverged.
    private func runFamilyStep(
        _ place: StepPlace, subject: GuardedSubject<Entity>, tables: inout SequentialTables<Entity>, anomalies: AnomalyLog,
        outcome: inout ModelRunOutcome
    ) async -> Bool {
        let seenAnomalies = anomalies.messages.count
        let step = await AnomalyLog.$current.withValue(anomalies) {
            await familyStep(
                place.operation, newReference: place.newReference, subject: subject, model: &tables.model,
                modelSide: &tables.modelSide, subjectSide: &tables.subjectSide, state: &tables.maintained)
        }
        if step.skipped { outcome.skipped.append(place.index) }
        outcome.trace.append(TraceStep(operation: place.operation, swiftSource: step.skipped ? nil : step.swift, observed: step.observed))
        guard !step.skipped else { return false }
        var failure = step.failure
        if failure == nil, anomalies.messages.count > seenAnomalies {
            failure = ("anomaly", anomalies.messages[seenAnomalies], "every completion handler called exactly once", step.observed.description)
        }
        guard let failure else { return false }
        outcome.divergence = Divergence(
            step: place.index, operation: place.operation, check: failure.check, message: failure.message,
            expected: failure.expected, actual: failure.actual)
        return true
    }

    /// The outcome of a request a policy governs: rejected with the error's kind, or, when it returned,
    /// applied or ignored (asked of the subject with `fetch(id:)` only when the policy allows both).
    func resolve(
        _ observed: ObservedOutcome<Entity>, _ policy: RequestPolicy, sent: Entity, subject: GuardedSubject<Entity>, isCreate: Bool
    ) async -> RequestOutcome {
        if case .threw(let kind, _) = observed { return .rejected(kind) }
        let applies = policy.accepts(.applied), ignores = policy.accepts(.ignored)
        if applies != ignores { return applies ? .applied : .ignored }
        guard case .value(let now) = await subject.perform(.fetch(sent.id)) else { return .ignored }
        guard let now else { return .ignored }
        return !isCreate || conformance.equivalence(now, sent) ? .applied : .ignored
    }

    /// Compares `fetchAll()`'s answer with the model's: the same entities (by harness id), no duplicates,
    /// equivalent values, and the declared order. Returns the failed check and a message.
    func compareContents(
        _ all: [Entity], _ side: SideTables<Entity>, _ expected: [Entity]
    ) -> (String, String)? {
        let ids = all.map { side.harnessID($0.id) }
        let expectedIDs = expected.map { $0.id }
        let expectedSet = Set(expectedIDs), listedSet = Set(ids.compactMap { $0 })
        if ids.contains(where: { $0 == nil }) || listedSet != expectedSet || ids.count != expectedIDs.count {
            let unexpected = zip(all, ids).filter { $0.1 == nil || !expectedSet.contains($0.1!) }.map { abbreviate($0.0.id) }
            let missing = expectedIDs.filter { !listedSet.contains($0) }.map { abbreviate($0) }
            var parts: [String] = []
            if !missing.isEmpty { parts.append("missing \(missing.joined(separator: ", "))") }
            if !unexpected.isEmpty { parts.append("unexpected \(unexpected.joined(separator: ", "))") }
            if parts.isEmpty { parts.append("duplicate ids") }
            return ("contents", "fetchAll() holds other entities than the model: " + parts.joined(separator: "; "))
        }
        let byID = Dictionary(zip(ids.map { $0! }, all), uniquingKeysWith: { first, _ in first })
        for entity in expected where !conformance.equivalence(byID[entity.id]!, entity) {
            return ("value", "fetchAll() returned a different value for id \(abbreviate(entity.id))")
        }
        switch conformance.ordering.rule {
        case .unspecified: break
        case .insertion:
            if ids.map({ $0! }) != expectedIDs {
                return ("order", "fetchAll() is not in the declared order (\(conformance.ordering))")
            }
        case .sorted(let areInIncreasingOrder):
            if zip(all, all.dropFirst()).contains(where: { areInIncreasingOrder($1, $0) }) {
                return ("order", "fetchAll() is not in the declared order (\(conformance.ordering))")
            }
        }
        return nil
    }
}

extension Request {
    var entity: Entity? {
        switch self {
        case .create(let entity), .update(let entity): entity
        default: nil
        }
    }
}
