/// Runs one sequence on fresh subjects of two conformers and stops at the first observable difference.
struct DifferentialRun<Entity: Identifiable & Equatable & Sendable>: Sendable where Entity.ID: Sendable {
    let first: ModelSubject<Entity>
    let second: ModelSubject<Entity>
    let factory: EntityFactory<Entity>

    func run(
        _ operations: [ModelOperation], on firstWitness: RepositoryWitness<Entity>, and secondWitness: RepositoryWitness<Entity>
    ) async -> RunOutcome {
        let a = GuardedSubject(firstWitness, first), b = GuardedSubject(secondWitness, second)
        var sideA = SideTables(factory: factory, serverAssigned: first.capabilities.contains(.serverAssignedIDs))
        var sideB = SideTables(factory: factory, serverAssigned: second.capabilities.contains(.serverAssignedIDs))
        let compareOrder = first.ordering.isSpecified && first.ordering.description == second.ordering.description
        var outcome = RunOutcome()
        var created = 0
        for (index, operation) in operations.enumerated() {
            guard let newReference = outcome.admit(operation, at: index, created: &created) else { continue }
            let requestA = sideA.request(for: operation, newReference: newReference)
            let requestB = sideB.request(for: operation, newReference: newReference)
            let observedA = await a.perform(requestA)
            let observedB = await b.perform(requestB)
            outcome.trace.append(TraceStep(
                operation: operation, swiftSource: requestB.swiftSource(threw: !observedB.returned),
                observed: "\(first.name): \(observedA); \(second.name): \(observedB)"))
            if let (check, message) = difference(observedA, sideA, observedB, sideB, compareOrder: compareOrder) {
                outcome.divergence = Divergence(
                    step: index, operation: operation, check: check, message: message,
                    expected: "\(first.name) \(observedA)", actual: "\(second.name) \(observedB)")
                return outcome
            }
            var returnedA: Entity?, returnedB: Entity?
            if case .value(let value) = observedA { returnedA = value }
            if case .value(let value) = observedB { returnedB = value }
            sideA.record(operation, requestA, newReference: newReference, succeeded: observedA.returned, returned: returnedA)
            sideB.record(operation, requestB, newReference: newReference, succeeded: observedB.returned, returned: returnedB)
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
