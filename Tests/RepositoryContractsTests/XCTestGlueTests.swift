import RepositoryContractsXCTest
import TodoExample
import XCTest

/// The XCTest glue: one method runs every applicable clause; each failure would be an `XCTFail` here.
final class XCTestGlueTests: XCTestCase {
    func testInMemoryConformsThroughXCTest() async {
        let report = await Contract.crud(factory: ExampleContracts.todoFactory).assertConformance(of: ExampleContracts.inMemory)
        XCTAssertEqual(report.count(.failed), 0)
        XCTAssertGreaterThanOrEqual(report.count(.passed), 30)
    }

    func testFailureMessagesCarryTheClauseLabelAndTheDeclaration() async {
        let report = await Contract.crud(factory: ExampleContracts.datedTodoFactory)
            .report(on: ExampleContracts.userDefaults, skipping: ["delete.lastLeavesEmpty"])
        let result = report.clauses.first { $0.id == "fetchAll.emptyRepository" }
        let messages = result?.issueMessages(label: "[CRUD › fetchAll.emptyRepository]") ?? []
        XCTAssertEqual(messages.count, 1)
        XCTAssertTrue(messages.first?.hasPrefix("[CRUD › fetchAll.emptyRepository] fetch(completion:) returned without") == true)
        XCTAssertTrue(messages.first?.contains("assumed: userdefaults (declared at TodoExample/ExampleContracts.swift:") == true)
    }
}
