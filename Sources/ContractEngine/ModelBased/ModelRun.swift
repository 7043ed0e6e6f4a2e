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

    func run(_ operations: [ModelOperation], on witness: RepositoryWitness<Entity>) async -> RunOutcome {
        let subject = GuardedSubject(witness, conformance)
        let serverAssigned = conformance.capabilities.contains(.serverAssignedIDs)
        let reusesIDs = conformance.policies.reusesDeletedIDs
        var model = ReferenceModel(conformance)
        var modelSide = SideTables(factory: factory, serverAssigned: false, edgeCases: edgeCases)
        let promises = conformance.promises
        var subjectSide = SideTables(
            factory: factory, serverAssigned: serverAssigned, edgeCases: edgeCases, edgeCaseSettings: conformance.edgeCaseArgument,
            adoptsReturned: !promises.storeMaintained.isEmpty || promises.optimisticConcurrency != nil,
            softDeletes: promises.softDeletion != nil)
        var state = FamilyRunState(fields: promises.storeMaintained)
        var outcome = RunOutcome(preamble: ["var sent: [\(Entity.self)] = []"])
        let anomalies = AnomalyLog()
        var handedOut: Set<Entity.ID> = []
        var created = 0
        for (index, operation) in operations.enumerated() {
            guard let newReference = outcome.admit(operation, at: index, created: &created) else { continue }
            if operation.isFamilyStep || (operation.kind == "delete" && promises.softDeletion != nil) {
                let seenAnomalies = anomalies.messages.count
                let step = await AnomalyLog.$current.withValue(anomalies) {
                    await familyStep(
                        operation, newReference: newReference, subject: subject, model: &model, modelSide: &modelSide,
                        subjectSide: &subjectSide, state: &state)
                }
                if step.skipped {
                    outcome.skipped.append(index)
                    outcome.trace.append(TraceStep(operation: operation, swiftSource: nil, observed: step.observed))
                    continue
                }
                outcome.trace.append(TraceStep(operation: operation, swiftSource: step.swift, observed: step.observed))
                var failure = step.failure
                if failure == nil, anomalies.messages.count > seenAnomalies {
                    failure = ("anomaly", anomalies.messages[seenAnomalies], "every completion handler called exactly once", step.observed)
                }
                if let failure {
                    outcome.divergence = Divergence(
                        step: index, operation: operation, check: failure.check, message: failure.message,
                        expected: failure.expected, actual: failure.actual)
                    return outcome
                }
                continue
            }
            var observations: [String] = []
            var threw = false
            for (part, partReference) in operation.parts(newReference: newReference) {
            let expectedRequest = modelSide.request(for: part, newReference: partReference)
            let request = subjectSide.request(for: part, newReference: partReference)
            let seenAnomalies = anomalies.messages.count
            let observed = await AnomalyLog.$current.withValue(anomalies) { await subject.perform(request) }
            threw = threw || !observed.returned
            observations.append(observed.description)
            func diverge(_ check: String, _ message: String, expected: String, actual: String? = nil) -> RunOutcome {
                var result = outcome
                result.trace.append(TraceStep(
                    operation: operation, swiftSource: subjectSide.swiftSource(for: operation, newReference: newReference, threw: threw),
                    observed: observed.description))
                result.divergence = Divergence(
                    step: index, operation: operation, check: check, message: message, expected: expected,
                    actual: actual ?? observed.description)
                return result
            }
            if case .broke(let text) = observed {
                return diverge("broken", "the call did not complete", expected: "a result", actual: text)
            }
            if anomalies.messages.count > seenAnomalies {
                return diverge("anomaly", anomalies.messages[seenAnomalies], expected: "every completion handler called exactly once")
            }
            let succeeded = observed.returned
            // A refused input is judged as such only where the write would otherwise have to succeed: an
            // update of a missing id, or a create of a taken one, may fail for that reason first.
            let refusedInput = switch expectedRequest {
            case .create(let entity): isRefused(entity) && model.policy(forCreate: entity) == nil
            case .update(let entity): isRefused(entity) && model.policy(forUpdate: entity) == nil
            default: false
            }
            if refusedInput, let refusal = refusal(of: expectedRequest, observed) {
                return diverge(refusal.check, refusal.message, expected: refusal.expected)
            }
            switch expectedRequest {
            case .create where refusedInput, .update where refusedInput:
                break  // Refused as declared (checked above): nothing changes.
            case .conditionalUpdate:
                break  // Only parallel plans send it as a request; sequential runs make it a family step.
            case .fetch(let id):
                let expected = model.fetch(id: id)
                guard case .value(let found) = observed else {
                    return diverge("outcome", "fetch(id:) threw", expected: "returns \(expected.map { abbreviate($0) } ?? "nil")")
                }
                switch (expected, found) {
                case (nil, nil): break
                case (let expected?, let found?) where conformance.equivalence(found, expected): break
                default:
                    return diverge("value", "fetch(id:) disagrees with the model", expected: "returns \(expected.map { abbreviate($0) } ?? "nil")")
                }
                if let found, let broken = state.observe(found, id: id, isWrite: false, call: "fetch(id:)") {
                    return diverge("maintained", broken, expected: "the store-maintained fields as \(promises.storeMaintained.map(\.name)) last showed them")
                }
            case .fetchAll:
                let expected = model.fetchAll()
                guard case .listed(let all) = observed else {
                    return diverge("outcome", "fetchAll() threw", expected: "returns \(abbreviate(expected, limit: 400))")
                }
                if let (check, message) = compareContents(all, subjectSide, expected) {
                    return diverge(check, message, expected: "returns \(abbreviate(expected, limit: 400))")
                }
                for entity in all {
                    if let id = subjectSide.harnessID(entity.id), let broken = state.observe(entity, id: id, isWrite: false, call: "fetchAll()") {
                        return diverge("maintained", broken, expected: "the store-maintained fields as they last showed")
                    }
                }
            case .create(let entity):
                let policy = serverAssigned ? nil : model.policy(forCreate: entity)
                if let policy {
                    let resolved = await resolve(observed, policy, sent: entity, subject: subject, isCreate: true)
                    if !policy.accepts(resolved) {
                        return diverge("policy", "create(_:) of an existing id was \(resolved), which the declared createOfExisting policy does not allow",
                                       expected: policy.description, actual: resolved.description)
                    }
                    model.create(entity, outcome: resolved)
                    if resolved == .applied, case .value(let now?) = observed { state.reset(entity.id, to: now) }
                } else {
                    guard case .value(let returned?) = observed else {
                        return diverge("outcome", "create(_:) of a new entity did not return it", expected: "returns \(abbreviate(entity))")
                    }
                    if !conformance.equivalence(returned, entity) {
                        return diverge("value", "create(_:) returned a value not equivalent (\(conformance.equivalence.name)) to what was sent",
                                       expected: "returns \(abbreviate(entity))")
                    }
                    if serverAssigned {
                        let clash = subjectSide.references(to: returned.id).filter { model.contains(modelSide.id(.created($0))) }
                        if let other = clash.first {
                            return diverge("duplicateID", "create(_:) assigned id \(abbreviate(returned.id)), which stored entity #\(other) already has",
                                           expected: "a new id")
                        }
                        if !reusesIDs, handedOut.contains(returned.id) {
                            return diverge("reusedID", "create(_:) handed out id \(abbreviate(returned.id)) again, after the entity that had it was deleted "
                                           + "(declare RequestPolicies(reusesDeletedIDs: true) if the backend does so on purpose)",
                                           expected: "a new id")
                        }
                        handedOut.insert(returned.id)
                    }
                    model.create(entity)
                    state.reset(entity.id, to: returned)
                    if case .createAgain(.created(let k)) = part {
                        state.wrote(returned, reference: k)
                    } else {
                        state.wrote(returned, reference: partReference)
                    }
                }
            case .update(let entity):
                if let policy = model.policy(forUpdate: entity) {
                    let resolved = await resolve(observed, policy, sent: request.entity ?? entity, subject: subject, isCreate: false)
                    if !policy.accepts(resolved) {
                        return diverge("policy", "update(_:) of a missing id was \(resolved), which the declared updateOfMissing policy does not allow",
                                       expected: policy.description, actual: resolved.description)
                    }
                    model.update(entity, outcome: resolved)
                    if resolved == .applied, case .value(let now?) = observed { state.reset(entity.id, to: now) }
                } else {
                    guard case .value(let returned?) = observed else {
                        return diverge("outcome", "update(_:) of a stored entity did not return it", expected: "returns \(abbreviate(entity))")
                    }
                    if !conformance.equivalence(returned, entity) {
                        return diverge("value", "update(_:) returned a value not equivalent (\(conformance.equivalence.name)) to what was sent",
                                       expected: "returns \(abbreviate(entity))")
                    }
                    model.update(entity)
                    if let broken = state.observe(returned, id: entity.id, isWrite: true, call: "update(_:)") {
                        return diverge("maintained", broken, expected: "the store-maintained fields moved by their rules")
                    }
                    if case .created(let k)? = part.reference { state.wrote(returned, reference: k) }
                }
            case .delete(let id):
                if let policy = model.policy(forDelete: id) {
                    let resolved: RequestOutcome
                    if case .threw(let kind, _) = observed { resolved = .rejected(kind) } else { resolved = policy.accepts(.applied) ? .applied : .ignored }
                    if !policy.accepts(resolved) {
                        return diverge("policy", "delete(id:) of a missing id was \(resolved), which the declared deleteOfMissing policy does not allow",
                                       expected: policy.description, actual: resolved.description)
                    }
                } else {
                    guard case .completed = observed else {
                        return diverge("outcome", "delete(id:) of a stored entity did not return", expected: "returns")
                    }
                    model.delete(id: id)
                    state.reset(id)
                }
            }
            var returned: Entity?
            if case .value(let value) = observed { returned = value }
            modelSide.record(part, expectedRequest, newReference: partReference, succeeded: succeeded, returned: nil)
            subjectSide.record(part, request, newReference: partReference, succeeded: succeeded, returned: returned)
            }
            outcome.trace.append(TraceStep(
                operation: operation, swiftSource: subjectSide.swiftSource(for: operation, newReference: newReference, threw: threw),
                observed: observations.count == 1 ? observations[0] : "\(observations.count) creates, the last \(observations.last ?? "")"))
        }
        if let late = anomalies.messages.first, let last = outcome.trace.indices.last {
            // A completion handler called again after its caller moved on.
            outcome.divergence = Divergence(
                step: last, operation: outcome.trace[last].operation, check: "anomaly", message: late,
                expected: "every completion handler called exactly once", actual: late)
        }
        return outcome
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
    private func compareContents(
        _ all: [Entity], _ side: SideTables<Entity>, _ expected: [Entity]
    ) -> (String, String)? {
        let ids = all.map { side.harnessID($0.id) }
        let expectedIDs = expected.map(\.id)
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
