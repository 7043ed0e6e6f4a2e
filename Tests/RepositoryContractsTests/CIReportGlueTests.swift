import BrokenExamples
import Foundation
import RepositoryContracts
import RepositoryContractsTestSupport
import Testing
import TodoExample

/// The CI reports from real runs: the Swift Testing glue hands every clause and model-based check to the
/// task's collector, and a broken conformer's run gives a valid JUnit report and a summary naming its bug.
@Suite("CI reports: the glue and real runs")
struct CIReportGlueTests {
    static let todos = Contract.crud(factory: ExampleContracts.todoFactory)
    /// Declares insertion order and returns newest first: fails `fetchAll.declaredOrder`.
    static let newestFirst = Conformance("newest-first", ordering: .insertion) { BrokenTodoRepository(.newestFirst) }

    static func collector() -> (ReportCollector, folder: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("glue-reports-\(UUID().uuidString)")
        let collector = ReportCollector(destination: ReportDestination(
            junit: folder.appendingPathComponent("junit.xml"), summary: folder.appendingPathComponent("summary.md")))
        return (collector, folder)
    }

    @Test("a broken conformer's run: one test case per clause, its bug a <failure>, the skipped clauses with their reasons")
    func brokenConformerRun() async throws {
        let (collector, folder) = Self.collector()
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = await Self.todos.report(on: Self.newestFirst)
        _ = Self.todos.reported(report, to: collector)  // the XCTest glue's call
        let xml = try String(contentsOf: folder.appendingPathComponent("junit.xml"), encoding: .utf8)
        let document = try JUnitDocument(xml)
        #expect(document.problems == [])
        #expect(document.suites.map(\.name) == ["CRUD › newest-first"])
        let cases = document.cases
        #expect(cases.map(\.name) == Self.todos.clauses.map(\.id))
        #expect(cases.allSatisfy { $0.classname == "CRUD.newest-first" })
        let failed = cases.filter { $0.outcome == "failure" }
        #expect(failed.map(\.name) == report.clauses.filter { $0.status == .failed }.map(\.id))
        #expect(failed.map(\.name).contains("fetchAll.declaredOrder"))
        #expect(failed.first { $0.name == "fetchAll.declaredOrder" }?.text.contains("is not in the declared order (insertion order)") == true)
        let skipped = cases.filter { $0.outcome == "skipped" }
        #expect(skipped.count == report.count(.skipped))
        #expect(skipped.allSatisfy { ($0.message ?? "").isEmpty == false })
        #expect(document.suites.first?.attributes["skipped"] == String(report.count(.skipped)))

        let summary = try String(contentsOf: folder.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(summary.contains("| `fetchAll.declaredOrder` | ❌ |"))
        #expect(summary.contains("<details><summary>❌ <code>fetchAll.declaredOrder</code> on newest-first</summary>"))
        #expect(summary.contains("\(report.count(.passed)) of \(report.clauses.count) clauses passed on every conformer"))
    }

    @Test("verify() hands each clause's result to the task's collector, in contract order, failures included")
    func verifyHook() async throws {
        let (collector, folder) = Self.collector()
        defer { try? FileManager.default.removeItem(at: folder) }
        let ids = ["fetchAll.declaredOrder", "create.readYourWrites", "delete.removesFromFetch"]
        let cases = Self.todos.cases(for: Self.newestFirst).filter { ids.contains($0.clauseID) && $0.skipReason == nil }
        try #require(cases.count == 3)
        await ReportCollector.$current.withValue(collector) {
            await withKnownIssue(isIntermittent: true) {
                for check in cases.reversed() { await check.verify() }
            }
        }
        let entries = collector.entries
        #expect(entries.map(\.id) == cases.map(\.clauseID))
        #expect(entries.map(\.status) == cases.map { $0.clauseID == "fetchAll.declaredOrder" ? .failed : .passed })
        #expect(entries.allSatisfy { $0.contract == "CRUD" && $0.conformer == "newest-first" && $0.duration != nil })
        let document = try JUnitDocument(try String(contentsOf: folder.appendingPathComponent("junit.xml"), encoding: .utf8))
        #expect(document.problems == [])
        #expect(document.cases.count == 3)
    }

    @Test("Contract.verify(_:) hands every clause of the run to the task's collector")
    func contractVerifyHook() async {
        let (collector, folder) = Self.collector()
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = await ReportCollector.$current.withValue(collector) {
            await withKnownIssue(isIntermittent: true) { await Self.todos.verify(Self.newestFirst) }
            return await Self.todos.report(on: Self.newestFirst)
        }
        #expect(collector.entries.map(\.id) == report.clauses.map(\.id))
        #expect(collector.entries.map(\.status) == report.clauses.map(\.status))
    }

    @Test("verifyModel hands each check to the task's collector: a falsified one fails with its report, a passing one passes")
    func modelCheckHook() async throws {
        let (collector, folder) = Self.collector()
        defer { try? FileManager.default.removeItem(at: folder) }
        await ReportCollector.$current.withValue(collector) {
            await withKnownIssue {
                await SequenceBugs.staleCache.verifyModel(factory: ExampleContracts.todoFactory, runs: 30, seed: 5)
            }
            await ExampleContracts.inMemory.verifyModel(factory: ExampleContracts.todoFactory, runs: 3, seed: 5, parallelRuns: 0)
            await ExampleContracts.inMemory.verifyModel(
                against: ExampleContracts.inMemory, factory: ExampleContracts.todoFactory, runs: 3, seed: 5)
        }
        let document = try JUnitDocument(try String(contentsOf: folder.appendingPathComponent("junit.xml"), encoding: .utf8))
        #expect(document.problems == [])
        #expect(document.suites.map(\.name) == [
            "Model-based check › in-memory", "Model-based check › in-memory against in-memory", "Model-based check › stale-cache",
        ])
        #expect(document.cases.map(\.name) == ["modelCheck", "differential", "modelCheck"])
        #expect(document.cases.map(\.outcome) == ["passed", "passed", "failure"])
        #expect(document.cases.last?.text.hasPrefix("Model-based check of stale-cache falsified") == true)
        let summary = try String(contentsOf: folder.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(summary.contains("### Model-based check"))
        #expect(summary.contains("<code>modelCheck</code> on stale-cache"))
    }

    @Test("with no collector bound, the glue hands results to the process's collector")
    func sharedByDefault() {
        #expect(ReportCollector.current === ReportCollector.shared)
        let bound = Self.collector().0
        ReportCollector.$current.withValue(bound) { #expect(ReportCollector.current === bound) }
    }
}
