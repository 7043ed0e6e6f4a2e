import BrokenExamples
import RepositoryContracts
import Testing
import TodoExample

/// Every one-bug store of the families' kill tables, run through the default model-based check (100 runs
/// of 25 steps, one fixed seed): which bugs a random sequence finds, and how short it shrinks. The bugs it
/// finds are listed; those it cannot reach (a limit past the steps' sizes, a cursor it never forges, a
/// race, which the sequential check cannot see) are listed with why.
@Suite("Kill table: the model-based check on every family's one-bug stores")
struct ModelCheckKillTableTests {
    /// Every family's one-bug stores, by name.
    static let bugs: [(name: String, conformance: Conformance<CRUD<Note>>)] =
        MaintainedBugStore.Bug.allCases.filter { $0 != .none }.map { ("maintained · \($0.rawValue)", MaintainedBugStore.conformance($0)) }
        + PageBugs.Bug.allCases.map { ("pages · \($0.rawValue)", PageBugs.conformance($0)) }
        + VersionBugs.all.map { ("versions · \($0.name)", $0) }
        + AtomicityBugs.all.map { ("atomicity · \($0.name)", $0) }
        + SoftDeleteBug.allCases.map { ("softDelete · \($0.rawValue)", $0.conformance) }
        + BatchBug.allCases.map { ("batch · \($0.rawValue)", $0.conformance) }
        + QueryBugs.Bug.allCases.map { ("queries · \($0.rawValue)", QueryBugs.conformance($0)) }

    /// The bugs the sequential model check cannot reach with its steps, and why.
    static let unreachable: [String: String] = [
        "pages · ignoresMaximum": "its pages hold at most 4: the maximum (50) is the clauses' business",
        "pages · badCursorStartsOver": "it never forges a cursor",
        "pages · offsetCursor": "it never changes the store between the pages of one traversal",
        "pages · lastIDCursor": "it never changes the store between the pages of one traversal",
        "atomicity · refused-update-bumps-version": "it sends refused inputs through create and update, not through the conditional update",
        "batch · dropsBeyond100": "its batches hold at most 4",
        "batch · returnsInStoreOrder": "it compares what a batch returned as a set",
    ]

    /// The races: sequential steps cannot interleave, so these run the parallel plans too (with conditional
    /// updates, as the stores declare optimistic concurrency). The rest run sequentially only.
    static let races: Set<String> = ["versions · check-then-act-update"]

    @Test("each reachable bug is found and shrunk to a short sequence; the rest are named with why", arguments: bugs.map(\.name))
    func modelCheck(_ name: String) async throws {
        let conformance = try #require(Self.bugs.first { $0.name == name }?.conformance)
        let race = Self.races.contains(name)
        let result = await ModelCheck.check(
            conformance, factory: NoteContracts.factory, runs: race ? 1 : ModelCheck.defaultRuns, seed: 0x45, parallelRuns: race ? 40 : 0)
        let steps = result.minimalSteps?.count ?? result.parallel?.failure?.shrunk.callCount
        print("kill table (model check): \(name) → \(result.failedCheck ?? (result.parallel?.failure == nil ? "not found" : "not linearizable (parallel plan)")), \(steps.map { "\($0) steps" } ?? "-")")
        if let why = Self.unreachable[name] {
            #expect(result.passed, "\(name) was listed as out of the check's reach (\(why)), but it is found now: take it off the list")
        } else {
            #expect(!result.passed, "\(name) escaped the model check")
            #expect((steps ?? .max) <= 6, "\(name): \(result.minimalSteps ?? [])")
        }
    }
}
