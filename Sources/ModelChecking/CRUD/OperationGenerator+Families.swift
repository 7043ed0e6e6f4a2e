import ContractEngine

/// What the generator tracks, as a family step changes it.
struct FamilyGenerationState {
    /// Entities created so far (each a `.created(k)`).
    var created: Int
    /// The last ordinal used.
    var ordinals: Int
    /// The `k`s deleted (softly or for good) and not re-created or restored since.
    var deleted: Set<Int>
}

extension OperationGenerator {
    /// The families' step kinds (10 and up) with their weights, for a run that has created `created`
    /// entities: only those of declared families, and those naming an entity only once one exists.
    func familyChoices(created: Int) -> [(weight: Int, kind: Int)] {
        var choices: [(weight: Int, kind: Int)] = []
        if families.pages { choices.append((8, 10)) }
        if families.versions, capabilities.contains(.update), created > 0 { choices += [(10, 11), (6, 12)] }
        if families.softDelete, created > 0 { choices += [(8, 13), (4, 14)] }
        if families.batches, capabilities.contains(.create) { choices.append((8, 15)) }
        if families.queries > 0, created > 0 { choices.append((10, 16)) }
        if families.storeTime, created > 0 { choices.append((6, 17)) }
        return choices
    }

    /// Whether a step of family kind `kind` names an entity drawn the way CRUD steps draw one.
    static func drawsReference(_ kind: Int) -> Bool {
        [11, 12, 14, 16].contains(kind)
    }

    /// A step of family kind `kind` (see ``familyChoices(created:)``); `drawn` is the entity drawn for it
    /// the way CRUD steps draw one (mostly live ones) when ``drawsReference(_:)``.
    func familyStep(
        _ kind: Int, state: inout FamilyGenerationState, drawn: EntityReference?, using random: inout SplitMix64
    ) -> ModelOperation {
        let reference = { drawn ?? .created(0) }
        switch kind {
        case 10:
            return .pageThrough(limit: 1 + random.bounded(4))
        case 11:
            return .updateVersioned(reference())
        case 12:
            return .updateStale(reference())
        case 13:
            // Mostly an entity deleted softly: restore is about those.
            let gone = state.deleted.sorted()
            let k = !gone.isEmpty && random.bounded(4) != 0 ? gone[random.bounded(gone.count)] : random.bounded(state.created)
            state.deleted.remove(k)
            return .restore(.created(k))
        case 14:
            let target = reference()
            if case .created(let k) = target { state.deleted.insert(k) }
            return .purge(target)
        case 15:
            let count = random.bounded(5)
            let live = (0..<state.created).filter { !state.deleted.contains($0) }
            var clash = BatchClash.none
            switch random.bounded(10) {
            case 6...7 where state.created > 0:
                clash = .stored(.created(live.isEmpty ? random.bounded(state.created) : live[random.bounded(live.count)]))
            case 8...9 where count > 0:
                clash = .repeated
            default:
                break
            }
            let first = state.ordinals + 1
            state.ordinals += count
            state.created += count
            return .insertBatch(firstOrdinal: first, count: count, clash: clash)
        case 17:
            return .moveStoreTime
        default:
            let query = random.bounded(families.queries)
            let target = reference()
            let parameter = random.bounded(1_000)
            let nearMiss = random.bounded(3) == 0 ? random.bounded(1_000) : nil
            return .query(query, of: target, parameter: parameter, nearMiss: nearMiss)
        }
    }
}
