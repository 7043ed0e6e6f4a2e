import ContractEngine
import Foundation
import RepositoryContractsPrimitives
import RepositoryContractsTestSupport
import Testing

/// The process-wide collector: both files rewritten as results arrive, in a deterministic order, from
/// any number of concurrent results; its destination injected, never the test process's environment.
@Suite("CI reports: the collector")
struct ReportCollectorTests {
    /// A fresh folder with the two report paths in it (not yet written).
    static func destination() throws -> (folder: URL, destination: ReportDestination) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reports-\(UUID().uuidString)")
        return (folder, ReportDestination(
            junit: folder.appendingPathComponent("nested/junit.xml"), summary: folder.appendingPathComponent("summary.md")))
    }

    static func read(_ url: URL?) throws -> String {
        try String(contentsOf: try #require(url), encoding: .utf8)
    }

    @Test("both files are written after the first result and rewritten after each one, with the collector's clock")
    func rewrittenAfterEachResult() throws {
        let (folder, destination) = try Self.destination()
        defer { try? FileManager.default.removeItem(at: folder) }
        let collector = ReportCollector(destination: destination, now: { ReportSamples.finished })
        #expect(!FileManager.default.fileExists(atPath: destination.junit!.path))
        var first = ReportSamples.entry("a", .passed, position: 0)
        first.finished = nil
        collector.add(first)
        let afterOne = try JUnitDocument(try Self.read(destination.junit))
        #expect(afterOne.cases.map(\.name) == ["a"])
        #expect(afterOne.suites.first?.attributes["timestamp"] == "2027-01-15T07:59:59")  // stamped, less 5 ms
        #expect(try Self.read(destination.summary).contains("**1 results**"))

        collector.add(ReportSamples.entry("b", .failed, message: "broken", position: 1))
        let afterTwo = try JUnitDocument(try Self.read(destination.junit))
        #expect(afterTwo.problems == [])
        #expect(afterTwo.cases.map(\.outcome) == ["passed", "failure"])
        #expect(try Self.read(destination.summary).contains("<code>b</code> on in-memory"))
        #expect(collector.writeFailures == [])
    }

    @Test("200 results from concurrent tasks: the files hold them all, in report order, and no temporary file is left")
    func concurrentResults() async throws {
        let (folder, destination) = try Self.destination()
        defer { try? FileManager.default.removeItem(at: folder) }
        let collector = ReportCollector(destination: destination, now: { ReportSamples.finished })
        let entries = (0..<200).map { index in
            ReportSamples.entry(
                "clause\(index)", index % 7 == 0 ? .failed : .passed, conformer: index % 2 == 0 ? "even" : "odd",
                message: index % 7 == 0 ? "failure \(index)" : nil, position: 200 - index)
        }
        await withTaskGroup(of: Void.self) { group in
            for entry in entries {
                group.addTask { collector.add(entry) }
            }
        }
        let xml = try Self.read(destination.junit)
        #expect(xml == JUnitReport(entries: entries).xml())
        #expect(try Self.read(destination.summary) == MarkdownSummary(entries: entries).markdown())
        let document = try JUnitDocument(xml)
        #expect(document.problems == [])
        #expect(document.cases.count == 200)
        #expect(document.suites.map(\.name) == ["CRUD › even", "CRUD › odd"])
        #expect(document.suites[0].cases.first?.name == "clause198")  // position 2: the lowest of the even ones
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(left == ["nested", "summary.md"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("nested").path) == ["junit.xml"])
    }

    @Test("a result that arrives during a rewrite is written by the caller already writing, in one more rewrite")
    func resultDuringRewrite() throws {
        let (folder, destination) = try Self.destination()
        defer { try? FileManager.default.removeItem(at: folder) }
        let rewrites = Protected<[Int]>([])
        let box = Protected<ReportCollector?>(nil)
        let collector = ReportCollector(destination: destination, now: { ReportSamples.finished }) { results in
            rewrites.withLock { $0.append(results) }
            // The first rewrite is under way: a result arriving now must not wait for it, nor be lost.
            if results == 1, let collector = box.withLock({ $0 }) {
                collector.add(ReportSamples.entry("b", .passed, position: 1))
                #expect(rewrites.withLock { $0 } == [1], "the second result waited for a rewrite of its own")
            }
        }
        box.withLock { $0 = collector }
        collector.add(ReportSamples.entry("a", .passed, position: 0))
        #expect(rewrites.withLock { $0 } == [1, 2])
        #expect(try JUnitDocument(try Self.read(destination.junit)).cases.map(\.name) == ["a", "b"])
        #expect(try Self.read(destination.summary) == MarkdownSummary(entries: collector.entries).markdown())
    }

    @Test("with no file named it collects and writes nothing")
    func noDestination() {
        let collector = ReportCollector(destination: ReportDestination(junit: nil, summary: nil))
        collector.add(ReportSamples.entry("a", .passed))
        #expect(collector.entries.isEmpty)
    }

    @Test("a file it cannot write is a write failure, not a crash, and the other file is still written")
    func unwritable() throws {
        let (folder, _) = try Self.destination()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let blocker = folder.appendingPathComponent("file")
        try Data("x".utf8).write(to: blocker)
        let collector = ReportCollector(destination: ReportDestination(
            junit: blocker.appendingPathComponent("junit.xml"), summary: folder.appendingPathComponent("summary.md")))
        collector.add(ReportSamples.entry("a", .passed))
        #expect(collector.writeFailures.count == 1)
        #expect(collector.writeFailures.first?.contains("file/junit.xml") == true)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("summary.md").path))
    }

    @Test("the destination comes from REPOSITORY_CONTRACTS_JUNIT and REPOSITORY_CONTRACTS_SUMMARY, or their TEST_RUNNER_ forms")
    func environment() {
        #expect(EnvironmentVariable.junitReport == "REPOSITORY_CONTRACTS_JUNIT")
        #expect(EnvironmentVariable.summaryReport == "REPOSITORY_CONTRACTS_SUMMARY")
        let plain = ReportDestination(environment: ["REPOSITORY_CONTRACTS_JUNIT": "/tmp/r/junit.xml", "REPOSITORY_CONTRACTS_SUMMARY": "/tmp/r/s.md"])
        #expect(plain.junit?.path == "/tmp/r/junit.xml")
        #expect(plain.summary?.path == "/tmp/r/s.md")
        let runner = ReportDestination(environment: ["TEST_RUNNER_REPOSITORY_CONTRACTS_JUNIT": "/tmp/x.xml", "REPOSITORY_CONTRACTS_SUMMARY": ""])
        #expect(runner.junit?.path == "/tmp/x.xml")
        #expect(runner.summary == nil)
        #expect(ReportDestination(environment: [:]).isEmpty)
    }

    @Test("the glue's hook reports a case to the task's collector, in the contract's clause order")
    func caseHook() throws {
        let (folder, destination) = try Self.destination()
        defer { try? FileManager.default.removeItem(at: folder) }
        let collector = ReportCollector(destination: destination)
        let contract = Contract<NoTerms>("Tiny", terms: NoTerms(), clauses: [
            Clause("z.first", "first") { _ in }, Clause("a.second", "second") { context in context.fail("no") },
        ])
        let conformance = Conformance<NoTerms>("thing") { _ in 1 }
        let cases = contract.cases(for: conformance, selection: nil)
        #expect(cases.map(\.clausePosition) == [0, 1])
        for check in cases.reversed() {
            _ = check.reported(ClauseResult(id: check.clauseID, summary: check.summary, status: .passed), to: collector)
        }
        #expect(collector.entries.map(\.id) == ["z.first", "a.second"])
        let report = ConformanceReport(name: "other", capabilities: "", clauses: [
            ClauseResult(id: "a.second", summary: "second", status: .failed, failures: [ContractFailure(message: "no")]),
        ])
        _ = contract.reported(report, to: collector)
        let other = collector.entries.filter { $0.conformer == "other" }
        #expect(other.map { [$0.id, $0.status.rawValue, "\($0.position ?? -1)"] } == [["a.second", "failed", "1"]])
        #expect(collector.entries.map(\.conformer) == ["other", "thing", "thing"])
    }
}

/// Terms with nothing to set up, over a number.
struct NoTerms: ContractTerms {
    typealias Subject = Int
}
