import ContractEngine
import RepositoryContractsPrimitives

/// A call of a parallel run as it was made, before its response is abstracted (which needs every key's id).
struct MadeCall<Entity: Identifiable & Equatable & Sendable>: Sendable where Entity.ID: Sendable {
    var task: Int
    var operation: ParallelOperation
    var version: Int?
    var carried: Int?
    var observed: ObservedOutcome<Entity>
    var invocation: Int
    var response: Int
}

/// What a task last saw returned for each key: the entity, and the one version sent it is equivalent to.
typealias SeenValues<Entity: Identifiable & Sendable> = [Int: (entity: Entity, version: Int?)] where Entity.ID: Sendable

/// What a parallel run knows while it runs: each key's id, what each value version sent was, and (with
/// server-assigned ids) what each key's create returned.
///
/// The versions sent are also kept by key, and the key of each id as ids arrive: every response of a run
/// is matched against them, and building them from the whole tables at each call cost a parallel check
/// a quarter of its time.
final class ParallelTables<Entity: Identifiable & Equatable & Sendable>: Sendable where Entity.ID: Sendable {
    /// The versions sent for one key, each with the value it sent.
    typealias SentVersions = [(version: Int, entity: Entity)]

    private struct State {
        var ids: [Int: Entity.ID]
        var sent: [Int: (key: Int, entity: Entity)]
        var created: [Int: Entity] = [:]
        var sentByKey: [Int: SentVersions] = [:]
        var keyOfID: [Entity.ID: Int] = [:]

        mutating func add(id: Entity.ID, key: Int) {
            ids[key] = id
            // The first key for an id two keys were given.
            if let known = keyOfID[id], known < key { return }
            keyOfID[id] = key
        }

        mutating func add(sent entity: Entity, version: Int, key: Int) {
            if let replaced = sent.updateValue((key, entity), forKey: version) {
                sentByKey[replaced.key]?.removeAll { $0.version == version }
            }
            sentByKey[key, default: []].append((version, entity))
        }
    }

    private let state: Protected<State>

    init(ids: [Int: Entity.ID], sent: [Int: (key: Int, entity: Entity)]) {
        var state = State(ids: [:], sent: [:])
        for (key, id) in ids { state.add(id: id, key: key) }
        for (version, value) in sent { state.add(sent: value.entity, version: version, key: value.key) }
        self.state = Protected(state)
    }

    var ids: [Int: Entity.ID] { state.withLock { $0.ids } }
    var sent: [Int: (key: Int, entity: Entity)] { state.withLock { $0.sent } }
    /// The versions sent, by key.
    var sentByKey: [Int: SentVersions] { state.withLock { $0.sentByKey } }
    func id(_ key: Int) -> Entity.ID? { state.withLock { $0.ids[key] } }
    func created(_ key: Int) -> Entity? { state.withLock { $0.created[key] } }

    /// The first id a key's create returned (and the entity), with server-assigned ids.
    func record(created entity: Entity, key: Int) {
        state.withLock { state in
            guard state.ids[key] == nil else { return }
            state.add(id: entity.id, key: key)
            state.created[key] = entity
        }
    }

    func record(sent entity: Entity, version: Int, key: Int) {
        state.withLock { $0.add(sent: entity, version: version, key: key) }
    }

    /// The key of each id, the first key for an id two keys were given.
    var keyOfID: [Entity.ID: Int] { state.withLock { $0.keyOfID } }
}

/// Makes a parallel run's calls on the subject, each between two ticks of one logical clock, and
/// abstracts what they observed into the history the linearizability check reads.
struct ParallelCaller<Entity: Identifiable & Equatable & Sendable>: Sendable where Entity.ID: Sendable {
    let subject: GuardedSubject<Entity>
    let conformance: ModelSubject<Entity>
    let factory: EntityFactory<Entity>
    let tables: ParallelTables<Entity>
    let clock = LogicalClock()

    /// Makes `calls` in order as task `task`, appending each to `made`; the first problem stops them.
    func inOrder(
        _ calls: [(ParallelOperation, Int?)], task: Int, seen: inout SeenValues<Entity>, into made: inout [MadeCall<Entity>]
    ) async -> String? {
        for (call, version) in calls {
            guard let (call, problem) = await perform(call, version, task: task, seen: &seen) else { continue }
            made.append(call)
            if let problem { return problem }
        }
        return nil
    }

    /// Makes each task's calls in its own child task, all released together by a gate: the calls made, and
    /// the first problem.
    func together(
        _ tasks: [[(ParallelOperation, Int?)]], seen seenByPrefix: SeenValues<Entity>
    ) async -> (made: [MadeCall<Entity>], problem: String?) {
        let gate = StartGate(parties: tasks.count)
        let results = await withTaskGroup(of: ([MadeCall<Entity>], String?).self) { group in
            for (index, calls) in tasks.enumerated() {
                group.addTask {
                    await gate.arriveAndWait()
                    var entries: [MadeCall<Entity>] = []
                    var seen = seenByPrefix
                    let problem = await inOrder(calls, task: index + 1, seen: &seen, into: &entries)
                    return (entries, problem)
                }
            }
            var all: [([MadeCall<Entity>], String?)] = []
            for await entries in group { all.append(entries) }
            return all
        }
        // Closures, not key paths: in generic code a key path is built anew at each call (a debug build's
        // runtime demangles its types), and this runs for every parallel run.
        return (results.flatMap { $0.0 }, results.compactMap { $0.1 }.first)
    }

    /// Makes `call`; `nil` when it needs an id its key does not have.
    private func perform(
        _ call: ParallelOperation, _ version: Int?, task: Int, seen: inout SeenValues<Entity>
    ) async -> (MadeCall<Entity>, String?)? {
        guard let (request, carried) = request(for: call, version, seen: seen) else { return nil }
        let invocation = clock.tick()
        let observed = await subject.perform(request)
        let response = clock.tick()
        if conformance.capabilities.contains(.serverAssignedIDs), case .create(let key) = call, case .value(let entity?) = observed {
            tables.record(created: entity, key: key)
        }
        let problem = note(observed, of: call, seen: &seen)
        let made = MadeCall(
            task: task, operation: call, version: version, carried: carried, observed: observed, invocation: invocation, response: response)
        return (made, problem)
    }

    /// The request `call` makes, and the version whose token a conditional update carries; `nil` when the
    /// call needs an id (or, with server-assigned ids, a created value) its key does not have.
    private func request(for call: ParallelOperation, _ version: Int?, seen: SeenValues<Entity>) -> (Request<Entity>, Int?)? {
        switch call {
        case .create(let key): return (.create(version.flatMap { tables.sent[$0]?.entity } ?? factory.make(key + 1)), nil)
        case .update(let key): return value(key, version).map { (.update($0), nil) }
        case .conditionalUpdate(let key):
            guard let entity = value(key, version) else { return nil }
            guard let last = seen[key], let concurrency = conformance.promises.optimisticConcurrency else { return (.conditionalUpdate(entity), nil) }
            return (.conditionalUpdate(concurrency.carryingToken(of: last.entity, entity)), last.version)
        case .delete(let key): return tables.id(key).map { (.delete($0), nil) }
        case .fetch(let key): return tables.id(key).map { (.fetch($0), nil) }
        case .fetchAll: return (.fetchAll, nil)
        }
    }

    /// The value version `version` of `key` sends: planned, or made now from what the key's create
    /// returned (changed by `mutate` as many times as the version number).
    private func value(_ key: Int, _ version: Int?) -> Entity? {
        guard let version else { return factory.make(key + 1) }
        if let planned = tables.sent[version] { return planned.entity }
        guard let created = tables.created(key) else { return nil }
        let entity = (0..<version).reduce(created) { value, _ in factory.mutate(value) }
        tables.record(sent: entity, version: version, key: key)
        return entity
    }

    /// Notes what `observed` shows of each key in `seen`; the problem it shows outside linearizability
    /// (a listing out of the declared order, a call that did not complete), if any.
    private func note(_ observed: ObservedOutcome<Entity>, of call: ParallelOperation, seen: inout SeenValues<Entity>) -> String? {
        let sentNow = tables.sentByKey
        func saw(_ entity: Entity, key: Int) {
            let matching = versions(of: entity, key: key, in: sentNow)
            seen[key] = (entity, matching.count == 1 ? matching.first : nil)
        }
        switch observed {
        case .value(let entity?):
            if let key = tables.keyOfID[entity.id] { saw(entity, key: key) }
        case .listed(let all):
            let keyOfID = tables.keyOfID
            for entity in all { if let key = keyOfID[entity.id] { saw(entity, key: key) } }
            if case .sorted(let areInIncreasingOrder) = conformance.ordering.rule,
                zip(all, all.dropFirst()).contains(where: { areInIncreasingOrder($1, $0) })
            {
                return "fetchAll() is not in the declared order (\(conformance.ordering))"
            }
        case .broke(let text): return "\(call) did not complete: \(text)"
        case .value(nil), .completed, .threw: break
        }
        return nil
    }

    /// The versions sent for `key` that `entity` is equivalent to.
    private func versions(of entity: Entity, key: Int, in sent: [Int: ParallelTables<Entity>.SentVersions]) -> Set<Int> {
        var matching = Set<Int>()
        for sent in sent[key] ?? [] where conformance.equivalence(entity, sent.entity) { matching.insert(sent.version) }
        return matching
    }

    /// `made` as the history, in invocation order, each response abstracted now that every id is known (a
    /// listing may hold an entity another task created).
    func history(of made: [MadeCall<Entity>]) -> [HistoryEntry] {
        let finalSent = tables.sentByKey, keyOfID = tables.keyOfID
        func abstract(_ call: MadeCall<Entity>) -> CRUDResponse {
            switch call.observed {
            case .value(nil): return .nothing
            case .value(let entity?): return .value(keyOfID[entity.id].map { versions(of: entity, key: $0, in: finalSent) } ?? [])
            case .listed(let all):
                return .listed(all.map { entity in
                    let key = keyOfID[entity.id]
                    return .init(key: key, versions: key.map { versions(of: entity, key: $0, in: finalSent) } ?? [])
                })
            case .completed: return .completed
            case .threw(let kind, _): return .threw(kind)
            case .broke: return .threw(nil)
            }
        }
        return made.map { call in
            let response = abstract(call)
            return HistoryEntry(
                task: call.task,
                call: TimedCall(
                    CRUDCall(call.operation, version: call.version, carried: call.carried, response: response),
                    invocation: call.invocation, response: call.response),
                observed: ParallelRun<Entity>.describe(response, call.observed))
        }
        .sorted { $0.call.invocation < $1.call.invocation }
    }
}
