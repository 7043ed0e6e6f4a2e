// The XCUITest side of the "UI tests" article of the record/replay catalogue. It needs an app to launch
// and a UI-testing bundle to run in, which `swift test` has not: it is compiled for iOS only (the CI's
// simulator build compiles this target; its tests are skipped there). The cross-process part it relies
// on runs on macOS and Linux in AppUnderUITestTests, with `repo-contracts-todo-app` standing for the app.
#if os(iOS) && canImport(XCTest)
import Foundation
import RecordReplay
import XCTest

final class TodoListUITests: XCTestCase {
    private var server: StubServer!

    override func setUp() async throws {
        server = StubServer()  // its own free port: parallel runners never share one
        let fixture = try XCTUnwrap(Bundle(for: Self.self).url(
            forResource: "appListsTodos", withExtension: "json", subdirectory: "Fixtures/UITesting"))
        try server.loadFixture(at: fixture)
        try await server.start()
    }

    override func tearDown() async throws {
        await server.stop()
        XCTAssertFalse(server.report.hasErrors, "\(server.report)")
    }

    @MainActor
    func testListShowsTheTodos() throws {
        let app = XCUIApplication()
        app.launchEnvironment["TODO_API_BASE_URL"] = server.baseURL.absoluteString
        app.launch()
        XCTAssertTrue(app.staticTexts["Buy milk"].waitForExistence(timeout: 30))
        XCTAssertEqual(server.journal.count(of: .get("/todos")), 1)
    }
}
#endif
