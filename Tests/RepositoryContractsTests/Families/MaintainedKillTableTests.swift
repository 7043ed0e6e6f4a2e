import BrokenExamples
import RepositoryContracts
import Testing
import TodoExample

/// The kill table of the `maintained.*` and `order.*` clauses: each one-bug store fails exactly the
/// clauses that name its bug, the correct one fails none.
@Suite("Kill table: store-maintained fields and sorts")
struct MaintainedKillTableTests {
    static let notes = Contract.crud(factory: NoteContracts.factory)

    /// Which family clauses each bug must fail, at least (a bug may break more than one rule, and CRUD
    /// clauses may see it too: the printed table lists them all).
    static let expected: [MaintainedBugStore.Bug: Set<String>] = [
        .none: [],
        .versionNotBumped: ["maintained.versionIncreasesOnEveryWrite"],
        .versionFromClient: ["maintained.versionIncreasesOnEveryWrite"],
        .updatedAtNotRefreshed: ["maintained.refreshedOnEveryWrite"],
        .createdAtFromClient: ["maintained.keptFromCreate"],
        .updateReturnsWhatWasSent: [
            "maintained.versionIncreasesOnEveryWrite", "maintained.refreshedOnEveryWrite", "maintained.keptFromCreate",
        ],
        .readBumpsVersion: ["maintained.sameOnEveryRead", "maintained.readsLeaveThemAlone"],
        .refusedCreateTouches: ["maintained.refusedCreateLeavesThemAlone"],
        .unstableTies: ["order.tiesFollowTheDeclaredTiebreak"],
        .oldestFirst: ["order.sortedByWhatTheStoreReturns"],
    ]

    @Test("each bug is caught by the clauses that name it; the correct store fails none", arguments: MaintainedBugStore.Bug.allCases)
    func killed(_ bug: MaintainedBugStore.Bug) async throws {
        let report = await Self.notes.report(on: MaintainedBugStore.conformance(bug))
        let failed = Set(report.clauses.filter { $0.status == .failed }.map(\.id))
        let family = failed.filter { $0.hasPrefix("maintained.") || $0.hasPrefix("order.") }
        print("kill table: \(bug.rawValue) → \(failed.sorted().joined(separator: ", "))")
        let expected = try #require(Self.expected[bug])
        #expect(expected.isSubset(of: family), "\(report.clauses.filter { $0.status == .failed }.map { "\($0.id): \($0.message ?? "")" })")
        if bug == .none { #expect(failed.isEmpty) }
    }

    @Test("without a way to move the store's time, a refreshed timestamp is only held to 'no earlier', as the article says")
    func refreshWithoutMovingTime() async throws {
        var frozen = MaintainedBugStore.conformance(.updatedAtNotRefreshed)
        let make = frozen.makeRepository
        frozen.makeRepository = {
            var witness = try await make()
            witness.moveStoreTime = nil
            return witness
        }
        let clause = "maintained.refreshedOnEveryWrite"
        let moving = await Self.notes.report(on: MaintainedBugStore.conformance(.updatedAtNotRefreshed))
        let still = await Self.notes.report(on: frozen)
        #expect(moving.clauses.first { $0.id == clause }?.status == .failed)
        #expect(still.clauses.first { $0.id == clause }?.status == .passed)
    }
}
