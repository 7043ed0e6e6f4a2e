import Foundation
import RepositoryContracts
import RepositoryContractsPrimitives
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

    @Test("the CI reports section: its step's variables are the ones read, relative to the current directory, and its step appends the summary")
    func reportsForCI() throws {
        let article = try DocumentationArticle.text("GettingStarted")
        let section = try #require(article.components(separatedBy: "### Reports for CI").dropFirst().first?
            .components(separatedBy: "\n### ").first)
        let step = try #require(section.split(separator: "\n").first { $0.contains("run: REPOSITORY_CONTRACTS_JUNIT=") })
        var environment: [String: String] = [:]
        for word in step.split(separator: " ") where word.contains("=") {
            let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
            environment[parts[0].replacingOccurrences(of: "run:", with: "")] = parts[1]
        }
        #expect(step.hasSuffix(" swift test"))
        let destination = ReportDestination(environment: environment)
        let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        #expect(destination.junit?.standardizedFileURL.path == here.appendingPathComponent("reports/junit.xml").standardizedFileURL.path)
        #expect(destination.summary?.standardizedFileURL.path == here.appendingPathComponent("reports/summary.md").standardizedFileURL.path)
        #expect(section.contains(#"run: cat reports/summary.md >> "$GITHUB_STEP_SUMMARY""#))
        for name in [EnvironmentVariable.junitReport, EnvironmentVariable.summaryReport] {
            #expect(section.contains("`\(name)`"))
            #expect(section.contains("`\(EnvironmentVariable.testRunnerPrefix)\(name)`"))
            let runner = ReportDestination(environment: [EnvironmentVariable.testRunnerPrefix + name: "/tmp/r"])
            #expect(runner.junit?.path ?? runner.summary?.path == "/tmp/r")
        }
        // The names it shows are those of the report of a real run (checked in CIReportGlueTests too).
        let entries = [ReportEntry(contract: "CRUD", conformer: "in-memory", id: "delete.removesFromFetch", summary: "", status: .passed)]
        let xml = JUnitReport(entries: entries).xml()
        #expect(section.contains("class name `CRUD.in-memory`") && xml.contains(#"classname="CRUD.in-memory" name="delete.removesFromFetch""#))
        #expect(section.contains("named `CRUD › in-memory`") && xml.contains(#"<testsuite name="CRUD › in-memory""#))
    }
}
