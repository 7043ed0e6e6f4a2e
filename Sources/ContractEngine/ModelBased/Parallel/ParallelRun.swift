import RepositoryContractsPrimitives

/// One call of a parallel run as it happened: which task made it (0 for the calls before and after the
/// tasks), what it sent and observed, and when.
package struct HistoryEntry: Sendable {
    /// The task (1-based), or 0 for the sequential calls before and after.
    package var task: Int
    /// The call, its response and its ticks.
    package var call: TimedCall<CRUDCall>
    /// The response as text.
    package var observed: String

    /// `call`, made by `task`, that answered `observed`.
    package init(task: Int, call: TimedCall<CRUDCall>, observed: String) {
        self.task = task
        self.call = call
        self.observed = observed
    }
}

/// What running a parallel plan once showed.
package struct ParallelOutcome: Sendable {
    /// Every call, in invocation order.
    package var history: [HistoryEntry] = []
    /// A problem outside linearizability: a call did not complete, or `fetchAll()` broke the declared order.
    package var problem: String?
    /// The linearizability search's verdict on the history.
    package var verdict: LinearizabilityVerdict<CRUDState> = .linearizable
    /// What each value version sent was.
    package var versions: [(version: Int, entity: String)] = []
    /// What the keys stand for.
    package var keys = "k0 is factory.make(1).id, k1 make(2).id, …"

    /// An empty outcome: no calls, linearizable.
    package init() {}

    /// Whether the run shows a bug: a problem, or a history no linearization explains.
    package var failed: Bool {
        if problem != nil { return true }
        if case .notLinearizable = verdict { return true }
        return false
    }

    /// Whether the search gave up.
    package var inconclusive: Bool {
        if case .inconclusive = verdict { return true }
        return false
    }
}

/// Runs one parallel plan on a fresh subject: the prefix in order, then the tasks released together by a
/// gate, then a fetch of every key; every call is recorded with logical-clock ticks at invocation and
/// response, and the history is checked for linearizability against the reference model's laws.
///
/// With server-assigned ids, key `k` stands for the id the subject returned from the plan's one
/// `create(k)`, and an update of `k` sends the value that create returned, changed by the factory's
/// `mutate` as many times as its version number (so each update sends a value of its own). A call on a key
/// whose create has not returned an id (it threw, or shrinking removed it) is not made.
struct ParallelRun<Entity: Identifiable & Equatable & Sendable>: Sendable where Entity.ID: Sendable {
    let conformance: ModelSubject<Entity>
    let factory: EntityFactory<Entity>
    var stepLimit = LinearizabilityChecker<CRUDState, CRUDCall>.defaultStepLimit

    /// The ordinal base of the values a run sends: version `v` is the content of `make(base + v)`.
    static var valueOrdinalBase: Int { 1_000 }

    /// A call as it was made, before its response is abstracted (which needs every key's id).
    private struct MadeCall: Sendable {
        var task: Int
        var operation: ParallelOperation
        var version: Int?
        var carried: Int?
        var observed: ObservedOutcome<Entity>
        var invocation: Int
        var response: Int
    }

    /// What the run knows while it runs: each key's id, what each value version sent was, and (with
    /// server-assigned ids) what each key's create returned.
    private final class Tables: Sendable {
        let state: Protected<(ids: [Int: Entity.ID], sent: [Int: (key: Int, entity: Entity)], created: [Int: Entity])>

        init(ids: [Int: Entity.ID], sent: [Int: (key: Int, entity: Entity)]) {
            state = Protected((ids, sent, [:]))
        }

        var ids: [Int: Entity.ID] { state.withLock { $0.ids } }
        var sent: [Int: (key: Int, entity: Entity)] { state.withLock { $0.sent } }
        func id(_ key: Int) -> Entity.ID? { state.withLock { $0.ids[key] } }
        func created(_ key: Int) -> Entity? { state.withLock { $0.created[key] } }
        func record(created entity: Entity, key: Int) {
            state.withLock { state in
                guard state.ids[key] == nil else { return }
                state.ids[key] = entity.id
                state.created[key] = entity
            }
        }
        func record(sent entity: Entity, version: Int, key: Int) { state.withLock { $0.sent[version] = (key, entity) } }

        /// The key of each id, the first key for an id two keys were given.
        var keyOfID: [Entity.ID: Int] {
            Dictionary(ids.sorted { $0.key < $1.key }.map { ($0.value, $0.key) }, uniquingKeysWith: { first, _ in first })
        }
    }

    func run(_ plan: ParallelPlan, on witness: RepositoryWitness<Entity>) async -> ParallelOutcome {
        let subject = GuardedSubject(witness, conformance)
        let clock = LogicalClock()
        let serverAssigned = conformance.capabilities.contains(.serverAssignedIDs)
        // Versions in plan order: the prefix's writes, then each task's. A create's value is known now; with
        // server-assigned ids an update's is made from what the key's create returned.
        var sent: [Int: (key: Int, entity: Entity)] = [:]
        var numbered: [[(ParallelOperation, Int?)]] = []
        var version = 0
        for calls in [plan.prefix] + plan.tasks {
            numbered.append(calls.map { call in
                guard call.writesValue, let key = call.key else { return (call, nil) }
                version += 1
                if !serverAssigned || call == .create(key) {
                    sent[version] = (key, factory.twin(factory.make(Self.valueOrdinalBase + version), key + 1))
                }
                return (call, version)
            })
        }
        let tables = Tables(
            ids: serverAssigned ? [:] : Dictionary(uniqueKeysWithValues: (0..<max(4, (plan.keys.last ?? 0) + 1)).map { ($0, factory.make($0 + 1).id) }),
            sent: sent)
        let equivalence = conformance.equivalence
        @Sendable func versions(of entity: Entity, key: Int, in sent: [Int: (key: Int, entity: Entity)]) -> Set<Int> {
            Set(sent.filter { $0.value.key == key && equivalence(entity, $0.value.entity) }.map(\.key))
        }
        @Sendable func changed(_ entity: Entity, times: Int) -> Entity {
            (0..<times).reduce(entity) { value, _ in factory.mutate(value) }
        }
        let concurrency = conformance.promises.optimisticConcurrency
        /// What a task last saw returned for a key: the entity, and the one version sent it is equivalent to.
        typealias Seen = [Int: (entity: Entity, version: Int?)]
        /// Makes `call`; `nil` when it needs an id its key does not have.
        @Sendable func perform(
            _ call: ParallelOperation, _ version: Int?, task: Int, seen: inout Seen
        ) async -> (MadeCall, String?)? {
            func value(_ key: Int) -> Entity? {
                guard let version else { return factory.make(key + 1) }
                if let planned = tables.sent[version] { return planned.entity }
                guard let created = tables.created(key) else { return nil }
                let entity = changed(created, times: version)
                tables.record(sent: entity, version: version, key: key)
                return entity
            }
            let request: Request<Entity>
            var carried: Int?
            switch call {
            case .create(let key): request = .create(version.flatMap { tables.sent[$0]?.entity } ?? factory.make(key + 1))
            case .update(let key):
                guard let entity = value(key) else { return nil }
                request = .update(entity)
            case .conditionalUpdate(let key):
                guard var entity = value(key) else { return nil }
                if let last = seen[key], let concurrency {
                    entity = concurrency.carryingToken(of: last.entity, entity)
                    carried = last.version
                }
                request = .conditionalUpdate(entity)
            case .delete(let key):
                guard let id = tables.id(key) else { return nil }
                request = .delete(id)
            case .fetch(let key):
                guard let id = tables.id(key) else { return nil }
                request = .fetch(id)
            case .fetchAll: request = .fetchAll
            }
            let invocation = clock.tick()
            let observed = await subject.perform(request)
            let response = clock.tick()
            if serverAssigned, case .create(let key) = call, case .value(let entity?) = observed {
                tables.record(created: entity, key: key)
            }
            var problem: String?
            let sentNow = tables.sent
            func saw(_ entity: Entity, key: Int) {
                let matching = versions(of: entity, key: key, in: sentNow)
                seen[key] = (entity, matching.count == 1 ? matching.first : nil)
            }
            switch observed {
            case .value(let entity?): if let key = tables.keyOfID[entity.id] { saw(entity, key: key) }
            case .listed(let all):
                let keyOfID = tables.keyOfID
                for entity in all { if let key = keyOfID[entity.id] { saw(entity, key: key) } }
                if case .sorted(let areInIncreasingOrder) = conformance.ordering.rule,
                   zip(all, all.dropFirst()).contains(where: { areInIncreasingOrder($1, $0) }) {
                    problem = "fetchAll() is not in the declared order (\(conformance.ordering))"
                }
            case .broke(let text): problem = "\(call) did not complete: \(text)"
            case .value(nil), .completed, .threw: break
            }
            let made = MadeCall(
                task: task, operation: call, version: version, carried: carried, observed: observed,
                invocation: invocation, response: response)
            return (made, problem)
        }

        var outcome = ParallelOutcome()
        var made: [MadeCall] = []
        var seenBeforeTasks: Seen = [:]
        for (call, version) in numbered[0] {
            guard let (call, problem) = await perform(call, version, task: 0, seen: &seenBeforeTasks) else { continue }
            made.append(call)
            if let problem { outcome.problem = problem; break }
        }
        if outcome.problem == nil {
            let gate = StartGate(parties: plan.tasks.count)
            let seenByPrefix = seenBeforeTasks
            let results = await withTaskGroup(of: [(MadeCall, String?)].self) { group in
                for (index, calls) in numbered.dropFirst().enumerated() {
                    group.addTask {
                        await gate.arriveAndWait()
                        var entries: [(MadeCall, String?)] = []
                        var seen = seenByPrefix
                        for (call, version) in calls {
                            guard let result = await perform(call, version, task: index + 1, seen: &seen) else { continue }
                            entries.append(result)
                            if result.1 != nil { break }
                        }
                        return entries
                    }
                }
                var all: [(MadeCall, String?)] = []
                for await entries in group { all += entries }
                return all
            }
            made += results.map(\.0)
            if let problem = results.compactMap(\.1).first { outcome.problem = problem }
        }
        if outcome.problem == nil {
            var seenAfterTasks: Seen = [:]
            for key in plan.keys {
                guard let (call, problem) = await perform(.fetch(key), nil, task: 0, seen: &seenAfterTasks) else { continue }
                made.append(call)
                if let problem { outcome.problem = problem; break }
            }
        }
        // Responses abstracted once every id is known: a listing may hold an entity another task created.
        let finalSent = tables.sent, keyOfID = tables.keyOfID
        func abstract(_ call: MadeCall) -> CRUDResponse {
            switch call.observed {
            case .value(nil): return .nothing
            case .value(let entity?):
                return .value(keyOfID[entity.id].map { versions(of: entity, key: $0, in: finalSent) } ?? [])
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
        outcome.history = made.map { call in
            let response = abstract(call)
            return HistoryEntry(
                task: call.task,
                call: TimedCall(
                    CRUDCall(call.operation, version: call.version, carried: call.carried, response: response),
                    invocation: call.invocation, response: call.response),
                observed: Self.describe(response, call.observed))
        }
        outcome.history.sort { $0.call.invocation < $1.call.invocation }
        outcome.versions = finalSent.keys.sorted().map { ($0, abbreviate(finalSent[$0]!.entity)) }
        if serverAssigned {
            let ids = tables.ids
            outcome.keys = "kN is the id create(kN) returned"
                + (ids.isEmpty ? "" : ": " + ids.keys.sorted().map { "k\($0) = \(abbreviate(ids[$0]!))" }.joined(separator: ", "))
        }
        if outcome.problem == nil {
            let specification = CRUDSpecification(
                policies: conformance.policies, insertionOrder: { if case .insertion = conformance.ordering.rule { true } else { false } }(),
                staleError: concurrency?.staleError)
            outcome.verdict = specification.check(outcome.history.map(\.call), stepLimit: stepLimit)
        }
        return outcome
    }

    /// A response in a timeline cell: `v3`, `nil`, `threw (conflict)`, `[k0=v1, k2=v4]`.
    static func describe(_ response: CRUDResponse, _ observed: ObservedOutcome<Entity>) -> String {
        func value(_ versions: Set<Int>) -> String {
            versions.isEmpty ? "a value never sent" : versions.sorted().map { "v\($0)" }.joined(separator: "|")
        }
        switch response {
        case .value(let versions): return value(versions)
        case .nothing: return "nil"
        case .completed: return "ok"
        case .threw(let kind):
            if case .broke(let text) = observed { return "broke: \(text)" }
            return "threw" + (kind.map { " (\($0.rawValue))" } ?? "")
        case .listed(let entities):
            return "[" + entities.map { "\($0.key.map { "k\($0)" } ?? "?")=\(value($0.versions))" }.joined(separator: ", ") + "]"
        }
    }
}
