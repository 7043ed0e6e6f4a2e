import Foundation
import RepositoryContractsXCTest
import TodoExample
import XCTest

/// The XCTest glue hands every clause and model-based check to the task's CI report collector.
final class XCTestReportGlueTests: XCTestCase {
    func testAssertConformanceReportsEveryClauseInContractOrder() async {
        let collector = ReportCollector(destination: ReportDestination(
            junit: FileManager.default.temporaryDirectory.appendingPathComponent("xctest-glue-\(UUID().uuidString).xml"), summary: nil))
        defer { try? FileManager.default.removeItem(at: collector.destination.junit!) }
        let contract = Contract.crud(factory: ExampleContracts.todoFactory)
        let (first, second) = await ReportCollector.$current.withValue(collector) {
            let first = await contract.assertConformance(of: ExampleContracts.inMemory)
            let second = await assertConformance(of: ExampleContracts.inMemory, to: contract)
            return (first, second)
        }
        XCTAssertEqual(collector.entries.count, first.clauses.count + second.clauses.count)
        XCTAssertEqual(collector.entries.filter { $0.id == contract.clauses[0].id }.count, 2)
        XCTAssertEqual(Array(collector.entries.map(\.id).prefix(2)), [contract.clauses[0].id, contract.clauses[0].id])
        XCTAssertTrue(collector.entries.allSatisfy { $0.contract == "CRUD" && $0.conformer == ExampleContracts.inMemory.name })
        let xml = (try? String(contentsOf: collector.destination.junit!, encoding: .utf8)) ?? ""
        XCTAssertTrue(xml.contains("name=\"\(contract.clauses[0].id) (2)\""))
    }

    func testAssertModelCheckReportsTheCheck() async {
        let collector = ReportCollector(destination: ReportDestination(
            junit: nil, summary: FileManager.default.temporaryDirectory.appendingPathComponent("xctest-glue-\(UUID().uuidString).md")))
        defer { try? FileManager.default.removeItem(at: collector.destination.summary!) }
        await ReportCollector.$current.withValue(collector) {
            _ = await ExampleContracts.inMemory.assertModelCheck(factory: ExampleContracts.todoFactory, runs: 3, seed: 5, parallelRuns: 0)
        }
        XCTAssertEqual(collector.entries.map { "\($0.contract) › \($0.conformer) \($0.id) \($0.status)" },
                       ["Model-based check › in-memory modelCheck passed"])
    }
}
