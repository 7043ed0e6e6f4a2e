package import ContractEngine

/// Generates operation sequences from what a conformer declares: only the writes its capabilities
/// include, references mostly to entities that are stored, sometimes to deleted or never-created ones.
///
/// Generation depends only on the capabilities and the generator's state, never on a conformer's answers,
/// so one seed gives the same sequence everywhere.
package struct OperationGenerator: Sendable {
    /// What the conformer declared.
    package var capabilities: Capabilities
    /// The families beyond CRUD it declared: their steps join the CRUD ones. With none, the sequences are
    /// exactly the CRUD ones.
    package var families: ModelFamilies

    /// A generator for a conformer with `capabilities` and `families`.
    package init(capabilities: Capabilities, families: ModelFamilies = .none) {
        self.capabilities = capabilities
        self.families = families
    }

    /// How many entities a bulk step leaves stored: past 500, where list limits and pages hide.
    package static var bulkSize: Int { 501 }

    /// `count` steps drawn from `random`.
    package func sequence(_ count: Int, using random: inout SplitMix64) -> [ModelOperation] {
        var created = 0
        var ordinals = 0
        // One run in 25 takes the repository past 500 entities in one bulk step: often enough that a
        // default check of 100 runs meets it, rarely enough to keep an in-memory check fast.
        var bulked = random.bounded(25) != 0
        var deleted: Set<Int> = []
        var unknowns = 0
        var steps: [ModelOperation] = []
        steps.reserveCapacity(count)
        for _ in 0..<max(0, count) {
            let live = (0..<created).filter { !deleted.contains($0) }
            func reference() -> EntityReference {
                let roll = random.bounded(100)
                if roll < 75, !live.isEmpty { return .created(live[random.bounded(live.count)]) }
                if roll < 90, !deleted.isEmpty {
                    let gone = deleted.sorted()
                    return .created(gone[random.bounded(gone.count)])
                }
                if created > 0, roll < 93 { return .created(random.bounded(created)) }
                unknowns += 1
                return .unknown(random.bounded(unknowns))
            }
            var choices: [(weight: Int, kind: Int)] = [(12, 1), (12, 2)]  // fetch, fetchAll
            if capabilities.contains(.create) { choices.append((live.count < 3 ? 40 : 22, 0)) }
            if capabilities.contains(.update) { choices.append((22, 3)) }
            if capabilities.contains(.delete) { choices.append((16, 4)) }
            if capabilities.contains(.create), !capabilities.contains(.serverAssignedIDs), created > 0 {
                choices.append((4, 5))
            }
            if capabilities.contains(.create) {
                choices.append((8, 7))  // an edge case
                if created > 0 { choices.append((5, 6)) }  // a twin
                if !bulked { choices.append((8, 9)) }  // a bulk step past 500
            }
            if capabilities.contains(.update), created > 0 { choices.append((10, 8)) }  // one field changed
            if !families.isEmpty { choices += familyChoices(created: created) }
            var roll = random.bounded(choices.reduce(0) { $0 + $1.weight })
            var kind = choices[0].kind
            for choice in choices {
                if roll < choice.weight { kind = choice.kind; break }
                roll -= choice.weight
            }
            func nextOrdinal() -> Int {
                ordinals += 1
                return ordinals
            }
            switch kind {
            case 0:
                created += 1
                steps.append(.create(ordinal: nextOrdinal()))
            case 1: steps.append(.fetch(reference()))
            case 2: steps.append(.fetchAll)
            case 3: steps.append(.update(reference()))
            case 4:
                let target = reference()
                if case .created(let k) = target { deleted.insert(k) }
                steps.append(.delete(target))
            case 5:
                let target = EntityReference.created(random.bounded(created))
                if case .created(let k) = target { deleted.remove(k) }
                steps.append(.createAgain(target))
            case 6:
                let target = EntityReference.created(random.bounded(created))
                created += 1
                steps.append(.createTwin(ordinal: nextOrdinal(), of: target))
            case 7:
                created += 1
                steps.append(.createEdgeCase(ordinal: nextOrdinal(), edgeCase: random.bounded(1_000)))
            case 8:
                steps.append(.updateField(reference(), edgeCase: random.bounded(1_000)))
            case 10...:
                let drawn = Self.drawsReference(kind) ? reference() : nil
                var state = FamilyGenerationState(created: created, ordinals: ordinals, deleted: deleted)
                steps.append(familyStep(kind, state: &state, drawn: drawn, using: &random))
                (created, ordinals, deleted) = (state.created, state.ordinals, state.deleted)
            default:
                bulked = true
                let count = max(1, Self.bulkSize - live.count)
                let first = ordinals + 1
                ordinals += count
                created += count
                steps.append(.createMany(firstOrdinal: first, count: count))
            }
        }
        return steps
    }
}
