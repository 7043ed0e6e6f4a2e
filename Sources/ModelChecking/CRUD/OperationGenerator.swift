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
        // One run in 25 takes the repository past 500 entities in one bulk step: often enough that a
        // default check of 100 runs meets it, rarely enough to keep an in-memory check fast.
        var draft = SequenceDraft(bulked: random.bounded(25) != 0)
        var steps: [ModelOperation] = []
        steps.reserveCapacity(count)
        for _ in 0..<max(0, count) {
            let live = (0..<draft.created).filter { !draft.deleted.contains($0) }
            let kind = pick(choices(live: live.count, draft: draft), using: &random)
            steps.append(step(kind, live: live, draft: &draft, using: &random))
        }
        return steps
    }

    /// The kinds of step that can come next, with their weights.
    private func choices(live: Int, draft: SequenceDraft) -> [(weight: Int, kind: Int)] {
        var choices: [(weight: Int, kind: Int)] = [(12, 1), (12, 2)]  // fetch, fetchAll
        if capabilities.contains(.create) { choices.append((live < 3 ? 40 : 22, 0)) }
        if capabilities.contains(.update) { choices.append((22, 3)) }
        if capabilities.contains(.delete) { choices.append((16, 4)) }
        if capabilities.contains(.create), !capabilities.contains(.serverAssignedIDs), draft.created > 0 {
            choices.append((4, 5))
        }
        if capabilities.contains(.create) {
            choices.append((8, 7))  // an edge case
            if draft.created > 0 { choices.append((5, 6)) }  // a twin
            if !draft.bulked { choices.append((8, 9)) }  // a bulk step past 500
        }
        if capabilities.contains(.update), draft.created > 0 { choices.append((10, 8)) }  // one field changed
        if !families.isEmpty { choices += familyChoices(created: draft.created) }
        return choices
    }

    /// A kind drawn by weight.
    private func pick(_ choices: [(weight: Int, kind: Int)], using random: inout SplitMix64) -> Int {
        var roll = random.bounded(choices.reduce(0) { $0 + $1.weight })
        for choice in choices {
            if roll < choice.weight { return choice.kind }
            roll -= choice.weight
        }
        return choices[0].kind
    }

    /// The step of `kind`, its references and ordinals drawn, with `draft` moved on.
    private func step(_ kind: Int, live: [Int], draft: inout SequenceDraft, using random: inout SplitMix64) -> ModelOperation {
        switch kind {
        case 0:
            draft.created += 1
            return .create(ordinal: draft.nextOrdinal())
        case 1: return .fetch(draft.reference(live: live, using: &random))
        case 2: return .fetchAll
        case 3: return .update(draft.reference(live: live, using: &random))
        case 4:
            let target = draft.reference(live: live, using: &random)
            if case .created(let k) = target { draft.deleted.insert(k) }
            return .delete(target)
        case 5:
            let k = random.bounded(draft.created)
            draft.deleted.remove(k)
            return .createAgain(.created(k))
        case 6:
            let target = EntityReference.created(random.bounded(draft.created))
            draft.created += 1
            return .createTwin(ordinal: draft.nextOrdinal(), of: target)
        case 7:
            draft.created += 1
            return .createEdgeCase(ordinal: draft.nextOrdinal(), edgeCase: random.bounded(1_000))
        case 8:
            return .updateField(draft.reference(live: live, using: &random), edgeCase: random.bounded(1_000))
        case 10...:
            let drawn = Self.drawsReference(kind) ? draft.reference(live: live, using: &random) : nil
            var state = FamilyGenerationState(created: draft.created, ordinals: draft.ordinals, deleted: draft.deleted)
            let step = familyStep(kind, state: &state, drawn: drawn, using: &random)
            (draft.created, draft.ordinals, draft.deleted) = (state.created, state.ordinals, state.deleted)
            return step
        default:
            draft.bulked = true
            let count = max(1, Self.bulkSize - live.count)
            let first = draft.ordinals + 1
            draft.ordinals += count
            draft.created += count
            return .createMany(firstOrdinal: first, count: count)
        }
    }
}

/// What drawing a sequence knows so far: how many entities its steps created, the ordinals used, whether
/// a bulk step came, which created entities a delete named, and how many unknown ids it drew.
struct SequenceDraft {
    var created = 0
    var ordinals = 0
    var bulked: Bool
    var deleted: Set<Int> = []
    var unknowns = 0

    init(bulked: Bool) {
        self.bulked = bulked
    }

    mutating func nextOrdinal() -> Int {
        ordinals += 1
        return ordinals
    }

    /// A reference to act on: mostly a live entity, else a deleted one, any created one, or an unknown id.
    mutating func reference(live: [Int], using random: inout SplitMix64) -> EntityReference {
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
}
