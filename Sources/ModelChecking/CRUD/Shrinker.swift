/// Shrinks a failing sequence by delta debugging: removes chunks of steps (halving the chunk size down to
/// single steps), then simplifies what is left (ordinals renumbered from 1, unknown ids from 0), and repeats
/// while anything helps.
///
/// Every candidate is run on a fresh subject, and kept only if it fails with the same
/// ``Divergence/signature``, so shrinking cannot slide to a different bug. Steps after the divergence and
/// steps that were skipped are dropped from every kept candidate. The number of re-runs is bounded.
package struct Shrinker: Sendable {
    /// The most candidates to run.
    var maxAttempts: Int

    struct Result: Sendable {
        var operations: [ModelOperation]
        var attempts: Int
    }

    func shrink(
        _ operations: [ModelOperation], failing outcome: ModelRunOutcome,
        run: ([ModelOperation]) async -> ModelRunOutcome?
    ) async -> Result {
        guard let divergence = outcome.divergence else { return Result(operations: operations, attempts: 0) }
        let signature = divergence.signature
        var current = Self.trimmed(operations, outcome)
        var attempts = 0

        func attempt(_ candidate: [ModelOperation]) async -> Bool {
            guard attempts < maxAttempts, candidate != current, !candidate.isEmpty else { return false }
            attempts += 1
            guard let result = await run(candidate), result.divergence?.signature == signature else { return false }
            current = Self.trimmed(candidate, result)
            return true
        }

        var progressed = true
        while progressed, attempts < maxAttempts {
            progressed = await removeChunks(
                count: { current.count }, canTryMore: { attempts < maxAttempts },
                tryWithout: { range in await attempt(Self.removing(range, from: current)) })
            var index = 0
            while index < current.count, attempts < maxAttempts {
                if let plainer = Self.plainer(current[index]) {
                    var candidate = current
                    candidate[index] = plainer
                    if await attempt(candidate) { progressed = true }
                }
                index += 1
            }
            if await attempt(Self.simplified(current)) { progressed = true }
        }
        return Result(operations: current, attempts: attempts)
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
