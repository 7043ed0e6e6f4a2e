/// One call of a concurrent history as the model search sees it: how to make the same call on a model,
/// what the subject answered, and when a model's answer agrees with it.
package struct ModelCall<System, Response: Sendable>: Sendable {
    /// Makes the call on a model and returns its answer.
    package var make: @Sendable (System) async -> Response
    /// What the subject answered.
    package var response: Response
    /// Whether a model's answer (first) agrees with the subject's.
    package var agree: @Sendable (_ model: Response, _ subject: Response) -> Bool

    /// A call that `make` repeats on a model, to which the subject answered `response`; `agree` says
    /// whether a model's answer agrees with it.
    package init(
        make: @escaping @Sendable (System) async -> Response, response: Response,
        agree: @escaping @Sendable (_ model: Response, _ subject: Response) -> Bool
    ) {
        self.make = make
        self.response = response
        self.agree = agree
    }
}

extension ModelCall where Response: Equatable {
    /// A call that `make` repeats on a model, to which the subject answered `response`; equal answers agree.
    package init(make: @escaping @Sendable (System) async -> Response, response: Response) {
        self.init(make: make, response: response, agree: { $0 == $1 })
    }
}

/// What the search over a stateful model concluded.
package enum ModelLinearizabilityVerdict<Response: Sendable>: Sendable {
    /// The calls in `order` (indices into the history), each placed between its invocation and its
    /// response, make the model answer every call as the subject did.
    case linearizable(order: [Int])
    /// No such order exists; the dead end is the longest order the model explains.
    case notLinearizable(ModelDeadEnd<Response>)
    /// The search gave up after `steps` tries: undecided, which is not a failure.
    case inconclusive(steps: Int)
}

/// Where the search got stuck: the longest order of calls the model explains, and the calls that could
/// come next, none of which it explains, each with what the model answered instead.
package struct ModelDeadEnd<Response: Sendable>: Sendable {
    /// A call that could come next, and what the model answered to it after ``order``.
    package struct Stuck: Sendable {
        /// The call's index in the history.
        package var call: Int
        /// The model's answer, which differs from the subject's.
        package var model: Response
    }

    /// Indices into the history, in the order they were placed.
    package var order: [Int]
    /// The calls that could come next.
    package var stuck: [Stuck]
}

/// Decides whether a concurrent history is linearizable with respect to a *stateful* model, one that
/// cannot be copied or snapshotted (a user's fake: a class or an actor).
///
/// Depth-first search over the orders consistent with real time (Wing & Gong): a call may come next when
/// no call still unplaced responded before it was invoked. To try a call after an order, the search makes
/// a fresh model, replays the order on it, makes the call and asks the call whether the answer agrees
/// with the subject's. Nodes are memoized by (set of placed calls, `key` of the model after them) (Lowe's cache): with a key
/// that determines the model's behaviour (an observation of its whole state) the search stays small; the
/// order itself is always a safe key. Every try counts toward `stepLimit`, past which the verdict is
/// inconclusive. The model must be deterministic: the same calls give the same answers.
package struct ModelLinearizabilitySearch<System, Response: Sendable, Key: Hashable> {
    /// The default bound on tries (a fresh model, a replay and a call each).
    package static var defaultStepLimit: Int { 20_000 }

    let calls: [TimedCall<ModelCall<System, Response>>]
    let stepLimit: Int
    let makeModel: () async throws -> System
    let key: (System, [Int]) async -> Key

    /// A search of `calls` on models `makeModel` makes, memoizing nodes by `key` (given the model after an
    /// order, and the order), giving up after `stepLimit` tries.
    package init(
        _ calls: [TimedCall<ModelCall<System, Response>>], stepLimit: Int = defaultStepLimit,
        makeModel: @escaping () async throws -> System, key: @escaping (System, [Int]) async -> Key
    ) {
        self.calls = calls
        self.stepLimit = stepLimit
        self.makeModel = makeModel
        self.key = key
    }

    private struct Visit: Hashable {
        var placed: CallSet
        var key: Key
    }

    private struct LimitReached: Error {}

    private final class Search {
        var visited: Set<Visit> = []
        var steps = 0
        var deadEnd: ModelDeadEnd<Response>?
    }

    /// Searches for an order; throws only what making a model throws.
    package func check() async throws -> ModelLinearizabilityVerdict<Response> {
        let search = Search()
        var path: [Int] = []
        let root = try await makeModel()
        let rootKey = await key(root, [])
        do {
            if try await explore(CallSet(count: calls.count), key: rootKey, path: &path, search) { return .linearizable(order: path) }
        } catch is LimitReached {
            return .inconclusive(steps: search.steps)
        }
        return .notLinearizable(search.deadEnd ?? ModelDeadEnd(order: [], stuck: []))
    }

    private func explore(_ placed: CallSet, key nodeKey: Key, path: inout [Int], _ search: Search) async throws -> Bool {
        if path.count == calls.count { return true }
        guard search.visited.insert(Visit(placed: placed, key: nodeKey)).inserted else { return false }
        var stuck: [ModelDeadEnd<Response>.Stuck] = []
        for index in candidates(after: placed) {
            search.steps += 1
            if search.steps > stepLimit { throw LimitReached() }
            let model = try await replayed(path)
            let answer = await calls[index].call.make(model)
            guard calls[index].call.agree(answer, calls[index].call.response) else {
                stuck.append(.init(call: index, model: answer))
                continue
            }
            var placedNext = placed
            placedNext.insert(index)
            path.append(index)
            if try await explore(placedNext, key: await key(model, path), path: &path, search) { return true }
            path.removeLast()
        }
        if path.count > search.deadEnd?.order.count ?? -1 { search.deadEnd = ModelDeadEnd(order: path, stuck: stuck) }
        return false
    }

    /// The unplaced calls invoked before every unplaced call's response, in invocation order.
    private func candidates(after placed: CallSet) -> [Int] {
        let unplaced = calls.indices.filter { !placed.contains($0) }
        let earliestResponse = unplaced.map { calls[$0].response }.min() ?? .max
        return unplaced.filter { calls[$0].invocation < earliestResponse }.sorted { calls[$0].invocation < calls[$1].invocation }
    }

    /// A fresh model with the calls of `order` made on it.
    private func replayed(_ order: [Int]) async throws -> System {
        let model = try await makeModel()
        for index in order { _ = await calls[index].call.make(model) }
        return model
    }
}
