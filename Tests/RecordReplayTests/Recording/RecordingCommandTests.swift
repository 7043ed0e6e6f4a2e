@testable import RecordReplay
import Testing

/// The command a missing fixture's messages give: for the one test, under the runner that runs it.
@Suite("Recording: the command that records a missing fixture")
struct RecordingCommandTests {
    private let suiteTest = RecordingCommand.TestIdentity(moduleName: "TodoClientTests", nameComponents: ["TodoTests", "list(page:)"])

    @Test("swift test: the variables, then --filter naming the suite and the function without its parameter list")
    func swiftTest() {
        let command = RecordingCommand(test: suiteTest, upstreamConfigured: false, environment: [:])
        #expect(
            command.text
                == "REPOSITORY_CONTRACTS_RECORD=once REPOSITORY_CONTRACTS_UPSTREAM=<base URL of the live API> swift test --filter 'TodoTests/list'")
    }

    @Test("a configured upstream is not asked for; a test outside a suite is named with its module; nested suites are joined")
    func shapes() {
        let free = RecordingCommand.TestIdentity(moduleName: "TodoClientTests", nameComponents: ["listsTodos()"])
        #expect(
            RecordingCommand(test: free, upstreamConfigured: true, environment: [:]).text
                == "REPOSITORY_CONTRACTS_RECORD=once swift test --filter 'TodoClientTests.listsTodos'")
        let nested = RecordingCommand.TestIdentity(moduleName: "M", nameComponents: ["Outer", "Inner", "lists()"])
        #expect(RecordingCommand(test: nested, upstreamConfigured: true, environment: [:]).text.hasSuffix("--filter 'Outer.Inner/lists'"))
        #expect(RecordingCommand(test: nil, upstreamConfigured: true, environment: [:]).text == "REPOSITORY_CONTRACTS_RECORD=once swift test")
    }

    @Test("under xcodebuild test: TEST_RUNNER_ variables and -only-testing naming target, suite and function")
    func xcodebuild() {
        let command = RecordingCommand(
            test: suiteTest, upstreamConfigured: false, environment: ["XCTestConfigurationFilePath": "/tmp/x.xctestconfiguration"])
        #expect(
            command.text
                == "TEST_RUNNER_REPOSITORY_CONTRACTS_RECORD=once TEST_RUNNER_REPOSITORY_CONTRACTS_UPSTREAM=<base URL of the live API> "
                + "xcodebuild test -scheme <scheme> -only-testing:'TodoClientTests/TodoTests/list(page:)'")
    }

    @Test("the drift-writes setting is read under its TEST_RUNNER_ name too")
    func driftWritesUnderTestRunnerName() throws {
        let options = try DriftCheckOptions().resolved(environment: ["TEST_RUNNER_REPOSITORY_CONTRACTS_DRIFT_WRITES": "send"])
        #expect(options.stateChangingRequests == .send)
    }
}
