import ContractEngine
import Foundation
import ModelChecking
import Testing

/// The model-based check of a user's own protocol, on `BookmarkStore`: the fake as the model, a second
/// correct implementation and three one-bug ones as subjects.
@Suite("Protocol model check: BookmarkStore")
struct BookmarkModelCheckTests {
    /// The check as a user writes it: the in-memory fake as the model, `all()` observed after every step.
    static func check(_ bug: IndexedBookmarks.Bug?, seed: UInt64, runs: Int = ProtocolModelCheck.defaultRuns) async -> ProtocolModelCheckResult {
        await ProtocolModelCheck.check(
            model: { InMemoryBookmarks() }, subject: { IndexedBookmarks(bug: bug) }, operations: BookmarkOperations.all,
            observe: { try await $0.all() }, runs: runs, seed: seed)
    }

    /// The shortest sequence each bug needs, and the operation whose result or observation shows it.
    /// Shrinking drops steps and does not change arguments, so a run may end one step longer (a rename
    /// that brought two URLs together stays: dropping it leaves two different URLs).
    static let expected: [IndexedBookmarks.Bug: (steps: Int, operation: String)] = [
        .renameKeepsOldIndex: (2, "rename(url:to:)"), .removeLeavesTags: (3, "add"), .addDuplicates: (2, "add"),
    ]

    @Test("the correct implementations agree with the model over several seeds", arguments: [UInt64(1), 2, 3, 0xC0FFEE])
    func correctPasses(seed: UInt64) async {
        let indexed = await Self.check(nil, seed: seed)
        #expect(indexed.passed, "\(indexed)")
        #expect(indexed.runs == ProtocolModelCheck.defaultRuns)
        let fakeAgainstItself = await ProtocolModelCheck.check(
            model: { InMemoryBookmarks() }, subject: { InMemoryBookmarks() }, operations: BookmarkOperations.all, runs: 20, seed: seed)
        #expect(fakeAgainstItself.passed, "\(fakeAgainstItself)")
    }

    @Test("each bug is found with the default settings and shrunk to its shortest sequence", arguments: IndexedBookmarks.Bug.allCases)
    func bugFound(_ bug: IndexedBookmarks.Bug) async throws {
        let result = await Self.check(bug, seed: 7)
        let failure = try #require(result.failure, "\(bug) was not found: \(result)")
        let expected = try #require(Self.expected[bug])
        #expect(failure.steps.count == expected.steps, "\(result)")
        #expect(failure.divergence.operation == expected.operation, "\(result)")
        #expect(failure.divergence.step == failure.steps.count)
        #expect(failure.originalStepCount >= failure.steps.count)
    }

    @Test("each bug is found over many seeds, shrunk to its shortest sequence or one step more", arguments: IndexedBookmarks.Bug.allCases)
    func bugFoundOverSeeds(_ bug: IndexedBookmarks.Bug) async throws {
        var found = 0, runs: [Int] = []
        for seed in UInt64(1)...20 {
            let result = await Self.check(bug, seed: seed)
            guard let failure = result.failure else { continue }
            found += 1
            runs.append(result.runs)
            #expect(failure.steps.count <= (Self.expected[bug]?.steps ?? 0) + 1, "\(result)")
        }
        // Every seed finds it, within a few runs of the hundred: a wide margin.
        #expect(found == 20, "\(bug): found in \(found) of 20 seeds")
        #expect((runs.max() ?? .max) <= 25, "\(bug): runs until found \(runs)")
    }

    @Test("a seed determines the result: the same report twice")
    func deterministic() async {
        let first = await Self.check(.removeLeavesTags, seed: 0x5EED)
        let second = await Self.check(.removeLeavesTags, seed: 0x5EED)
        #expect(!first.passed && first.description == second.description, "\(first)\n---\n\(second)")
    }

    @Test("a failing run's seed, passed as seed:, replays it as the first run")
    func seedReplays() async throws {
        let found = try #require(await Self.check(.addDuplicates, seed: 99).failure)
        let replayed = await Self.check(.addDuplicates, seed: found.seed, runs: 1)
        #expect(replayed.runs == 1)
        #expect(replayed.failure?.steps == found.steps)
    }

    @Test("the report: a numbered trace, the divergence, the Swift lines of the shrunk steps and the seed line")
    func report() async throws {
        let result = await Self.check(.renameKeepsOldIndex, seed: 7)
        let failure = try #require(result.failure)
        let text = result.description
        let swift = try #require(result.swiftLines)
        for (index, step) in failure.steps.enumerated() {
            #expect(text.contains("\(index + 1). \(step.swift) → "), "\(text)")
            #expect(swift[index].hasSuffix("await \(step.swift)"), "\(swift)")
            #expect(text.contains("    " + swift[index]))
        }
        #expect(text.contains("Replay this run: REPOSITORY_CONTRACTS_SEED=0x\(String(repeating: "0", count: 16 - String(failure.seed, radix: 16).count))\(String(failure.seed, radix: 16)) (or seed: 0x"))
        #expect(text.contains("  step \(failure.divergence.step), \(failure.divergence.operation): "))
        #expect(swift.suffix(2).allSatisfy { $0.hasPrefix("//") })
    }
}
