import BrokenExamples
import RepositoryContracts
import Testing
import TodoExample

/// The correct note stores, with every family declared, pass the whole CRUD contract: every CRUD clause
/// and every family clause, none failed.
@Suite("Correct note stores pass every family")
struct NoteConformerTests {
    static let notes = Contract.crud(factory: NoteContracts.factory)

    @Test("every clause passes or is skipped with a reason, and every family clause runs", arguments: ["in-memory", "file-backed"])
    func passes(_ store: String) async {
        let conformance = store == "in-memory" ? NoteContracts.inMemory : NoteContracts.fileBacked
        let report = await Self.notes.report(on: conformance)
        let failed = report.clauses.filter { $0.status == .failed }
        #expect(failed.isEmpty, "\(failed.map { "\($0.id): \($0.message ?? "")" }.joined(separator: "\n"))")
        let families = TheCRUDContractExamples.familyPrefixes
        let skippedFamilyClauses = report.clauses.filter { clause in
            clause.status == .skipped && families.contains { clause.id.hasPrefix($0) }
                && clause.id != "maintained.entityTagChangesWithContent"  // the notes have no entity tag
                && !clause.id.hasPrefix("atomicity.serverFault")  // no stub server: these stores write to no server
        }
        #expect(skippedFamilyClauses.isEmpty, "\(skippedFamilyClauses.map { "\($0.id): \($0.reason ?? "")" })")
    }

    @Test("a conformer declaring no family skips every family clause, each with the declaration it needs")
    func undeclaredFamiliesAreSkipped() async throws {
        let todos = Contract.crud(factory: ExampleContracts.todoFactory)
        let plain = Conformance<CRUD<Todo>>("in-memory") { InMemoryTodoRepository() }
        let skipped = todos.inapplicableClauses(for: plain).filter { $0.clause.id.hasPrefix("maintained.") }
        #expect(!skipped.isEmpty)
        #expect(skipped.allSatisfy { $0.reason.contains(".maintaining(") })
    }

    @Test("the skipped list gives a family the conformer does not declare one line, naming the declaration it needs")
    func undeclaredFamiliesTakeOneLineEach() async throws {
        let todos = Contract.crud(factory: ExampleContracts.todoFactory)
        let report = await todos.report(on: Conformance<CRUD<Todo>>("in-memory") { InMemoryTodoRepository() })
        let list = try #require(report.skippedList(contract: "CRUD"))
        let pages = todos.clauses.filter { $0.id.hasPrefix("pages.") }.count
        #expect(list.contains("  pages.* (\(pages) clauses): no pagination is declared (.paginated(…))"), "\(list)")
        #expect(!list.contains("pages.everyEntityOnce"))
        #expect(list.contains("  create.assignsDistinctIDs: requires [.serverAssignedIDs]"))
        #expect(list.split(separator: "\n").count < 30)
    }

    @Test("an edge case declared refused must be refused: a store that stores it fails the edge-case clause, saying so")
    func declaredRefusedEdgeCase() async throws {
        // MaintainedBugStore(.none) stores empty titles; the declaration says they are refused.
        let accepting = MaintainedBugStore.conformance(.none)
            .refusing(.invalid("a note with an empty title", refuses: { $0.title.isEmpty }) { note in
                var invalid = note
                invalid.title = ""
                return invalid
            })
        let check = try #require(Self.notes.cases(for: accepting).first { $0.clauseID == "values.edgeCasesRoundTrip" })
        let result = await check.run()
        #expect(result.status == .failed)
        #expect(result.message?.contains("create(_:) of $.title: empty was stored, but the conformance declares such values refused") == true,
                "\(result.message ?? "")")
    }

    @Test("refusals declared twice add up: the second is checked too, and a store that stores what it describes fails naming it")
    func refusalsAddUp() async throws {
        // The in-memory store refuses empty titles (declared first), not text holding NUL (declared second).
        let twice = NoteContracts.inMemory.refusing(.invalid("a title holding NUL", refuses: { $0.title.contains("\0") }) { note in
            var invalid = note
            invalid.title = "before\0after"
            return invalid
        })
        let declared = try #require(twice.promises.failingWrites)
        let note = NoteContracts.factory.make(1)
        var empty = note, nul = note
        empty.title = ""
        nul.title = "\0"
        #expect(declared.refuses(empty) && declared.refuses(nul) && !declared.refuses(note))
        #expect(declared.summary == "a note with an empty title, or a title holding NUL")
        #expect(declared.error == RepositoryError.Kind.invalidInput, "both declare invalidInput: it is kept")
        let check = try #require(Self.notes.cases(for: twice).first { $0.clauseID == "values.edgeCasesRoundTrip" })
        let result = await check.run()
        #expect(result.status == .failed)
        #expect(result.message?.contains("$.title: NUL was stored, but the conformance declares such values refused") == true,
                "\(result.message ?? "")")
        let once = try #require(Self.notes.cases(for: NoteContracts.inMemory).first { $0.clauseID == "values.edgeCasesRoundTrip" })
        #expect(await once.run().status == .passed, "the first refusal alone is what the store does")
    }

    @Test("refusals with different errors add up to any error")
    func refusalsWithDifferentErrors() {
        let first = FailingWrites<Note>.invalid("an empty title", error: .invalidInput) { $0 }
        let second = FailingWrites<Note>.invalid("a clash", error: .conflict) { $0 }
        #expect(first.adding(second).error == nil)
        #expect(first.adding(first).error == .invalidInput)
    }
}
