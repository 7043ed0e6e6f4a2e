import Foundation
import RepositoryContracts
import Testing
import TodoExample

/// The article "Getting started" shows the README's compiled example (`ReadmeExample.swift`), whole.
@Suite("Article: GettingStarted")
struct GettingStartedExamples {
    @Test("the article's example is ReadmeExample.swift's, ten lines at most")
    func example() throws {
        let example = try ReadmeExampleTests.example()
        #expect(try DocumentationArticle.text("GettingStarted").contains("```swift\n" + example + "```"))
        #expect(example.split(separator: "\n").count <= 10)
    }

    @Test("the results-as-values example reads a report: every clause passes or is skipped, and the counts add up")
    func resultsAsValues() async {
        let todos = Contract.crud(factory: ExampleContracts.todoFactory)
        let report = await todos.report(on: Conformance("in-memory", ordering: .insertion) { InMemoryTodoRepository() })
        let failed = report.clauses.filter { $0.status == .failed }
        print("\(report.name): \(report.count(.passed)) passed, \(report.count(.skipped)) skipped")
        for clause in failed { print(clause.id, clause.message ?? "") }
        #expect(failed.isEmpty)
        #expect(report.count(.passed) + report.count(.skipped) == todos.clauses.count)
        #expect(report.clauses.map(\.id) == todos.clauses.map(\.id))
        #expect(report.clauses.allSatisfy { $0.status == .skipped ? $0.reason != nil : $0.duration != nil && $0.subjectCalls != nil })
    }
}
