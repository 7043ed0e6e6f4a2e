import ContractEngine

/// Runs one sequence on fresh subjects of two conformers and stops at the first observable difference.
struct DifferentialRun<Entity: Identifiable & Equatable & Sendable>: Sendable where Entity.ID: Sendable {
    let first: ModelSubject<Entity>
    let second: ModelSubject<Entity>
    let factory: EntityFactory<Entity>

    func run(
        _ operations: [ModelOperation], on firstWitness: RepositoryWitness<Entity>, and secondWitness: RepositoryWitness<Entity>
    ) async -> ModelRunOutcome {
        let a = GuardedSubject(firstWitness, first), b = GuardedSubject(secondWitness, second)
        // Both sides make the same entities: the first conformer's edge cases.
        let edgeCases = factory.edgeCases(first.promises.edgeCases)
        let sideA = SideTables(factory: factory, serverAssigned: first.capabilities.contains(.serverAssignedIDs), edgeCases: edgeCases)
        let sideB = SideTables(
            factory: factory, serverAssigned: second.capabilities.contains(.serverAssignedIDs), edgeCases: edgeCases,
            edgeCaseSettings: first.edgeCaseArgument)
        let compareOrder = first.ordering.isSpecified && first.ordering.description == second.ordering.description
        var outcome = ModelRunOutcome(preamble: ["var sent: [\(Entity.self)] = []"])
        var interpreter = DifferentialInterpreter(
            run: self, a: a, b: b, sideA: sideA, sideB: sideB, compareOrder: compareOrder, anomalies: AnomalyLog())
        var created = 0
        for (index, operation) in operations.enumerated() {
            guard let newReference = outcome.admit(operation, at: index, created: &created) else { continue }
            if await interpreter.drive(StepPlace(index: index, operation: operation, newReference: newReference), outcome: &outcome) {
                return outcome
            }
        }
        return outcome
    }

    func difference(
        _ a: ObservedOutcome<Entity>, _ sideA: SideTables<Entity>, _ b: ObservedOutcome<Entity>, _ sideB: SideTables<Entity>,
        compareOrder: Bool
    ) -> (String, String)? {
        switch (a, b) {
        case (.broke, _), (_, .broke):
            return ("broken", "a call did not complete")
        case (.threw(let kindA, _), .threw(let kindB, _)):
            return kindA == kindB ? nil : ("outcome", "both threw, with different error kinds")
        case (.completed, .completed):
            return nil
        case (.value(nil), .value(nil)):
            return nil
        case (.value(let x?), .value(let y?)):
            return first.equivalence(x, y) ? nil : ("value", "the two conformers returned different values")
        case (.listed(let x), .listed(let y)):
            let idsA = x.map { sideA.harnessID($0.id) }, idsB = y.map { sideB.harnessID($0.id) }
            if idsA.contains(where: { $0 == nil }) || idsB.contains(where: { $0 == nil }) || idsA.count != idsB.count
                || Set(idsA.compactMap { $0 }) != Set(idsB.compactMap { $0 }) {
                return ("contents", "fetchAll() holds different entities")
            }
            let byID = Dictionary(zip(idsB.map { $0! }, y), uniquingKeysWith: { first, _ in first })
            for (id, entity) in zip(idsA, x) where !first.equivalence(entity, byID[id!]!) {
                return ("value", "fetchAll() holds a different value for id \(abbreviate(id!))")
            }
            if compareOrder, idsA != idsB {
                return ("order", "fetchAll() lists the entities in a different order")
            }
            return nil
        default:
            return ("outcome", a.returned == b.returned ? "the two conformers answered differently" : "one conformer threw and the other returned")
        }
    }
}

/// The differential run's step interpreter: each request made of both conformers, the second's answer
/// judged against the first's.
struct DifferentialInterpreter<Entity: Identifiable & Equatable & Sendable>: StepInterpreter where Entity.ID: Sendable {
    let run: DifferentialRun<Entity>
    let a: GuardedSubject<Entity>
    let b: GuardedSubject<Entity>
    var sideA: SideTables<Entity>
    var sideB: SideTables<Entity>
    let compareOrder: Bool
    let anomalies: AnomalyLog

    mutating func interpret(_ part: ModelOperation, _ partReference: Int) async -> InterpretedPart {
        let requestA = sideA.request(for: part, newReference: partReference)
        let requestB = sideB.request(for: part, newReference: partReference)
        let seenAnomalies = anomalies.messages.count
        let observedA = await AnomalyLog.$current.withValue(anomalies) { [a] in await a.perform(requestA) }
        let observedB = await AnomalyLog.$current.withValue(anomalies) { [b] in await b.perform(requestB) }
        let (first, second) = (run.first.name, run.second.name)
        let observed = DeferredText(describing: (observedA, observedB), holding: Entity.self) { "\(first): \($0.0); \(second): \($0.1)" }
        var found = run.difference(observedA, sideA, observedB, sideB, compareOrder: compareOrder)
        if found == nil, anomalies.messages.count > seenAnomalies {
            found = ("anomaly", anomalies.messages[seenAnomalies])
        }
        if let (check, message) = found {
            let failure = StepFailure(check, message, expected: "\(run.first.name) \(observedA)", actual: "\(run.second.name) \(observedB)")
            return InterpretedPart(observed: observed, returned: observedB.returned, failure: failure)
        }
        var returnedA: Entity?, returnedB: Entity?
        if case .value(let value) = observedA { returnedA = value }
        if case .value(let value) = observedB { returnedB = value }
        sideA.record(part, requestA, newReference: partReference, succeeded: observedA.returned, returned: returnedA)
        sideB.record(part, requestB, newReference: partReference, succeeded: observedB.returned, returned: returnedB)
        return InterpretedPart(observed: observed, returned: observedB.returned, failure: nil)
    }

    func swiftSource(for operation: ModelOperation, newReference: Int, threw: Bool) -> String? {
        sideB.swiftSource(for: operation, newReference: newReference, threw: threw)
    }
}
