import RealStores
import RepositoryContracts
import Testing

/// One deliberately broken variant of each real store per bug: the clauses of the family the bug is
/// about are run programmatically (``Contract/report(on:)``) and must fail, one message naming the field
/// or the rule broken, while the correct store passes the same clauses.
@Suite("Broken variants")
struct BrokenVariantTests {
    /// A bug, the family whose clauses must catch it, and words a failure message must say.
    struct Variant: Sendable, CustomTestStringConvertible {
        let bug: StoreBug
        let family: String
        /// Exactly the clauses of the family that must fail.
        let clauses: Set<String>
        let words: String
        let name: String
        var testDescription: String { name }
    }

    /// The update clauses a dropped column fails: every one that compares what was sent with what is stored.
    static let updateClauses: Set<String> = ["update.eachFieldAlone", "update.fetchShowsUpdate", "update.replacesValue", "update.returnsWhatWasStored"]

    static let noteVariants = [
        Variant(bug: .dropsColumnOnUpdate, family: "update.", clauses: updateClauses,
                words: "update(_:) that changes only $.body returned a value not equivalent", name: "a dropped column on update"),
        Variant(bug: .pageWithoutTiebreak, family: "pages.", clauses: ["pages.everyEntityOnceWithTies"],
                words: "entities tied on updatedAt", name: "a page query without a tiebreak"),
        Variant(bug: .batchWithoutTransaction, family: "batch.",
                clauses: ["batch.clashWithStoredFollowsPolicy", "batch.duplicateInBatchFollowsPolicy", "batch.invalidEntityFollowsPolicy"],
                words: "declared all or nothing: fetchAll() holds entities that should not be there", name: "a batch without a transaction"),
        Variant(bug: .versionCheckMissing, family: "versions.",
                clauses: ["versions.staleTokenRejected", "versions.staleAfterPlainUpdateRejected", "versions.concurrentWritersOneWins",
                          "versions.concurrentWritersOneWinsAsyncLet"],
                words: "succeeded: a stale update was accepted", name: "a version check missing"),
    ]

    /// The clauses of `contract` whose ids start with `prefix`, run on `conformance`: the failed ones
    /// with their messages, and how many ran.
    static func run<Entity>(
        _ contract: Contract<CRUD<Entity>>, _ prefix: String, on conformance: Conformance<CRUD<Entity>>
    ) async -> (failed: [String: String], ran: Int) {
        let family = Contract("CRUD", terms: contract.terms, clauses: contract.clauses.filter { $0.id.hasPrefix(prefix) })
        let report = await family.report(on: conformance)
        var failed: [String: String] = [:]
        for clause in report.clauses where clause.status == .failed || clause.status == .crashed {
            failed[clause.id] = clause.message ?? ""
        }
        return (failed, report.clauses.filter { $0.status != .skipped }.count)
    }

    static func expectCaught<Entity>(
        _ variant: Variant, _ contract: Contract<CRUD<Entity>>, broken: Conformance<CRUD<Entity>>,
        correct: Conformance<CRUD<Entity>>, sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        let caught = await run(contract, variant.family, on: broken)
        print("\(broken.name): caught by \(caught.failed.keys.sorted().joined(separator: ", "))")
        for (id, message) in caught.failed.sorted(by: { $0.key < $1.key }) { print("  \(id): \(message.prefix(600))") }
        #expect(Set(caught.failed.keys) == variant.clauses, "\(broken.name): \(caught.failed)", sourceLocation: sourceLocation)
        #expect(caught.failed.values.contains { $0.contains(variant.words) },
                "\(broken.name): no message says \"\(variant.words)\"", sourceLocation: sourceLocation)
        let clean = await run(contract, variant.family, on: correct)
        #expect(clean.failed.isEmpty && clean.ran > 0, "\(correct.name): \(clean.failed)", sourceLocation: sourceLocation)
    }

    @Test("SQLite notes: each broken variant is caught, naming the field or rule", arguments: noteVariants)
    func sqliteNotes(_ variant: Variant) async {
        await Self.expectCaught(variant, Contracts.notes, broken: RealStoreContracts.sqliteNotes(bugs: variant.bug),
                                correct: RealStoreContracts.sqliteNotes())
    }

    @Test("PostgreSQL notes: each broken variant is caught, naming the field or rule", .postgresConfigured, arguments: noteVariants)
    func postgresNotes(_ variant: Variant) async {
        await Self.expectCaught(variant, Contracts.notes, broken: RealStoreContracts.postgresNotes(bugs: variant.bug),
                                correct: RealStoreContracts.postgresNotes())
    }

    static let todoDroppedColumn = Variant(
        bug: .dropsColumnOnUpdate, family: "update.", clauses: updateClauses,
        words: "update(_:) that changes only $.priority returned a value not equivalent", name: "a dropped column on update")

    @Test("SQLite to-dos: an update that drops the priority column is caught, naming the field")
    func sqliteTodos() async {
        await Self.expectCaught(Self.todoDroppedColumn, Contracts.todos, broken: RealStoreContracts.sqliteTodos(bugs: .dropsColumnOnUpdate),
                                correct: RealStoreContracts.sqliteTodos())
    }

    @Test("PostgreSQL to-dos: an update that drops the priority column is caught, naming the field", .postgresConfigured)
    func postgresTodos() async {
        await Self.expectCaught(Self.todoDroppedColumn, Contracts.todos, broken: RealStoreContracts.postgresTodos(bugs: .dropsColumnOnUpdate),
                                correct: RealStoreContracts.postgresTodos())
    }
}
