package import ContractEngine

/// One call of a parallel plan, on one of a few keys (key `k` is the entity `factory.make(k + 1)`'s id): few
/// keys, so that tasks meet on the same ids.
package enum ParallelOperation: Hashable, Sendable, CustomStringConvertible {
    /// `create(_:)` of a value under key `k`.
    case create(Int)
    /// `update(_:)` of a value under key `k`.
    case update(Int)
    /// The conditional update of a value under key `k`, carrying the optimistic-concurrency token of the
    /// entity of key `k` its task last saw returned (by the prefix or by the task's own calls).
    case conditionalUpdate(Int)
    /// `delete(id:)` of key `k`.
    case delete(Int)
    /// `fetch(id:)` of key `k`.
    case fetch(Int)
    /// `fetchAll()`: touches every key.
    case fetchAll

    /// The key the call touches; `nil` for `fetchAll()`.
    package var key: Int? {
        switch self {
        case .create(let k), .update(let k), .conditionalUpdate(let k), .delete(let k), .fetch(let k): k
        case .fetchAll: nil
        }
    }

    /// Whether the call sends a value (a create or an update of either kind): each such call sends its own.
    package var writesValue: Bool {
        switch self {
        case .create, .update, .conditionalUpdate: true
        default: false
        }
    }

    package var description: String {
        switch self {
        case .create(let k): "create(k\(k))"
        case .update(let k): "update(k\(k))"
        case .conditionalUpdate(let k): "conditionalUpdate(k\(k))"
        case .delete(let k): "delete(k\(k))"
        case .fetch(let k): "fetch(k\(k))"
        case .fetchAll: "fetchAll()"
        }
    }
}

/// A parallel run: a sequential prefix, then tasks released together, each running its calls in order;
/// after they all finish, every key the plan touches is fetched once more.
package struct ParallelPlan: Hashable, Sendable, CustomStringConvertible {
    /// Calls made one after another before the tasks start.
    package var prefix: [ParallelOperation]
    /// Each task's calls.
    package var tasks: [[ParallelOperation]]

    /// A plan of `prefix` then `tasks`.
    package init(prefix: [ParallelOperation], tasks: [[ParallelOperation]]) {
        self.prefix = prefix
        self.tasks = tasks
    }

    /// How many calls the prefix and the tasks make.
    package var callCount: Int { prefix.count + tasks.reduce(0) { $0 + $1.count } }

    /// Whether some call is a conditional update.
    package var makesConditionalUpdates: Bool {
        (prefix + tasks.joined()).contains { if case .conditionalUpdate = $0 { true } else { false } }
    }

    /// The keys the plan touches, ascending.
    package var keys: [Int] {
        var keys = Set<Int>()
        for call in prefix { if let key = call.key { keys.insert(key) } }
        for task in tasks { for call in task { if let key = call.key { keys.insert(key) } } }
        return keys.sorted()
    }

    /// Whether every call on a key comes after a create of it, in the prefix or earlier in its own task:
    /// what a plan for server-assigned ids needs, where a key is the id its create returned.
    package var createsEveryKeyBeforeUse: Bool {
        func creating(_ calls: [ParallelOperation], from known: Set<Int>) -> Set<Int>? {
            var known = known
            for call in calls {
                guard let key = call.key else { continue }
                if call == .create(key) { known.insert(key) } else if !known.contains(key) { return nil }
            }
            return known
        }
        guard let created = creating(prefix, from: []) else { return false }
        return tasks.allSatisfy { creating($0, from: created) != nil }
    }

    /// Plans one step smaller: without one task, then without one call (never leaving a task empty).
    package var oneStepSmaller: [ParallelPlan] {
        let plan = self
        var candidates: [ParallelPlan] = []
        for index in plan.tasks.indices where plan.tasks.count > 1 {
            var fewer = plan
            fewer.tasks.remove(at: index)
            candidates.append(fewer)
        }
        for index in plan.prefix.indices {
            var fewer = plan
            fewer.prefix.remove(at: index)
            candidates.append(fewer)
        }
        for task in plan.tasks.indices {
            for index in plan.tasks[task].indices where plan.tasks[task].count > 1 {
                var fewer = plan
                fewer.tasks[task].remove(at: index)
                candidates.append(fewer)
            }
        }
        return candidates
    }

    package var description: String {
        var parts: [String] = []
        if !prefix.isEmpty { parts.append("prefix [\(prefix.map(\.description).joined(separator: ", "))]") }
        for (index, task) in tasks.enumerated() {
            parts.append("task \(index + 1) [\(task.map(\.description).joined(separator: ", "))]")
        }
        return parts.joined(separator: "; ")
    }

    /// The plan as Swift source, for ``ModelCheck/replayParallel(_:on:factory:repetitions:schedule:)``.
    package var swiftSource: String {
        func list(_ calls: [ParallelOperation]) -> String {
            "[" + calls.map { call in
                switch call {
                case .fetchAll: ".fetchAll"
                case .create(let k): ".create(\(k))"
                case .update(let k): ".update(\(k))"
                case .conditionalUpdate(let k): ".conditionalUpdate(\(k))"
                case .delete(let k): ".delete(\(k))"
                case .fetch(let k): ".fetch(\(k))"
                }
            }.joined(separator: ", ") + "]"
        }
        return "ParallelPlan(prefix: \(list(prefix)), tasks: [\(tasks.map(list).joined(separator: ", "))])"
    }
}

/// Generates parallel plans from what a conformer declares.
package struct ParallelPlanGenerator: Sendable {
    /// What the conformer declared.
    package var capabilities: Capabilities
    /// Whether the conformer declares optimistic concurrency: plans then make conditional updates, and
    /// one plan in three races them on one key (every task updating from the same token).
    package var conditionalUpdates: Bool
    /// Whether plans delete: not when deletes are soft (a deleted id stays taken, which the parallel
    /// specification, CRUD's, does not model).
    package var deletes: Bool

    /// A generator for a conformer with `capabilities`, making conditional updates when
    /// `conditionalUpdates`, and deletes unless `deletes` is `false`.
    package init(capabilities: Capabilities, conditionalUpdates: Bool = false, deletes: Bool = true) {
        self.capabilities = capabilities
        self.conditionalUpdates = conditionalUpdates
        self.deletes = deletes
    }

    /// A plan drawn from `random`: two or three keys; a prefix that creates most of them (so that the
    /// tasks' updates, deletes and fetches meet stored entities) and may make one more call; two to four
    /// tasks of one to four calls. One plan in three starts every task with a create of the same key,
    /// one the prefix did not create, racing; otherwise calls pick keys at random, so tasks still meet on ids.
    /// With conditional updates, one plan in three instead starts every task with a conditional update of
    /// the same stored key (some after fetching it): writers racing from one token, of which one must win.
    package func plan(using random: inout SplitMix64) -> ParallelPlan {
        if conditionalUpdates, capabilities.contains(.create), random.bounded(3) == 0 {
            return racingConditionalUpdates(using: &random)
        }
        if capabilities.contains(.serverAssignedIDs) { return serverAssignedPlan(using: &random) }
        let keyCount = 2 + random.bounded(2)
        var prefix: [ParallelOperation] = []
        var fresh: [Int] = []
        for key in 0..<keyCount {
            if capabilities.contains(.create), random.bounded(4) != 0 { prefix.append(.create(key)) } else { fresh.append(key) }
        }
        if random.bounded(3) == 0 { prefix.append(call(key: random.bounded(keyCount), using: &random)) }
        let racingCreates = capabilities.contains(.create) && random.bounded(3) == 0
        let racedKey = fresh.isEmpty ? keyCount : fresh[random.bounded(fresh.count)]
        var tasks: [[ParallelOperation]] = []
        for _ in 0..<(2 + random.bounded(3)) {
            var task: [ParallelOperation] = racingCreates ? [.create(racedKey)] : []
            for _ in 0..<(1 + random.bounded(racingCreates ? 3 : 4)) {
                task.append(call(key: random.bounded(keyCount), using: &random))
            }
            tasks.append(task)
        }
        return ParallelPlan(prefix: prefix, tasks: tasks)
    }

    /// Every key created first; then two to four tasks, each a conditional update of one raced key (half
    /// of them after a fetch of it), then up to two calls at random.
    private func racingConditionalUpdates(using random: inout SplitMix64) -> ParallelPlan {
        let keyCount = 1 + random.bounded(2)
        let raced = random.bounded(keyCount)
        var tasks: [[ParallelOperation]] = []
        for _ in 0..<(2 + random.bounded(3)) {
            var task: [ParallelOperation] = random.bounded(2) == 0 ? [.fetch(raced)] : []
            task.append(.conditionalUpdate(raced))
            for _ in 0..<random.bounded(3) { task.append(call(key: random.bounded(keyCount), using: &random)) }
            tasks.append(task)
        }
        return ParallelPlan(prefix: (0..<keyCount).map { .create($0) }, tasks: tasks)
    }

    /// With server-assigned ids a key is the id its one create returned, so no key is created twice: one
    /// or two keys created first; then two to four tasks of one to three calls on those keys or on keys
    /// the task created itself, creates among them each of a key of its own. One plan in two starts every
    /// task with a create, racing for ids.
    private func serverAssignedPlan(using random: inout SplitMix64) -> ParallelPlan {
        let keyCount = 1 + random.bounded(2)
        var prefix: [ParallelOperation] = (0..<keyCount).map { .create($0) }
        if random.bounded(3) == 0 { prefix.append(call(key: random.bounded(keyCount), creating: false, using: &random)) }
        var nextKey = keyCount
        let racingCreates = random.bounded(2) == 0
        var tasks: [[ParallelOperation]] = []
        for _ in 0..<(2 + random.bounded(3)) {
            var task: [ParallelOperation] = []
            var keys = Array(0..<keyCount)
            func create() {
                task.append(.create(nextKey))
                keys.append(nextKey)
                nextKey += 1
            }
            if racingCreates { create() }
            for _ in 0..<(1 + random.bounded(3)) {
                if random.bounded(5) == 0 { create() } else {
                    task.append(call(key: keys[random.bounded(keys.count)], creating: false, using: &random))
                }
            }
            tasks.append(task)
        }
        return ParallelPlan(prefix: prefix, tasks: tasks)
    }

    private func call(key: Int, creating: Bool = true, using random: inout SplitMix64) -> ParallelOperation {
        var choices: [(weight: Int, call: ParallelOperation)] = [(20, .fetch(key)), (6, .fetchAll)]
        if capabilities.contains(.create), creating, !capabilities.contains(.serverAssignedIDs) { choices.append((24, .create(key))) }
        if capabilities.contains(.update) { choices.append((30, .update(key))) }
        if capabilities.contains(.delete), deletes { choices.append((16, .delete(key))) }
        if conditionalUpdates { choices.append((30, .conditionalUpdate(key))) }
        var roll = random.bounded(choices.reduce(0) { $0 + $1.weight })
        for choice in choices {
            if roll < choice.weight { return choice.call }
            roll -= choice.weight
        }
        return .fetch(key)
    }
}
