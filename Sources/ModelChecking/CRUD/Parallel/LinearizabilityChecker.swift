/// One call of a concurrent history: what was asked and answered, between two ticks of one logical clock
/// (taken just before the call started and just after it returned, so the call's real extent lies inside).
package struct TimedCall<Call: Sendable>: Sendable {
    /// The call and its response.
    package var call: Call
    /// The clock's tick at the invocation.
    package var invocation: Int
    /// The clock's tick at the response; greater than `invocation`.
    package var response: Int

    /// A call invoked at `invocation` that returned at `response`.
    package init(_ call: Call, invocation: Int, response: Int) {
        self.call = call
        self.invocation = invocation
        self.response = response
    }
}

/// What the linearizability search concluded.
package enum LinearizabilityVerdict<State: Sendable>: Sendable {
    /// Some order of the calls, each placed between its invocation and response, explains every response.
    case linearizable
    /// No such order exists. `deadEnds` are the longest explained orders the search found (a few), each
    /// with the model state after it and the calls that could come next but that state does not explain.
    case notLinearizable(deadEnds: [DeadEnd<State>])
    /// The search gave up after `steps` steps: the history is too tangled to decide within the limit.
    case inconclusive(steps: Int)
}

/// Where the linearizability search got stuck: an order of calls that explains their responses, the
/// model state after them, and the calls that could come next, none of which that state explains.
package struct DeadEnd<State: Sendable>: Sendable {
    /// Indices into the history, in the order they were placed.
    package var order: [Int]
    /// The model state after `order`.
    package var state: State
    /// The calls that could have come next.
    package var stuck: [Int]
}

/// Decides whether a concurrent history is linearizable with respect to a sequential specification.
///
/// Depth-first search over linearization orders (Wing & Gong): a call may come next when no call still
/// unplaced returned before it was invoked; each placement asks the specification for the states the call
/// can lead to given its response, and backtracks when there are none. Pairs of (set of placed calls,
/// state) already explored are cached and never explored again (Lowe's improvement), which is what keeps
/// the search polynomial on the histories that arise in practice. A step limit bounds the rest.
package struct LinearizabilityChecker<State: Hashable & Sendable, Call: Sendable> {
    /// The states a call can lead to from a state, given the response it had: empty when the response is
    /// impossible there.
    package typealias Step = (State, Call) -> [State]

    /// The default bound on explored (placed set, state) pairs.
    package static var defaultStepLimit: Int { 200_000 }

    let calls: [TimedCall<Call>]
    let initial: State
    let step: Step
    let stepLimit: Int

    /// A checker of `calls` from `initial` under `step`, giving up after `stepLimit` search steps.
    package init(_ calls: [TimedCall<Call>], initial: State, stepLimit: Int = defaultStepLimit, step: @escaping Step) {
        self.calls = calls
        self.initial = initial
        self.step = step
        self.stepLimit = stepLimit
    }

    private struct Visit: Hashable {
        var placed: CallSet
        var state: State
    }

    private struct LimitReached: Error {}

    private final class Search {
        var visited: Set<Visit> = []
        var steps = 0
        var deadEnds: [DeadEnd<State>] = []
    }

    /// Searches for a linearization.
    package func check() -> LinearizabilityVerdict<State> {
        let order = calls.indices.sorted { calls[$0].invocation < calls[$1].invocation }
        let search = Search()
        var path: [Int] = []
        do {
            if try explore(CallSet(count: calls.count), initial, order: order, path: &path, search) { return .linearizable }
        } catch {
            return .inconclusive(steps: search.steps)
        }
        return .notLinearizable(deadEnds: search.deadEnds)
    }

    private func explore(_ placed: CallSet, _ state: State, order: [Int], path: inout [Int], _ search: Search) throws -> Bool {
        if path.count == calls.count { return true }
        guard search.visited.insert(Visit(placed: placed, state: state)).inserted else { return false }
        search.steps += 1
        if search.steps > stepLimit { throw LimitReached() }
        var earliestResponse = Int.max
        for index in order where !placed.contains(index) {
            earliestResponse = min(earliestResponse, calls[index].response)
        }
        var candidates: [Int] = []
        for index in order where !placed.contains(index) {
            // `order` is by invocation: once one is invoked after the earliest response, all later ones are.
            guard calls[index].invocation < earliestResponse else { break }
            candidates.append(index)
            for next in step(state, calls[index].call) {
                var placedNext = placed
                placedNext.insert(index)
                path.append(index)
                if try explore(placedNext, next, order: order, path: &path, search) { return true }
                path.removeLast()
            }
        }
        let deepest = search.deadEnds.first?.order.count ?? -1
        if path.count > deepest {
            search.deadEnds = [DeadEnd(order: path, state: state, stuck: candidates)]
        } else if path.count == deepest, search.deadEnds.count < 3 {
            search.deadEnds.append(DeadEnd(order: path, state: state, stuck: candidates))
        }
        return false
    }
}

/// A set of call indices, as bits.
package struct CallSet: Hashable, Sendable {
    private var words: [UInt64]

    /// An empty set of indices below `count`.
    package init(count: Int) {
        words = Array(repeating: 0, count: (count + 63) / 64)
    }

    /// Whether `index` is in the set.
    package func contains(_ index: Int) -> Bool {
        words[index / 64] & (1 << UInt64(index % 64)) != 0
    }

    /// Adds `index`.
    package mutating func insert(_ index: Int) {
        words[index / 64] |= 1 << UInt64(index % 64)
    }
}
