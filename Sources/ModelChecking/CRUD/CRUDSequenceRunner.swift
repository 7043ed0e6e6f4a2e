import ContractEngine

/// The CRUD check as a user of the sequence search: its steps are ``ModelOperation``s drawn from a
/// conformer's capabilities and families, run against the reference model (or a second conformer);
/// removing steps renumbers the references of the rest, a step's simpler form is the plain step of its
/// kind, and the whole sequence simplifies by numbering ordinals and unknown ids from the start.
package struct CRUDSequenceRunner: SequenceRunner {
    var capabilities: Capabilities
    var families: ModelFamilies
    /// `false` for a subject that only replays recorded requests: a shorter sequence would send requests
    /// nothing recorded.
    var shrinks: Bool
    /// Runs the steps on a fresh subject (or two).
    var runSteps: @Sendable ([ModelOperation]) async throws -> ModelRunOutcome

    func run(seed: UInt64, count: Int) async throws -> (steps: [ModelOperation], outcome: ModelRunOutcome) {
        let operations = ModelCheck.operations(seed: seed, steps: count, capabilities: capabilities, families: families)
        return (operations, try await runSteps(operations))
    }

    func run(_ steps: [ModelOperation]) async throws -> ModelRunOutcome {
        try await runSteps(steps)
    }

    func signature(of outcome: ModelRunOutcome) -> String? {
        outcome.divergence?.signature
    }

    func mayShrink(_ outcome: ModelRunOutcome) -> Bool {
        shrinks
    }

    func steps(_ steps: [ModelOperation], thatRanIn outcome: ModelRunOutcome) -> [ModelOperation] {
        Self.trimmed(steps, outcome)
    }

    func removing(_ range: Range<Int>, from steps: [ModelOperation]) -> [ModelOperation] {
        Self.removing(range, from: steps)
    }

    func simplerForms(of step: ModelOperation) -> [ModelOperation] {
        Self.plainer(step).map { [$0] } ?? []
    }

    func simplified(_ steps: [ModelOperation]) -> [ModelOperation]? {
        Self.simplified(steps)
    }

    /// `operations` without the steps in `range`, references renumbered so that every remaining step still
    /// means the same entity; steps that named an entity whose create was removed go too.
    package static func removing(_ range: Range<Int>, from operations: [ModelOperation]) -> [ModelOperation] {
        var removedCreates: [Int] = []
        var createIndex = 0
        for (index, operation) in operations.enumerated() {
            if range.contains(index) { removedCreates += createIndex..<createIndex + operation.createdCount }
            createIndex += operation.createdCount
        }
        func renumbered(_ reference: EntityReference) -> EntityReference? {
            guard case .created(let k) = reference else { return reference }
            if removedCreates.contains(k) { return nil }
            return .created(k - removedCreates.filter { $0 < k }.count)
        }
        return operations.enumerated().compactMap { index, operation in
            if range.contains(index) { return nil }
            guard let reference = operation.reference else { return operation }
            return renumbered(reference).map { operation.naming($0) }
        }
    }

    /// A plainer step in the same place that creates as many entities: a twin or an edge case as the
    /// plain create, a one-field update as the plain update, pages of one entity (fewer entities then
    /// span pages). `nil` for a step that is plain already (a
    /// bulk step keeps its size: what follows may name any of its entities).
    static func plainer(_ operation: ModelOperation) -> ModelOperation? {
        switch operation {
        case .createTwin(let ordinal, _), .createEdgeCase(let ordinal, _): .create(ordinal: ordinal)
        case .updateField(let reference, _): .update(reference)
        case .pageThrough(let limit) where limit > 1: .pageThrough(limit: 1)
        default: nil
        }
    }

    /// The steps up to and including the divergence, without the skipped ones.
    static func trimmed(_ operations: [ModelOperation], _ outcome: ModelRunOutcome) -> [ModelOperation] {
        let end = outcome.divergence.map { $0.step + 1 } ?? operations.count
        let skipped = Set(outcome.skipped)
        return operations.prefix(end).enumerated().filter { !skipped.contains($0.offset) }.map(\.element)
    }

    /// Ordinals renumbered 1, 2, 3… in order of creation, and unknown ids 0, 1, 2… in order of appearance.
    package static func simplified(_ operations: [ModelOperation]) -> [ModelOperation] {
        var nextOrdinal = 0
        var unknowns: [Int: Int] = [:]
        func simple(_ reference: EntityReference) -> EntityReference {
            guard case .unknown(let n) = reference else { return reference }
            if let known = unknowns[n] { return .unknown(known) }
            unknowns[n] = unknowns.count
            return .unknown(unknowns[n]!)
        }
        func ordinal() -> Int {
            nextOrdinal += 1
            return nextOrdinal
        }
        return operations.map { operation in
            switch operation {
            case .create: return .create(ordinal: ordinal())
            case .fetchAll: return .fetchAll
            case .createAgain(let r): return .createAgain(simple(r))
            case .fetch(let r): return .fetch(simple(r))
            case .update(let r): return .update(simple(r))
            case .delete(let r): return .delete(simple(r))
            case .createTwin(_, let r): return .createTwin(ordinal: ordinal(), of: simple(r))
            case .createEdgeCase(_, let edgeCase): return .createEdgeCase(ordinal: ordinal(), edgeCase: edgeCase)
            case .updateField(let r, let edgeCase): return .updateField(simple(r), edgeCase: edgeCase)
            case .createMany(_, let count):
                let first = nextOrdinal + 1
                nextOrdinal += count
                return .createMany(firstOrdinal: first, count: count)
            case .insertBatch(_, let count, let clash):
                let first = nextOrdinal + 1
                nextOrdinal += count
                return .insertBatch(firstOrdinal: first, count: count, clash: clash.reference.map { .stored(simple($0)) } ?? clash)
            case .pageThrough, .updateVersioned, .updateStale, .restore, .purge, .query, .moveStoreTime:
                return operation.reference.map { operation.naming(simple($0)) } ?? operation
            }
        }
    }
}
