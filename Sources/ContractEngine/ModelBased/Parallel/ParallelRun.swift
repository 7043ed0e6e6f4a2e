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
struct ParallelRun<Entity: Identifiable & Equatable & Sendable>: Sendable where Entity.ID: Sendable {
    let conformance: ModelSubject<Entity>
    let factory: EntityFactory<Entity>
    var stepLimit = LinearizabilityChecker<CRUDState, CRUDCall>.defaultStepLimit

    /// The ordinal base of the values a run sends: version `v` is the content of `make(base + v)`.
    static var valueOrdinalBase: Int { 1_000 }

    func run(_ plan: ParallelPlan, on witness: RepositoryWitness<Entity>) async -> ParallelOutcome {
        let subject = GuardedSubject(witness, conformance)
        let clock = LogicalClock()
        // Versions in plan order: the prefix's writes, then each task's.
        var sent: [Int: (key: Int, entity: Entity)] = [:]
        var numbered: [[(ParallelOperation, Int?)]] = []
        for calls in [plan.prefix] + plan.tasks {
            numbered.append(calls.map { call in
                guard call.writesValue, let key = call.key else { return (call, nil) }
                let version = sent.count + 1
                sent[version] = (key, factory.twin(factory.make(Self.valueOrdinalBase + version), key + 1))
                return (call, version)
            })
        }
        let keyOfID = Dictionary(
            (0..<max(4, (plan.keys.last ?? 0) + 1)).map { (factory.make($0 + 1).id, $0) }, uniquingKeysWith: { first, _ in first })
        let sentValues = sent
        let equivalence = conformance.equivalence
        @Sendable func versions(of entity: Entity, key: Int) -> Set<Int> {
            Set(sentValues.filter { $0.value.key == key && equivalence(entity, $0.value.entity) }.map(\.key))
        }
        let concurrency = conformance.promises.optimisticConcurrency
        /// What a task last saw returned for a key: the entity, and the one version sent it is equivalent to.
        typealias Seen = [Int: (entity: Entity, version: Int?)]
        @Sendable func perform(
            _ call: ParallelOperation, _ version: Int?, task: Int, seen: inout Seen
        ) async -> (HistoryEntry, String?) {
            let request: Request<Entity>
            var carried: Int?
            switch call {
            case .create(let key): request = .create(version.map { sentValues[$0]!.entity } ?? factory.make(key + 1))
            case .update(let key): request = .update(version.map { sentValues[$0]!.entity } ?? factory.make(key + 1))
            case .conditionalUpdate(let key):
                var value = version.map { sentValues[$0]!.entity } ?? factory.make(key + 1)
                if let last = seen[key], let concurrency {
                    value = concurrency.carryingToken(of: last.entity, value)
                    carried = last.version
                }
                request = .conditionalUpdate(value)
            case .delete(let key): request = .delete(factory.make(key + 1).id)
            case .fetch(let key): request = .fetch(factory.make(key + 1).id)
            case .fetchAll: request = .fetchAll
            }
            let invocation = clock.tick()
            let observed = await subject.perform(request)
            let response = clock.tick()
            var problem: String?
            let abstract: CRUDResponse
            func saw(_ entity: Entity, key: Int, versions: Set<Int>) {
                seen[key] = (entity, versions.count == 1 ? versions.first : nil)
            }
            switch observed {
            case .value(nil): abstract = .nothing
            case .value(let entity?):
                let key = keyOfID[entity.id]
                let matching = key.map { versions(of: entity, key: $0) } ?? []
                if let key { saw(entity, key: key, versions: matching) }
                abstract = .value(matching)
            case .listed(let all):
                abstract = .listed(all.map { entity in
                    let key = keyOfID[entity.id]
                    let matching = key.map { versions(of: entity, key: $0) } ?? []
                    if let key { saw(entity, key: key, versions: matching) }
                    return .init(key: key, versions: matching)
                })
                if case .sorted(let areInIncreasingOrder) = conformance.ordering.rule,
                   zip(all, all.dropFirst()).contains(where: { areInIncreasingOrder($1, $0) }) {
                    problem = "fetchAll() is not in the declared order (\(conformance.ordering))"
                }
            case .completed: abstract = .completed
            case .threw(let kind, _): abstract = .threw(kind)
            case .broke(let text):
                abstract = .threw(nil)
                problem = "\(call) did not complete: \(text)"
            }
            let entry = HistoryEntry(
                task: task,
                call: TimedCall(CRUDCall(call, version: version, carried: carried, response: abstract), invocation: invocation, response: response),
                observed: Self.describe(abstract, observed))
            return (entry, problem)
        }

        var outcome = ParallelOutcome()
        outcome.versions = sent.keys.sorted().map { ($0, abbreviate(sent[$0]!.entity)) }
        var seenBeforeTasks: Seen = [:]
        for (call, version) in numbered[0] {
            let (entry, problem) = await perform(call, version, task: 0, seen: &seenBeforeTasks)
            outcome.history.append(entry)
            if let problem { outcome.problem = problem; return outcome }
        }
        let gate = StartGate(parties: plan.tasks.count)
        let seenByPrefix = seenBeforeTasks
        let results = await withTaskGroup(of: [(HistoryEntry, String?)].self) { group in
            for (index, calls) in numbered.dropFirst().enumerated() {
                group.addTask {
                    await gate.arriveAndWait()
                    var entries: [(HistoryEntry, String?)] = []
                    var seen = seenByPrefix
                    for (call, version) in calls {
                        let result = await perform(call, version, task: index + 1, seen: &seen)
                        entries.append(result)
                        if result.1 != nil { break }
                    }
                    return entries
                }
            }
            var all: [(HistoryEntry, String?)] = []
            for await entries in group { all += entries }
            return all
        }
        outcome.history += results.map(\.0)
        if let problem = results.compactMap(\.1).first { outcome.problem = problem }
        if outcome.problem == nil {
            var seenAfterTasks: Seen = [:]
            for key in plan.keys {
                let (entry, problem) = await perform(.fetch(key), nil, task: 0, seen: &seenAfterTasks)
                outcome.history.append(entry)
                if let problem { outcome.problem = problem; break }
            }
        }
        outcome.history.sort { $0.call.invocation < $1.call.invocation }
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
