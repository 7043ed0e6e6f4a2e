package import Foundation
import RepositoryContractsPrimitives

/// Where the CI reports go: the JUnit XML file and the Markdown summary, each optional.
package struct ReportDestination: Sendable, Equatable {
    /// The JUnit XML file (`REPOSITORY_CONTRACTS_JUNIT`), or `nil` for none.
    package var junit: URL?
    /// The Markdown summary (`REPOSITORY_CONTRACTS_SUMMARY`), or `nil` for none.
    package var summary: URL?

    /// A destination writing to `junit` and `summary`.
    package init(junit: URL?, summary: URL?) {
        self.junit = junit
        self.summary = summary
    }

    /// The files `REPOSITORY_CONTRACTS_JUNIT` and `REPOSITORY_CONTRACTS_SUMMARY` (or their `TEST_RUNNER_`
    /// forms) name in `environment`; a relative path is from the current directory.
    package init(environment: [String: String]) {
        junit = EnvironmentVariable.value(of: EnvironmentVariable.junitReport, in: environment).map { URL(fileURLWithPath: $0) }
        summary = EnvironmentVariable.value(of: EnvironmentVariable.summaryReport, in: environment).map { URL(fileURLWithPath: $0) }
    }

    /// Whether it names no file: then nothing is collected.
    package var isEmpty: Bool { junit == nil && summary == nil }
}
