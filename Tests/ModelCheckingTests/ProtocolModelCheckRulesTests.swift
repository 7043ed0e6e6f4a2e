import ContractEngine
import ModelChecking
import RepositoryContractsPrimitives
import Testing

/// The rules the check states: how errors compare, what `seen` gives, what a precondition refuses.
@Suite("Protocol model check: rules")
struct ProtocolModelCheckRulesTests {
    /// A counter whose `bump` may throw: an error of either kind or type, or none.
    actor Counter {
        var value = 0
        let failure: (any Error & Sendable)?
        init(failing failure: (any Error & Sendable)? = nil) { self.failure = failure }
        func bump(_ by: Int) throws -> Int {
            if let failure { throw failure }
            value += by
            return value
        }
    }
    struct Other: Error {}
    struct Another: Error {}
    static let bumped = ValueKind<Int>("bumped")

    static func check(model: Counter, subject: Counter) async -> ProtocolModelCheckResult {
        await ProtocolModelCheck.check(
            model: { model }, subject: { subject },
            operations: [.init("bump", arguments: { d in d.int(in: 1...3) }, call: { try await $0.bump($1) }, swift: { "c.bump(\($0))" })],
            runs: 1, steps: 3, seed: 1)
    }

    @Test("two errors agree by repository kind, messages aside, or else by type; an error against a value disagrees")
    func errors() async {
        #expect(await Self.check(model: Counter(failing: RepositoryError.notFound("a")), subject: Counter(failing: RepositoryError.notFound("b"))).passed)
        #expect(!(await Self.check(model: Counter(failing: RepositoryError.notFound()), subject: Counter(failing: RepositoryError.conflict()))).passed)
        #expect(await Self.check(model: Counter(failing: Other()), subject: Counter(failing: Other())).passed)
        #expect(!(await Self.check(model: Counter(failing: Other()), subject: Counter(failing: Another()))).passed)
        let mixed = await Self.check(model: Counter(), subject: Counter(failing: Other()))
        #expect(mixed.failure?.divergence.step == 1 && mixed.failure?.divergence.subject.hasPrefix("threw ") == true, "\(mixed)")
    }

    @Test("seen gives only values earlier results produced, and a precondition's refusals are never called")
    func seenAndPrecondition() async {
        let log = Protected([(call: String, value: Int)]())
        let operations: [ProtocolOperation<Counter>] = [
            .init("bump", arguments: { d in d.int(in: 1...5) }, precondition: { $0 != 3 },
                  call: { counter, by in
                      let total = try await counter.bump(by)
                      log.withLock { $0 += [("argument", by), ("total", total)] }
                      return total
                  }, produces: { [Self.bumped.value($0)] }, swift: { "c.bump(\($0))" }),
            .init("echo", arguments: { d in try d.seen(Self.bumped) },
                  call: { _, seen in log.withLock { $0.append(("echo", seen)) }; return seen }, swift: { "c.echo(\($0))" }),
        ]
        let result = await ProtocolModelCheck.check(
            model: { Counter() }, subject: { Counter() }, operations: operations, observe: { await $0.value }, runs: 10, seed: 3)
        #expect(result.passed, "\(result)")
        let entries = log.withLock { $0 }
        let arguments = entries.filter { $0.call == "argument" }.map(\.value)
        #expect(!arguments.isEmpty && !arguments.contains(3), "\(arguments)")
        // Each echo repeats a total a bump returned before it.
        for (index, entry) in entries.enumerated() where entry.call == "echo" {
            #expect(entries[..<index].contains { $0.call == "total" && $0.value == entry.value }, "\(entries)")
        }
        #expect(entries.contains { $0.call == "echo" })
    }

    /// A ticket counter whose tickets carry a token each side makes up: the parts that matter agree, the
    /// token does not.
    actor Tickets {
        struct Ticket: Equatable, Sendable {
            var number: Int
            var token: String
        }
        private var issued = 0
        private let tokenPrefix: String
        init(tokenPrefix: String) { self.tokenPrefix = tokenPrefix }
        func issue() -> Ticket {
            issued += 1
            return Ticket(number: issued, token: "\(tokenPrefix)-\(issued)")
        }
    }

    @Test("agree: compares the results an operation gives, where equality would see a difference that does not matter")
    func agreeClosure() async {
        func check(agree: (@Sendable (Tickets.Ticket, Tickets.Ticket) -> Bool)?) async -> ProtocolModelCheckResult {
            await ProtocolModelCheck.check(
                model: { Tickets(tokenPrefix: "m") }, subject: { Tickets(tokenPrefix: "s") },
                operations: [.init("issue", call: { await $0.issue() }, agree: agree, swift: "tickets.issue()")], runs: 3, seed: 1)
        }
        let byEquality = await check(agree: nil)
        #expect(byEquality.failure?.divergence.step == 1, "\(byEquality)")
        #expect(await check(agree: { $0.number == $1.number }).passed)
        let wrongNumbers = await check(agree: { $0.number == $1.number + 1 })
        #expect(wrongNumbers.failure?.divergence.operation == "issue", "\(wrongNumbers)")
    }

    /// A store that refuses amounts over 10 (the model takes any): the shrunk failure's amount is simple.
    actor Limited {
        struct TooLarge: Error {}
        let limit: Int?
        init(limit: Int?) { self.limit = limit }
        func put(_ amount: Int, label: String) throws -> Int {
            if let limit, amount > limit { throw TooLarge() }
            return amount
        }
    }

    @Test("shrinking simplifies arguments: a large amount halves toward the smallest that still fails, a label to the first")
    func argumentsSimplified() async throws {
        let labels = ["first", "second", "third"]
        let operations: [ProtocolOperation<Limited>] = [
            .init("put", arguments: { d in (amount: d.int(in: 0...1000), label: d.element(of: labels)) },
                  call: { try await $0.put($1.amount, label: $1.label) }, swift: { "store.put(\($0.amount), label: \($0.label.swiftLiteral))" })
        ]
        for seed in UInt64(1)...5 {
            let result = await ProtocolModelCheck.check(
                model: { Limited(limit: nil) }, subject: { Limited(limit: 10) }, operations: operations, seed: seed)
            let failure = try #require(result.failure, "\(result)")
            let step = try #require(failure.steps.last)
            #expect(failure.steps.count == 1, "\(result)")
            let amount = try #require(Int(step.swift.split(separator: "(")[1].split(separator: ",")[0]))
            // Halving from any amount over 10 ends at most twice the limit, plus one.
            #expect((11...21).contains(amount), "\(result)")
            #expect(step.swift.hasSuffix(#"label: "first")"#), "\(result)")
        }
    }
}
