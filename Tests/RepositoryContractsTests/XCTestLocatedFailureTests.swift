import RepositoryContractsXCTest
import TodoExample
import XCTest

/// `XCTestCase.assertConformance(of:to:)` records a failure of an own clause at the failing check's line,
/// and a built-in clause's failure at the call. The failures are captured here instead of failing.
final class XCTestLocatedFailureTests: XCTestCase {
    private var recorded: [(description: String, file: String, line: Int)] = []

    #if canImport(Darwin)
    override func record(_ issue: XCTIssue) {
        let location = issue.sourceCodeContext.location
        recorded.append((issue.compactDescription, location?.fileURL.path ?? "", location?.lineNumber ?? 0))
    }
    #else
    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        recorded.append((description, filePath, lineNumber))
    }
    #endif

    static let planted = Contract<CRUD<Todo>>("Own", terms: CRUD(factory: ExampleContracts.todoFactory), clauses: [
        Clause("own.planted", "a planted failure", requires: .create) { check in
            let todo = check.newEntity()
            try await check.subject.create(todo)
            check.expect(todo.title.isEmpty, "the title is not empty")  // line 25
        },
    ])

    func testOwnClauseFailureIsRecordedAtTheCheck() async {
        await assertConformance(of: ExampleContracts.inMemory, to: Self.planted)
        XCTAssertEqual(recorded.count, 1)
        XCTAssertTrue(recorded.first?.file.hasSuffix("XCTestLocatedFailureTests.swift") == true)
        XCTAssertEqual(recorded.first?.line, 25)
        XCTAssertTrue(recorded.first?.description.hasPrefix("[Own › own.planted] the title is not empty") == true)
    }

    func testBuiltInClauseFailureIsRecordedAtTheCall() async {
        let broken = Conformance<CRUD<Todo>>("upserting") { BrokenTodoRepository(.upserts) }
        let contract = Contract.crud(factory: ExampleContracts.todoFactory)
        let call = #line + 1
        await assertConformance(of: broken, to: contract)
        XCTAssertFalse(recorded.isEmpty)
        XCTAssertTrue(recorded.allSatisfy { $0.line == call && $0.file.hasSuffix("XCTestLocatedFailureTests.swift") })
    }
}
