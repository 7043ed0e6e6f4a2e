/// What one call of a parallel run answered, abstracted for the linearizability search: returned values
/// become the set of values sent in the run that they are equivalent to.
package enum CRUDResponse: Hashable, Sendable {
    /// It returned an entity equivalent to the values sent with these version numbers (empty: to none).
    case value(Set<Int>)
    /// `fetch(id:)` returned `nil`.
    case nothing
    /// `fetchAll()` returned these entities, in order: each one's key (`nil` for an id the run never used)
    /// and the versions it is equivalent to.
    case listed([ListedEntity])
    /// `delete(id:)` returned.
    case completed
    /// It threw, classified as this kind.
    case threw(RepositoryError.Kind?)

    /// One entity `fetchAll()` returned.
    package struct ListedEntity: Hashable, Sendable {
        /// Its key, or `nil` when the run never used its id.
        package var key: Int?
        /// The versions it is equivalent to.
        package var versions: Set<Int>

        /// An entity of `key` equivalent to `versions`.
        package init(key: Int?, versions: Set<Int>) {
            self.key = key
            self.versions = versions
        }
    }
}

/// A call of a parallel run as the search sees it: the operation, the version of the value it sent (for
/// creates and updates) and its response.
package struct CRUDCall: Hashable, Sendable {
    /// What was called.
    package var operation: ParallelOperation
    /// The version of the value a create or update sent.
    package var version: Int?
    /// What it answered.
    package var response: CRUDResponse

    /// `operation`, sending `version`, answered `response`.
    package init(_ operation: ParallelOperation, version: Int? = nil, response: CRUDResponse) {
        self.operation = operation
        self.version = version
        self.response = response
    }
}

/// The reference model's state, abstracted: each stored key's value version and the keys in creation order.
package struct CRUDState: Hashable, Sendable, CustomStringConvertible {
    /// Version stored per key.
    package var versions: [Int: Int] = [:]
    /// Stored keys in creation order.
    package var order: [Int] = []

    /// An empty store.
    package init() {}

    mutating func store(_ version: Int, at key: Int) {
        if versions[key] == nil { order.append(key) }
        versions[key] = version
    }

    mutating func remove(_ key: Int) {
        guard versions.removeValue(forKey: key) != nil else { return }
        order.removeAll { $0 == key }
    }

    package var description: String {
        order.isEmpty ? "{empty}" : "{" + order.map { "k\($0)=v\(versions[$0]!)" }.joined(separator: ", ") + "}"
    }
}

/// The reference model's laws as a sequential specification over ``CRUDState``: the policies decide what
/// a create of an existing key, an update of a missing key and a delete of a missing key may do, and every
/// outcome they allow is followed.
package struct CRUDSpecification: Sendable {
    /// The declared policies.
    package var policies: RequestPolicies
    /// Whether `fetchAll()` must list in creation order (otherwise its order is not checked here).
    package var insertionOrder: Bool

    /// A specification under `policies`.
    package init(policies: RequestPolicies, insertionOrder: Bool) {
        self.policies = policies
        self.insertionOrder = insertionOrder
    }

    /// The states `call` can lead to from `state`, given its response.
    package func successors(of state: CRUDState, _ call: CRUDCall) -> [CRUDState] {
        switch call.operation {
        case .create(let key), .update(let key):
            let version = call.version ?? -1
            let isCreate = call.operation == .create(key)
            let stored = state.versions[key] != nil
            if isCreate ? !stored : stored {
                guard case .value(let versions) = call.response, versions.contains(version) else { return [] }
                var next = state
                next.store(version, at: key)
                return [next]
            }
            let policy = isCreate ? policies.createOfExisting : policies.updateOfMissing
            switch call.response {
            case .threw(let kind): return policy.accepts(.rejected(kind)) ? [state] : []
            case .value:
                var outcomes: [CRUDState] = []
                if policy.accepts(.applied) {
                    var next = state
                    next.store(version, at: key)
                    outcomes.append(next)
                }
                if policy.accepts(.ignored) { outcomes.append(state) }
                return outcomes
            default: return []
            }
        case .delete(let key):
            if state.versions[key] != nil {
                guard case .completed = call.response else { return [] }
                var next = state
                next.remove(key)
                return [next]
            }
            switch call.response {
            case .threw(let kind): return policies.deleteOfMissing.accepts(.rejected(kind)) ? [state] : []
            case .completed:
                return policies.deleteOfMissing.accepts(.applied) || policies.deleteOfMissing.accepts(.ignored) ? [state] : []
            default: return []
            }
        case .fetch(let key):
            switch (state.versions[key], call.response) {
            case (nil, .nothing): return [state]
            case (let stored?, .value(let versions)) where versions.contains(stored): return [state]
            default: return []
            }
        case .fetchAll:
            guard case .listed(let listed) = call.response, listed.count == state.order.count else { return [] }
            var keys = Set<Int>()
            for entity in listed {
                guard let key = entity.key, let stored = state.versions[key], entity.versions.contains(stored),
                      keys.insert(key).inserted else { return [] }
            }
            if insertionOrder, listed.map(\.key) != state.order.map(Optional.some) { return [] }
            return [state]
        }
    }

    /// Checks `history` from `initial`: per key when no call touches every key (calls on different keys
    /// commute), else as a whole. `stepLimit` bounds each part's search.
    package func check(
        _ history: [TimedCall<CRUDCall>], from initial: CRUDState = CRUDState(),
        stepLimit: Int = LinearizabilityChecker<CRUDState, CRUDCall>.defaultStepLimit
    ) -> LinearizabilityVerdict<CRUDState> {
        func run(_ calls: [TimedCall<CRUDCall>]) -> LinearizabilityVerdict<CRUDState> {
            LinearizabilityChecker(calls, initial: initial, stepLimit: stepLimit) { successors(of: $0, $1) }.check()
        }
        guard !history.contains(where: { $0.call.operation.key == nil }) else { return run(history) }
        let keys = Set(history.compactMap(\.call.operation.key)).sorted()
        for key in keys {
            let indices = history.indices.filter { history[$0].call.operation.key == key }
            switch run(indices.map { history[$0] }) {
            case .linearizable: continue
            case .inconclusive(let steps): return .inconclusive(steps: steps)
            case .notLinearizable(let deadEnds):
                return .notLinearizable(deadEnds: deadEnds.map { end in
                    DeadEnd(order: end.order.map { indices[$0] }, state: end.state, stuck: end.stuck.map { indices[$0] })
                })
            }
        }
        return .linearizable
    }
}
