import ContractEngine
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
    /// The schedule seed every job of the tasks was picked by, or `nil` when they interleaved freely.
    package var schedule: UInt64?
    /// What each value version sent was.
    package var versions: [(version: Int, entity: DeferredText)] = []
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

    /// Runs `plan` on `witness`: the prefix, the tasks together (on a scheduler seeded `schedule` while
    /// `scheduling` can), a fetch of every key; then the history's verdict.
    func run(
        _ plan: ParallelPlan, on witness: RepositoryWitness<Entity>, schedule: UInt64, scheduling: ParallelScheduling
    ) async -> ParallelOutcome {
        let (numbered, sent) = numberedVersions(plan)
        let keys = plan.keys
        let serverAssigned = conformance.capabilities.contains(.serverAssignedIDs)
        let tables = ParallelTables<Entity>(
            ids: serverAssigned ? [:] : Dictionary(uniqueKeysWithValues: (0..<max(4, (keys.last ?? 0) + 1)).map { ($0, factory.make($0 + 1).id) }),
            sent: sent)
        let caller = ParallelCaller(subject: GuardedSubject(witness, conformance), conformance: conformance, factory: factory, tables: tables)
        var outcome = ParallelOutcome()
        var made: [MadeCall<Entity>] = []
        var seenBeforeTasks: SeenValues<Entity> = [:]
        outcome.problem = await caller.inOrder(numbered[0], task: 0, seen: &seenBeforeTasks, into: &made)
        if outcome.problem == nil {
            let tasks = Array(numbered.dropFirst()), seen = seenBeforeTasks
            let (together, schedule) = await scheduling.run(seed: schedule) { await caller.together(tasks, seen: seen) }
            made += together.made
            outcome.problem = together.problem
            outcome.schedule = schedule
        }
        if outcome.problem == nil {
            var seenAfterTasks: SeenValues<Entity> = [:]
            outcome.problem = await caller.inOrder(keys.map { (.fetch($0), nil) }, task: 0, seen: &seenAfterTasks, into: &made)
        }
        outcome.history = caller.history(of: made)
        let finalSent = tables.sent
        outcome.versions = finalSent.keys.sorted().map { ($0, DeferredText(describing: finalSent[$0]!.entity, holding: Entity.self) { abbreviate($0) }) }
        if serverAssigned {
            let ids = tables.ids
            outcome.keys = "kN is the id create(kN) returned"
                + (ids.isEmpty ? "" : ": " + ids.keys.sorted().map { "k\($0) = \(abbreviate(ids[$0]!))" }.joined(separator: ", "))
        }
        if outcome.problem == nil {
            let specification = CRUDSpecification(
                policies: conformance.policies, insertionOrder: { if case .insertion = conformance.ordering.rule { true } else { false } }(),
                staleError: conformance.promises.optimisticConcurrency?.staleError)
            outcome.verdict = specification.check(outcome.history.map(\.call), stepLimit: stepLimit)
        }
        return outcome
    }

    /// The plan's calls with their value versions, in plan order (the prefix's writes, then each task's),
    /// and the values known now: a create's; with server-assigned ids an update's is made later, from what
    /// the key's create returned.
    private func numberedVersions(_ plan: ParallelPlan) -> (calls: [[(ParallelOperation, Int?)]], sent: [Int: (key: Int, entity: Entity)]) {
        let serverAssigned = conformance.capabilities.contains(.serverAssignedIDs)
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
        return (numbered, sent)
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
