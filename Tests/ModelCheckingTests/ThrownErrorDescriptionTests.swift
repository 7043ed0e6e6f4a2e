import ContractEngine
import ModelChecking
import RepositoryContractsPrimitives
import Testing

/// A model check compares thrown errors by identity (a repository kind, else the error's type) and
/// describes them only when a report reads them: a check whose steps throw refusals the model expects
/// describes none of them, and a failing one's report still says what each side threw.
@Suite("Model check: thrown errors described only for a report")
struct ThrownErrorDescriptionTests {
    /// What `take()` throws when nothing is left; counts how often it is described, and thrown.
    struct Empty: Error, CustomStringConvertible {
        let tally: Tally
        var description: String {
            tally.described.withLock { $0 += 1 }
            return "Empty(nothing left to take)"
        }
    }

    /// The same refusal under another type.
    struct Exhausted: Error, CustomStringConvertible {
        var description: String { "Exhausted(the counter ran out)" }
    }

    /// One check's counts, shared by its systems and their errors.
    final class Tally: Sendable {
        let described = Protected(0)
        let thrown = Protected(0)
    }

    protocol Counter: Sendable {
        func add() async
        func take() async throws -> Int
    }

    /// The model: `take()` refuses with ``Empty`` at zero. With `otherType`, it refuses with ``Exhausted``.
    actor Count: Counter {
        private var value = 0
        private let tally: Tally
        private let otherType: Bool

        init(_ tally: Tally, otherType: Bool = false) {
            self.tally = tally
            self.otherType = otherType
        }

        func add() { value += 1 }

        func take() throws -> Int {
            guard value > 0 else {
                tally.thrown.withLock { $0 += 1 }
                if otherType { throw Exhausted() }
                throw Empty(tally: tally)
            }
            value -= 1
            return value
        }
    }

    static let operations: [ProtocolOperation<any Counter>] = [
        .init("add()", call: { await $0.add() }, swift: "await counter.add()"),
        .init("take()", call: { try await $0.take() }, swift: "_ = try await counter.take()"),
    ]

    @Test("refusals the model expects are compared by type and never described; the check still counts them")
    func refusalsUndescribed() async {
        let tally = Tally()
        let result = await ProtocolModelCheck.check(
            model: { Count(tally) as any Counter }, subject: { Count(tally) as any Counter }, operations: Self.operations,
            runs: 30, seed: 11)
        #expect(result.passed, "\(result)")
        #expect(tally.thrown.withLock { $0 } > 0, "no step refused: the check compared no errors")
        #expect(tally.described.withLock { $0 } == 0, "a passing check described the errors it compared")
    }

    @Test("a subject refusing with another error type fails, and the report says what each side threw")
    func otherTypeReported() async throws {
        let tally = Tally()
        let result = await ProtocolModelCheck.check(
            model: { Count(tally) as any Counter }, subject: { Count(tally, otherType: true) as any Counter },
            operations: Self.operations, runs: 30, seed: 11)
        let failure = try #require(result.failure, "the other error type went unnoticed")
        let report = "\(result)"
        #expect(report.contains("Empty(nothing left to take)"), "\(report)")
        #expect(report.contains("Exhausted(the counter ran out)"), "\(report)")
        #expect(failure.steps.last?.swift == "_ = try await counter.take()", "\(report)")
    }

    /// An error whose description reads state that changes after it is thrown.
    final class Changing: Error, Sendable, CustomStringConvertible {
        let text = Protected("as thrown")
        var description: String { text.withLock { $0 } }
    }

    @Test("an error is described when read, or as thrown when it is a class instance")
    func describedWhenRead() {
        let tally = Tally()
        let value = DeferredText(describingError: Empty(tally: tally))
        #expect(tally.described.withLock { $0 } == 0)
        #expect(value.description.contains("Empty(nothing left to take)"))
        #expect(tally.described.withLock { $0 } > 0)

        let object = Changing()
        let objectText = DeferredText(describingError: object)
        object.text.withLock { $0 = "changed later" }
        #expect(objectText.description.contains("as thrown"), "\(objectText)")
        #expect(!objectText.description.contains("changed later"), "\(objectText)")
    }
}
