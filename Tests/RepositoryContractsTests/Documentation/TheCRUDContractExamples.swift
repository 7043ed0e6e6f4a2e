import Foundation
import RepositoryContracts
import Testing
import TodoExample

/// The article "The CRUD contract": its table lists exactly the contract's clauses, in order, each with
/// its summary; what it says about edge cases and skips holds.
@Suite("Article: TheCRUDContract")
struct TheCRUDContractExamples {
    @Test("the table lists every clause of the CRUD contract once, in contract order, with its summary")
    func table() throws {
        let rows = try DocumentationArticle.clauseTable("TheCRUDContract")
        let clauses = todos.clauses
        #expect(rows.map(\.id) == clauses.map(\.id))
        for (row, clause) in zip(rows, clauses) {
            #expect(row.law == clause.summary, "\(row.id)")
        }
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
        #expect(names.contains("$.title: empty"))
        #expect(!names.contains { $0.hasPrefix("$.id") })
    }
}
