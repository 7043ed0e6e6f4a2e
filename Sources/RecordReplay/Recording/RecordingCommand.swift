import RepositoryContractsPrimitives

/// The command that records a fixture a test is missing, as the package's messages spell it: under
/// `swift test`, the variables and `--filter` for the one test; under `xcodebuild test`, the
/// `TEST_RUNNER_` variables and `-only-testing:` for it.
package struct RecordingCommand: Sendable, Hashable {
    /// The test the command runs, as Swift Testing identifies it.
    package struct TestIdentity: Sendable, Hashable {
        /// The test target's module (`TodoClientTests`).
        package var moduleName: String
        /// The suites, then the test function (`["TodoTests", "listsTodos()"]`).
        package var nameComponents: [String]

        /// A test of `moduleName` named by `nameComponents`.
        package init(moduleName: String, nameComponents: [String]) {
            self.moduleName = moduleName
            self.nameComponents = nameComponents
        }
    }

    /// The test to run, if known: without it the command runs every test.
    package var test: TestIdentity?
    /// Whether the command must name the live API (no upstream is configured in code or environment).
    package var needsUpstream: Bool
    /// Whether the test runs under `xcodebuild test` (seen from the variables XCTest's runner sets).
    package var runsUnderXcode: Bool

    /// The command for `test` in a process whose variables are `environment`.
    package init(test: TestIdentity?, upstreamConfigured: Bool, environment: [String: String]) {
        self.test = test
        self.needsUpstream = !upstreamConfigured
        self.runsUnderXcode = ["XCTestConfigurationFilePath", "XCTestSessionIdentifier", "XCTestBundlePath"]
            .contains { environment[$0] != nil }
    }

    /// The command line: `REPOSITORY_CONTRACTS_RECORD=once [REPOSITORY_CONTRACTS_UPSTREAM=<…>] swift test
    /// --filter '<Suite>/<test>'`, or its `xcodebuild test` form.
    package var text: String {
        let prefix = runsUnderXcode ? EnvironmentVariable.testRunnerPrefix : ""
        var words = ["\(prefix)\(EnvironmentVariable.record)=once"]
        if needsUpstream { words.append("\(prefix)\(EnvironmentVariable.upstream)=<base URL of the live API>") }
        if runsUnderXcode {
            words += ["xcodebuild", "test", "-scheme", "<scheme>"]
            if let test { words.append("-only-testing:'\(([test.moduleName] + test.nameComponents).joined(separator: "/"))'") }
        } else {
            words += ["swift", "test"]
            if let test { words += ["--filter", "'\(Self.filter(for: test))'"] }
        }
        return words.joined(separator: " ")
    }

    /// `Suite/test` (or `Module.test` for a test outside any suite): what `swift test --filter` matches
    /// against `Module.Suite/test()`, without the parentheses a regular expression would read as a group.
    private static func filter(for test: TestIdentity) -> String {
        let function = test.nameComponents.last.map { String($0.prefix { $0 != "(" }) } ?? ""
        let suites = test.nameComponents.dropLast()
        return suites.isEmpty ? "\(test.moduleName).\(function)" : suites.joined(separator: ".") + "/" + function
    }
}
