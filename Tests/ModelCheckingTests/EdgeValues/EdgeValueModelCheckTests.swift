import ContractEngine
import ModelChecking
import RepositoryContractsPrimitives
import Testing

/// Edge values derived from `Codable`, drawn by the check of a protocol of the user's own: each title
/// bug of ``EncodedDraftBox`` is found and shrunk to the one save that shows it, with the default
/// settings, on every seed; the same check drawing two plain titles finds none.
@Suite("Protocol model check: edge values derived from Codable")
struct EdgeValueModelCheckTests {
    /// The check as a user writes it, with the default runs and steps.
    static func check(
        _ bug: EncodedDraftBox.Bug?, seed: UInt64, operations: [ProtocolOperation<any DraftBox>] = DraftOperations.all
    ) async -> ProtocolModelCheckResult {
        await ProtocolModelCheck.check(
            model: { InMemoryDraftBox() }, subject: { EncodedDraftBox(bug: bug) }, operations: operations,
            observe: { try await $0.all() }, seed: seed)
    }

    /// The check on seeds 1 to 20, side by side, the results in seed order.
    static func checkTwentySeeds(
        _ bug: EncodedDraftBox.Bug?, operations: [ProtocolOperation<any DraftBox>] = DraftOperations.all
    ) async -> [ProtocolModelCheckResult] {
        await Array(UInt64(1)...20).concurrentMap { seed in await check(bug, seed: seed, operations: operations) }
    }

    /// The edge values that show each bug, by name: the title's only, a `String` sample's at `$`.
    static let revealing: [EncodedDraftBox.Bug: [String]] = [
        .trimsTitles: ["whitespace-padded", "newlines"],
        .cutsTitlesAt255Bytes: ["320 characters with combining marks"],
        .dropsTitleAfterNUL: ["NUL"],
    ]

    @Test("the JSON-backed box agrees with the fake on every edge value", arguments: [UInt64(1), 2, 3])
    func correctPasses(seed: UInt64) async {
        for operations in [DraftOperations.all, DraftOperations.drafts] {
            let result = await Self.check(nil, seed: seed, operations: operations)
            #expect(result.passed, "\(result)")
            #expect(result.runs == ProtocolModelCheck.defaultRuns)
        }
    }

    @Test("each title bug is found on 20 seeds of 20, shrunk to the one save of the edge value that shows it",
          arguments: EncodedDraftBox.Bug.allCases)
    func bugFound(_ bug: EncodedDraftBox.Bug) async throws {
        let labels = try #require(Self.revealing[bug])
        let literals = try labels.map { try EdgeCases.derived.value("$: \($0)", around: "Groceries").swiftLiteral }
        var found = 0, sizes: [Int] = [], runs: [Int] = []
        for result in await Self.checkTwentySeeds(bug) {
            guard let failure = result.failure else { continue }
            found += 1
            sizes.append(failure.steps.count)
            runs.append(result.runs)
            #expect(failure.steps.count == 1 && failure.divergence.isObservation, "\(result)")
            let save = try #require(failure.steps.first?.swift)
            #expect(literals.contains { save.hasPrefix("drafts.save(Draft(title: \($0), words: 3)") }, "\(result)")
        }
        #expect(found == 20, "\(bug): found in \(found) of 20 seeds")
        print("\(bug) (String sample): found \(found)/20, shrunk sizes \(sizes.sorted()), runs until found \(runs.sorted())")
    }

    @Test("drawing whole drafts around a struct sample finds each bug too, and the repro names the edge value",
          arguments: EncodedDraftBox.Bug.allCases)
    func bugFoundAroundStruct(_ bug: EncodedDraftBox.Bug) async throws {
        let names = try #require(Self.revealing[bug]).map { "$.title: \($0)" }
        var found = 0, sizes: [Int] = []
        for result in await Self.checkTwentySeeds(bug, operations: DraftOperations.drafts) {
            guard let failure = result.failure else { continue }
            found += 1
            sizes.append(failure.steps.count)
            #expect(failure.steps.count == 1, "\(result)")
            let save = try #require(failure.steps.first?.swift)
            #expect(names.contains { save.hasPrefix("drafts.save(try EdgeCases.derived.value(\($0.swiftLiteral), around: Draft.sample)") }, "\(result)")
        }
        #expect(found == 20, "\(bug): found in \(found) of 20 seeds")
        print("\(bug) (Draft sample): found \(found)/20, shrunk sizes \(sizes.sorted())")
    }

    @Test("the same check drawing two plain titles finds none of the bugs on 20 seeds", arguments: EncodedDraftBox.Bug.allCases)
    func plainTitlesMiss(_ bug: EncodedDraftBox.Bug) async {
        let found = await Self.checkTwentySeeds(bug, operations: DraftOperations.plain).filter { !$0.passed }.count
        #expect(found == 0, "\(bug): plain titles found it in \(found) of 20 seeds")
    }
}
