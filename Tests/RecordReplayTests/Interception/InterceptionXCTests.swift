import Foundation
import RecordReplay
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// URLSession interception from XCTest: the server and the interception start in `setUp`, end in
/// `tearDown`, and the report fails the test.
final class InterceptionXCTests: XCTestCase {
    private var server: StubServer!
    private var interception: URLSessionInterception!

    override class func setUp() {
        super.setUp()
        URLSessionInterception.prepare()
    }

    override func setUp() async throws {
        server = StubServer()
        try server.loadFixture(at: Self.fixture("Interception/quickPrototypeLoadsTodo.json"))
        interception = try await server.interceptURLSession()
    }

    override func tearDown() async throws {
        await interception.end()
        for finding in server.report.findings where finding.severity == .error {
            XCTFail(finding.message)
        }
    }

    func testPrototypeLoadsTodoFromTheFixture() async throws {
        let todo = try await PrototypeTodo(from: "https://jsonplaceholder.typicode.com/todos/10")
        XCTAssertEqual(todo.id, 10)
        XCTAssertEqual(server.journal.entries.count, 1)
    }

    /// `<package>/Fixtures/<path>`, found from this file.
    private static func fixture(_ path: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/\(path)")
    }
}
