import ContractEngine
import ModelChecking
import Testing

/// The search over a stateful model, on hand-built histories of a counter: which orders real time allows,
/// what the model explains, the dead end it reports, its memo and its bound.
@Suite("Concurrent model check: the search over a stateful model")
struct ModelLinearizabilitySearchTests {
    /// A model that cannot be copied: a class holding a count.
    final class Counter {
        var value = 0
    }

    typealias Call = TimedCall<ModelCall<Counter, Int>>

    /// `increment()` answered `answer`, made between ticks `from` and `to`.
    static func increment(answered answer: Int, _ from: Int, _ to: Int) -> Call {
        TimedCall(ModelCall(make: { counter in
            counter.value += 1
            return counter.value
        }, response: answer), invocation: from, response: to)
    }

    /// `add(amount)` (answering 0), made between ticks `from` and `to`.
    static func add(_ amount: Int, _ from: Int, _ to: Int) -> Call {
        TimedCall(ModelCall(make: { counter in
            counter.value += amount
            return 0
        }, response: 0), invocation: from, response: to)
    }

    /// `read()` answered `answer`, made between ticks `from` and `to`.
    static func read(answered answer: Int, _ from: Int, _ to: Int) -> Call {
        TimedCall(ModelCall(make: { $0.value }, response: answer), invocation: from, response: to)
    }

    /// The search keyed by the counter's value (an observation of its whole state).
    static func search(_ calls: [Call], stepLimit: Int = 1_000) -> ModelLinearizabilitySearch<Counter, Int, Int> {
        ModelLinearizabilitySearch(calls, stepLimit: stepLimit, makeModel: { Counter() }) { counter, _ in counter.value }
    }

    @Test("overlapping increments answered 2 and 1 are explained by the later-invoked one going first")
    func linearizable() async throws {
        let verdict = try await Self.search([Self.increment(answered: 2, 1, 4), Self.increment(answered: 1, 2, 3)]).check()
        guard case .linearizable(let order) = verdict else {
            Issue.record("expected linearizable, got \(verdict)")
            return
        }
        #expect(order == [1, 0])
    }

    @Test("the same answers without overlap are not explained: real time fixes the order; the dead end is the first call")
    func realTimeOrder() async throws {
        let verdict = try await Self.search([Self.increment(answered: 2, 1, 2), Self.increment(answered: 1, 3, 4)]).check()
        guard case .notLinearizable(let deadEnd) = verdict else {
            Issue.record("expected not linearizable, got \(verdict)")
            return
        }
        // Only the first call may come first (the second was invoked after it returned), and the model answers 1.
        #expect(deadEnd.order.isEmpty)
        #expect(deadEnd.stuck.map(\.call) == [0] && deadEnd.stuck.map(\.model) == [1])
    }

    @Test("a lost update (two overlapping increments both answered 1): the dead end explains one, not the other")
    func lostUpdate() async throws {
        let verdict = try await Self.search([Self.increment(answered: 1, 1, 3), Self.increment(answered: 1, 2, 4)]).check()
        guard case .notLinearizable(let deadEnd) = verdict else {
            Issue.record("expected not linearizable, got \(verdict)")
            return
        }
        #expect(deadEnd.order == [0], "the first longest order found")
        #expect(deadEnd.stuck.map(\.call) == [1] && deadEnd.stuck.map(\.model) == [2])
    }

    @Test("a stale read after an increment returned is not explained; the same read overlapping it is")
    func staleRead() async throws {
        let stale = try await Self.search([Self.increment(answered: 1, 1, 2), Self.read(answered: 0, 3, 4)]).check()
        guard case .notLinearizable(let deadEnd) = stale else {
            Issue.record("expected not linearizable, got \(stale)")
            return
        }
        #expect(deadEnd.order == [0] && deadEnd.stuck.map(\.call) == [1] && deadEnd.stuck.map(\.model) == [1])
        let overlapping = try await Self.search([Self.increment(answered: 1, 1, 3), Self.read(answered: 0, 2, 4)]).check()
        guard case .linearizable(let order) = overlapping else {
            Issue.record("expected linearizable, got \(overlapping)")
            return
        }
        #expect(order == [1, 0])
    }

    @Test("past its step limit the search is inconclusive, not a failure")
    func inconclusive() async throws {
        let calls = [Self.increment(answered: 1, 1, 3), Self.increment(answered: 1, 2, 4)]
        let verdict = try await Self.search(calls, stepLimit: 1).check()
        guard case .inconclusive(let steps) = verdict else {
            Issue.record("expected inconclusive, got \(verdict)")
            return
        }
        #expect(steps == 2)
    }

    @Test("keyed by the model's state, the search tries far fewer orders than keyed by the order, and agrees")
    func memo() async throws {
        // Five overlapping adds, then a read of a sum they cannot make: every order must be ruled out.
        let calls = [1, 2, 4, 8, 16].map { Self.add($0, $0, 100) } + [Self.read(answered: 30, 101, 102)]
        let madeByState = Tally(), madeByOrder = Tally()
        let byState = ModelLinearizabilitySearch(calls, makeModel: { madeByState.counted(Counter()) }) { counter, _ in counter.value }
        let byOrder = ModelLinearizabilitySearch(calls, makeModel: { madeByOrder.counted(Counter()) }) { _, order in order }
        let stateVerdict = try await byState.check(), orderVerdict = try await byOrder.check()
        guard case .notLinearizable(let stateEnd) = stateVerdict, case .notLinearizable(let orderEnd) = orderVerdict else {
            Issue.record("expected both not linearizable, got \(stateVerdict) and \(orderVerdict)")
            return
        }
        #expect(stateEnd.order.count == 5 && orderEnd.order.count == 5)
        #expect(stateEnd.stuck.map(\.model) == [31])
        // 32 sets of adds, each tried once per unplaced add (80 tries) and the read on the full set, plus the root model.
        #expect(madeByState.count == 82, "\(madeByState.count)")
        #expect(madeByOrder.count > 3 * madeByState.count, "\(madeByOrder.count) against \(madeByState.count)")
    }

    @Test("making a model that throws ends the search with that error")
    func modelThrows() async {
        struct NoModel: Error {}
        let search = ModelLinearizabilitySearch<Counter, Int, Int>([Self.read(answered: 0, 1, 2)], makeModel: { throw NoModel() }) { _, _ in 0 }
        await #expect(throws: NoModel.self) { try await search.check() }
    }

    /// Counts the models a search makes.
    final class Tally {
        var count = 0

        func counted(_ counter: Counter) -> Counter {
            count += 1
            return counter
        }
    }
}
