import Foundation
import RepositoryContracts
import Testing
import TodoExample

/// The article "The CRUD contract": its table lists exactly the contract's clauses, in order, each with
/// its summary; what it says about edge cases and skips holds.
@Suite("Article: TheCRUDContract")
struct TheCRUDContractExamples {
    /// The families' clauses, which their own articles list.
    static let familyPrefixes = ["maintained.", "order.", "pages.", "versions.", "softDelete.", "batch.", "queries.", "atomicity."]

    @Test("the table lists every clause of the CRUD contract once (the families' aside), in contract order, with its summary")
    func table() throws {
        try DocumentationArticle.expectClauseTable("TheCRUDContract", lists: todos.clauses.filter { clause in !Self.familyPrefixes.contains { clause.id.hasPrefix($0) } })
    }

    @Test("a conformer without .concurrentAccess skips every concurrency clause, saying so")
    func concurrencySkips() {
        let inMemory = Conformance<CRUD<Todo>>("in-memory", ordering: .insertion) { InMemoryTodoRepository() }
        let skipped = todos.inapplicableClauses(for: inMemory)
        let concurrency = todos.clauses.map(\.id).filter { $0.hasPrefix("concurrency.") }
        #expect(!concurrency.isEmpty)
        for id in concurrency {
            #expect(skipped.first { $0.clause.id == id }?.reason.contains("requires [.concurrentAccess]") == true, "\(id)")
        }
    }

    // Article: declaring a legitimate loss once.
    static let millisecondDates = Equivalence<Todo>.normalizing("due dates to the millisecond") { todo in
        var todo = todo
        todo.due = todo.due.map { Date(timeIntervalSince1970: ($0.timeIntervalSince1970 * 1000).rounded() / 1000) }
        return todo
    }

    @Test("the normalizing equivalence makes a sub-millisecond difference equivalent, and nothing else")
    func normalizing() {
        var sent = Todo(id: 1, title: "milk")
        sent.due = Date(timeIntervalSince1970: 1_700_000_001.123456)
        var stored = sent
        stored.due = Date(timeIntervalSince1970: 1_700_000_001.123)
        #expect(sent != stored)
        #expect(Self.millisecondDates(sent, stored))
        stored.title = "bread"
        #expect(!Self.millisecondDates(sent, stored))
    }

    @Test("a Codable entity gets derived edge cases; the factory lists them by name")
    func derivedEdgeCases() {
        let names = ExampleContracts.todoFactory.edgeCases().map(\.name)
        for name in ["$.title: empty", "$.title: whitespace-padded", "$.title: emoji ZWJ sequences", "$.title: right-to-left",
                     "$.title: NUL", "$.priority: -1", "$.priority: 0"] {
            #expect(names.contains(name), "\(name) in \(names)")
        }
        #expect(!names.contains { $0.hasPrefix("$.id") })
    }

    /// An in-memory repository that keeps due dates to the millisecond, as many backends do.
    static func millisecondStore(equivalence: Equivalence<Todo> = .equal) -> Conformance<CRUD<Todo>> {
        Conformance("sqlite", ordering: .insertion, equivalence: equivalence) {
            let store = InMemoryTodoRepository()
            let rounded: @Sendable (Todo) -> Todo = { todo in
                var kept = todo
                kept.due = todo.due.map { Date(timeIntervalSince1970: ($0.timeIntervalSince1970 * 1000).rounded(.down) / 1000) }
                return kept
            }
            return RepositoryWitness(
                create: { try await store.create(rounded($0)) }, fetch: { await store.fetch(id: $0) },
                fetchAll: { await store.fetchAll() }, update: { try await store.update(rounded($0)) },
                delete: { try await store.delete(id: $0) })
        }
    }

    /// To-dos that are due: a date field for the edge cases to vary.
    static let dueTodos = Contract.crud(
        make: { Todo(id: $0, title: "Todo \($0)", due: Date(timeIntervalSince1970: 1_700_000_000 + Double($0))) },
        mutate: { $0.toggled() }, identity: \.id)

    @Test("a backend that keeps less than it is sent fails the edge-case clause naming the field; the declared equivalence makes it pass")
    func declaredLoss() async throws {
        let lossy = try #require(Self.dueTodos.cases(for: Self.millisecondStore()).first { $0.clauseID == "values.edgeCasesRoundTrip" })
        let result = await lossy.run()
        #expect(result.status == .failed)
        let message = try #require(result.issueMessages(label: lossy.label).first)
        #expect(message.contains("$.due"), "\(message)")
        #expect(try DocumentationArticle.quotes("Troubleshooting", message), "\(message)")
        let declared = try #require(Self.dueTodos.cases(for: Self.millisecondStore(equivalence: Self.millisecondDates)).first { $0.clauseID == "values.edgeCasesRoundTrip" })
        #expect(await declared.run().status == .passed)
    }

    /// What a PostgreSQL driver throws: its description hides the SQLSTATE.
    struct DatabaseError: Error, CustomStringConvertible {
        var sqlState: String
        var description: String { "the server refused the statement" }
    }

    /// An in-memory repository that refuses a NUL in the title, as PostgreSQL refuses it in any text.
    static func nulRefusingStore(edgeCases: EdgeCases = .derived) -> Conformance<CRUD<Todo>> {
        Conformance("postgres", ordering: .insertion, edgeCases: edgeCases) {
            let store = InMemoryTodoRepository()
            let checked: @Sendable (Todo) throws -> Todo = { todo in
                guard !todo.title.contains("\0") else { throw DatabaseError(sqlState: "22021") }
                return todo
            }
            return RepositoryWitness(
                create: { try await store.create(checked($0)) }, fetch: { await store.fetch(id: $0) },
                fetchAll: { await store.fetchAll() }, update: { try await store.update(checked($0)) },
                delete: { try await store.delete(id: $0) })
        }
    }

    @Test("a refused value's failure shows the error's hidden field and how to leave the value out; left out with a reason, it is named and the rest passes")
    func refusedValue() async throws {
        let refused = try #require(Self.dueTodos.cases(for: Self.nulRefusingStore()).first { $0.clauseID == "values.edgeCasesRoundTrip" })
        let result = await refused.run()
        let message = try #require(result.issueMessages(label: refused.label).first)
        #expect(message.contains(#"sqlState: "22021""#), "\(message)")
        #expect(!message.contains("equivalence"), "\(message)")
        #expect(try DocumentationArticle.quotes("Troubleshooting", message.prefix { $0 != "\n" }.description), "\(message)")
        let reason = "PostgreSQL refuses NUL in text (SQLSTATE 22021)"
        let leftOut = Self.nulRefusingStore(edgeCases: .excluding(.nulInText, because: reason))
        let report = await Self.dueTodos.report(on: leftOut)
        #expect(report.clauses.filter { $0.status == .failed }.map(\.id) == [])
        #expect(report.clauses.first { $0.id == "values.edgeCasesRoundTrip" }?.notes == ["$.title: NUL left out: \(reason)"])
        let named = Self.nulRefusingStore(edgeCases: .excluding(.named("$.title: NUL"), because: reason))
        #expect(await Self.dueTodos.report(on: named).clauses.filter { $0.status == .failed }.map(\.id) == [])
    }

    @Test("dates are derived at whole seconds, milliseconds and microseconds, and below the microsecond")
    func datePrecisions() {
        let fractional = EntityFactory<Todo>(
            make: { Todo(id: $0, title: "Todo \($0)", due: Date(timeIntervalSince1970: 1_700_000_000.5 + Double($0))) },
            mutate: { $0.toggled() }, identity: \.id)
        let names = fractional.edgeCases().map(\.name)
        for label in ["whole seconds", "whole milliseconds", "sub-millisecond", "sub-microsecond", "before 1970", "far future"] {
            #expect(names.contains("$.due: \(label)"), "\(label) in \(names)")
        }
    }
}
