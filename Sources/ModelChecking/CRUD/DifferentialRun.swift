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
        var sideA = SideTables(factory: factory, serverAssigned: first.capabilities.contains(.serverAssignedIDs), edgeCases: edgeCases)
        var sideB = SideTables(
            factory: factory, serverAssigned: second.capabilities.contains(.serverAssignedIDs), edgeCases: edgeCases,
            edgeCaseSettings: first.edgeCaseArgument)
        let compareOrder = first.ordering.isSpecified && first.ordering.description == second.ordering.description
        var outcome = ModelRunOutcome(preamble: ["var sent: [\(Entity.self)] = []"])
        let anomalies = AnomalyLog()
        var created = 0
        for (index, operation) in operations.enumerated() {
            guard let newReference = outcome.admit(operation, at: index, created: &created) else { continue }
            var observations: [String] = []
            var threw = false
            for (part, partReference) in operation.parts(newReference: newReference) {
                let requestA = sideA.request(for: part, newReference: partReference)
                let requestB = sideB.request(for: part, newReference: partReference)
                let seenAnomalies = anomalies.messages.count
                let observedA = await AnomalyLog.$current.withValue(anomalies) { await a.perform(requestA) }
                let observedB = await AnomalyLog.$current.withValue(anomalies) { await b.perform(requestB) }
                threw = threw || !observedB.returned
                observations.append("\(first.name): \(observedA); \(second.name): \(observedB)")
                var found = difference(observedA, sideA, observedB, sideB, compareOrder: compareOrder)
                if found == nil, anomalies.messages.count > seenAnomalies {
                    found = ("anomaly", anomalies.messages[seenAnomalies])
                }
                if let (check, message) = found {
                    outcome.trace.append(TraceStep(
                        operation: operation, swiftSource: sideB.swiftSource(for: operation, newReference: newReference, threw: threw),
                        observed: observations.last ?? ""))
                    outcome.divergence = Divergence(
                        step: index, operation: operation, check: check, message: message,
                        expected: "\(first.name) \(observedA)", actual: "\(second.name) \(observedB)")
                    return outcome
                }
                var returnedA: Entity?, returnedB: Entity?
                if case .value(let value) = observedA { returnedA = value }
                if case .value(let value) = observedB { returnedB = value }
                sideA.record(part, requestA, newReference: partReference, succeeded: observedA.returned, returned: returnedA)
                sideB.record(part, requestB, newReference: partReference, succeeded: observedB.returned, returned: returnedB)
            }
            outcome.trace.append(TraceStep(
                operation: operation, swiftSource: sideB.swiftSource(for: operation, newReference: newReference, threw: threw),
                observed: observations.count == 1 ? observations[0] : "\(observations.count) creates, the last \(observations.last ?? "")"))
        }
        return outcome
    }

    private func difference(
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
