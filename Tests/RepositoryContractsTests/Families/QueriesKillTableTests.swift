import BrokenExamples
import Foundation
import RepositoryContracts
import Testing
import TodoExample

/// The `queries.*` clauses' power: each one-bug note store is caught by the clauses named here, and the
/// correct stores pass every one of them.
@Suite("Queries family: kill table")
struct QueriesKillTableTests {
    /// The CRUD contract over notes, with only its `queries.*` clauses.
    static let queries: Contract<CRUD<Note>> = {
        let full = Contract.crud(factory: NoteContracts.factory)
        return Contract("CRUD", terms: full.terms, clauses: full.clauses.filter { $0.id.hasPrefix("queries.") })
    }()

    /// The clauses that fail on `conformance`, with their messages.
    static func failed(_ conformance: Conformance<CRUD<Note>>, contract: Contract<CRUD<Note>> = queries) async -> [String: String] {
        let report = await contract.report(on: conformance)
        return Dictionary(uniqueKeysWithValues: report.clauses.filter { $0.status == .failed }.map { ($0.id, $0.message ?? "") })
    }

    /// Which clauses each bug must fail: where its bug shows.
    static let expected: [QueryBugs.Bug: Set<String>] = [
        .caseInsensitive: ["queries.storedParametersFindTheMeaning", "queries.nearMissesFollowTheMeaning"],
        .prefixMatch: ["queries.storedParametersFindTheMeaning", "queries.nearMissesFollowTheMeaning", "queries.seeUpdates"],
        .staleIndexOnDelete: ["queries.neverFindDeleted"],
        .staleIndexOnUpdate: ["queries.seeUpdates", "queries.orderedAsDeclared"],
        .reversedOrder: [
            "queries.storedParametersFindTheMeaning", "queries.seeUpdates",
            "queries.neverFindDeleted", "queries.returnEveryMatch", "queries.orderedAsDeclared",
        ],
        .firstHundredOnly: ["queries.returnEveryMatch"],
        .everythingForUnknownTag: ["queries.unknownParameterFindsNothing", "queries.nearMissesFollowTheMeaning", "queries.seeUpdates"],
        .throwsForUnknownTag: [
            "queries.emptyStoreFindsNothing", "queries.unknownParameterFindsNothing", "queries.nearMissesFollowTheMeaning",
            "queries.seeUpdates", "queries.neverFindDeleted",
        ],
    ]

    /// What one failure of each bug says: the clause, and a part of its message.
    static let messages: [QueryBugs.Bug: (clause: String, says: String)] = [
        .caseInsensitive: ("queries.storedParametersFindTheMeaning", #"query tag("TAG2") finds 2 the meaning does not"#),
        .prefixMatch: ("queries.nearMissesFollowTheMeaning", #"query tag("zul") finds 1 the meaning does not"#),
        .staleIndexOnDelete: ("queries.neverFindDeleted", #"after deleting 3 of 6 entities: query tag("Shared") finds 3 the meaning does not"#),
        .staleIndexOnUpdate: ("queries.seeUpdates", #"after updating 3 of 6 entities: query tag("edited") misses 3 the meaning finds"#),
        .reversedOrder: ("queries.orderedAsDeclared", "is not in the declared order (sorted by updatedAt descending, then id ascending)"),
        .firstHundredOnly: ("queries.returnEveryMatch", #"with 201 entities stored: query tag("Shared") misses 101 the meaning finds"#),
        .everythingForUnknownTag: ("queries.unknownParameterFindsNothing", #"query tag("no entity has this"#),
        .throwsForUnknownTag: ("queries.emptyStoreFindsNothing", "threw RepositoryError"),
    ]

    @Test("the correct note stores pass every queries clause, none skipped", arguments: [NoteContracts.inMemory, NoteContracts.fileBacked])
    func correctStoresPass(_ conformance: Conformance<CRUD<Note>>) async {
        let report = await Self.queries.report(on: conformance)
        #expect(report.clauses.count == Self.queries.clauses.count)
        let cost = report.clauses.map { "\($0.id) \($0.duration.map { "\($0)" } ?? "?"), \($0.subjectCalls ?? 0) calls" }
        print("queries cost on \(conformance.name): \(cost.joined(separator: "; "))")
        for clause in report.clauses {
            #expect(clause.status == .passed, "\(clause.id): \(clause.reason ?? "") \(clause.message ?? "")")
        }
    }

    @Test("each one-bug store fails exactly the queries clauses its bug shows in", arguments: QueryBugs.Bug.allCases)
    func bugIsCaught(_ bug: QueryBugs.Bug) async throws {
        let failed = await Self.failed(QueryBugs.conformance(bug))
        print("queries kill table: \(bug.rawValue) → \(failed.keys.sorted().joined(separator: ", "))")
        #expect(Set(failed.keys) == Self.expected[bug], "\(failed)")
        let message = try #require(Self.messages[bug])
        #expect(failed[message.clause]?.contains(message.says) == true, "\(failed[message.clause] ?? "passed")")
    }
}
