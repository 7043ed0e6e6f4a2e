import StandardContracts
import BrokenExamples
import RepositoryContracts
import Testing
import TodoExample

/// The versions family's kill table: each one-bug note store is caught by the `versions.*` clauses that
/// name its bug, and the correct stores pass them all.
@Suite("Versions kill table")
struct VersionsKillTableTests {
    static let family = "versions."

    @Test("the correct note stores, in memory and in a file, pass every versions clause; none is skipped")
    func correctStoresPass() async {
        await NoteFamilyRuns.expectCorrectStoresPass(Self.family, clauseCount: 8)
    }

    /// Each bug, the clauses that must catch it, and words the first of them must say.
    static let expected: [(Conformance<CRUD<Note>>, Set<String>, String)] = [
        (VersionBugs.staleAccepted,
         ["versions.staleTokenRejected", "versions.staleAfterPlainUpdateRejected", "versions.concurrentWritersOneWins",
          "versions.concurrentWritersOneWinsAsyncLet"],
         "succeeded: a stale update was accepted and the write it raced is lost (last write wins)"),
        (VersionBugs.notBumped,
         ["versions.currentTokenAccepted", "versions.newTokenOnEveryWrite", "versions.staleTokenRejected",
          "versions.concurrentWritersOneWins", "versions.concurrentWritersOneWinsAsyncLet"],
         "returned the token it was sent: a write must move the version"),
        (VersionBugs.bumpedOnRejection,
         ["versions.staleTokenRejected", "versions.staleAfterPlainUpdateRejected", "versions.concurrentWritersOneWins",
          "versions.concurrentWritersOneWinsAsyncLet"],
         "returns a changed entity (compared with ==, store-maintained fields included)"),
        (VersionBugs.checkThenAct,
         ["versions.concurrentWritersOneWins", "versions.concurrentWritersOneWinsAsyncLet"],
         "exactly one may: the others carry a token the winner's write made stale, so each overwrote another's write unseen"),
        (VersionBugs.upserts,
         ["versions.missingIDRejected", "versions.deletedIDRejected"],
         "succeeded: there is no stored token it could match, so it must throw"),
        (VersionBugs.wrongStaleError,
         ["versions.staleTokenRejected", "versions.staleAfterPlainUpdateRejected", "versions.concurrentWritersOneWins",
          "versions.concurrentWritersOneWinsAsyncLet"],
         "was rejected (throws invalidInput), which the declared staleError policy does not allow"),
    ]

    @Test("each one-bug note store is caught by exactly the versions clauses that name its bug")
    func killTable() async {
        await NoteFamilyRuns.expectKillTable(Self.family, Self.expected, all: VersionBugs.all, title: "versions kill table (bug → versions.* clauses that caught it)")
    }

    @Test("a clause of the user's calling updateConditionally(_:) on a witness without one fails naming the builder to add")
    func missingConditionalUpdateInOwnClause() async {
        let clause = Clause<CRUD<Note>>("notes.editTwice", "a note edited with the version it read", requires: [.create]) { context in
            let note = try await context.subject.create(Note(id: 1, title: "tea"))
            try await context.subject.updateConditionally(context.mutated(note))
        }
        var withoutIt = NoteContracts.inMemory
        let make = withoutIt.makeRepository
        withoutIt.makeRepository = {
            var witness = try await make()
            witness.conditionalUpdate = nil
            return witness
        }
        let report = await Contract("notes", terms: NoteFamilyRuns.notes.terms, clauses: [clause]).report(on: withoutIt)
        let message = report.clauses.first?.message ?? ""
        #expect(message.contains("the witness has no conditional update: add .updatingConditionally { … } to the RepositoryWitness"), "\(message)")
    }

    @Test("the race clauses catch the check-then-act store on every seeded schedule, name the schedule, and never fail a correct store")
    func raceClausesAreReliable() async throws {
        func results(_ conformance: Conformance<CRUD<Note>>, _ clause: String, seeds: ClosedRange<UInt64>?) async throws -> [ClauseResult] {
            let check = try #require(NoteFamilyRuns.notes.cases(for: conformance).first { $0.clauseID == clause })
            var results: [ClauseResult] = []
            for seed in seeds.map(Array.init) ?? Array(repeating: nil, count: 10) {
                results.append(await SeededInterleaving.$fixedSeed.withValue(seed) { await check.run() })
            }
            return results
        }
        for clause in ["versions.concurrentWritersOneWins", "versions.concurrentWritersOneWinsAsyncLet"] {
            // Seeded: on this toolchain every one of seeds 1...100 catches it (and so did 100 free runs of
            // four rounds each on an idle machine), the same way each time.
            let caught = try await results(VersionBugs.checkThenAct, clause, seeds: 1...20).filter { $0.status == .failed }
            #expect(caught.count == 20, "\(clause): \(caught.count) of seeds 1...20")
            let message = caught.first?.failures.map(\.message).joined(separator: "\n") ?? ""
            #expect(message.contains("succeeded; exactly one may") && message.contains("runs it again"), "\(message)")
            for correct in [NoteContracts.inMemory, NoteContracts.fileBacked] {
                let failed = try await results(correct, clause, seeds: nil).filter { $0.status != .passed }
                #expect(failed.isEmpty, "\(clause) on \(correct.name): \(failed.flatMap(\.failures).map(\.message))")
            }
        }
    }
}
