package import ContractEngine

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
/// creates and updates), whose token a conditional update carried, and its response.
package struct CRUDCall: Hashable, Sendable {
    /// What was called.
    package var operation: ParallelOperation
    /// The version of the value a create or update sent.
    package var version: Int?
    /// For a conditional update: the version of the value whose token it carried (the entity its task
    /// last saw returned was equivalent to that value alone); `nil` when it was no single value the run sent.
    package var carried: Int?
    /// What it answered.
    package var response: CRUDResponse

    /// `operation`, sending `version` (and carrying the token of `carried`), answered `response`.
    package init(_ operation: ParallelOperation, version: Int? = nil, carried: Int? = nil, response: CRUDResponse) {
        self.operation = operation
        self.version = version
        self.carried = carried
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
///
/// A conditional update succeeds exactly when the token it carries is the stored entity's: every write
/// stores a value of its own version and moves the token on, so the token a task saw is current exactly
/// while the value it saw is the stored one. A stale token is rejected (as the declared kind), changing
/// nothing; a missing key follows the update-of-missing policy.
package struct CRUDSpecification: Sendable {
    /// The declared policies.
    package var policies: RequestPolicies
    /// Whether `fetchAll()` must list in creation order (otherwise its order is not checked here).
    package var insertionOrder: Bool
    /// The kind a conditional update carrying a stale token throws, when declared.
    package var staleError: RepositoryError.Kind?

    /// A specification under `policies`; a stale conditional update throws `staleError` when it is given.
    package init(policies: RequestPolicies, insertionOrder: Bool, staleError: RepositoryError.Kind? = nil) {
        self.policies = policies
        self.insertionOrder = insertionOrder
        self.staleError = staleError
    }

    /// The states `call` can lead to from `state`, given its response.
    package func successors(of state: CRUDState, _ call: CRUDCall) -> [CRUDState] {
        switch call.operation {
        case .conditionalUpdate(let key):
            guard let stored = state.versions[key] else {
                return outcomes(of: call, on: state, key: key, under: policies.updateOfMissing)
            }
            switch call.response {
            case .value(let versions):
                guard versions.contains(call.version ?? -1), call.carried == nil || call.carried == stored else { return [] }
                var next = state
                next.store(call.version ?? -1, at: key)
                return [next]
            case .threw(let kind):
                guard call.carried != stored else { return [] }
                if call.carried != nil, let staleError, kind != staleError { return [] }
                return [state]
            default: return []
            }
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
            return outcomes(of: call, on: state, key: key, under: isCreate ? policies.createOfExisting : policies.updateOfMissing)
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

    /// The states a write `policy` governs (a create of a stored key, an update of a missing one) can
    /// lead to, given its response.
    private func outcomes(of call: CRUDCall, on state: CRUDState, key: Int, under policy: RequestPolicy) -> [CRUDState] {
        switch call.response {
        case .threw(let kind): return policy.accepts(.rejected(kind)) ? [state] : []
        case .value:
            var outcomes: [CRUDState] = []
            if policy.accepts(.applied) {
                var next = state
                next.store(call.version ?? -1, at: key)
                outcomes.append(next)
            }
            if policy.accepts(.ignored) { outcomes.append(state) }
            return outcomes
        default: return []
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
