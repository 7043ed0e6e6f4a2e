import Foundation

/// The environment variables the package reads, named in one place.
///
/// `xcodebuild test` hands the test process the variables of the scheme and the test plan, and those of
/// its own environment named `TEST_RUNNER_…` with the prefix removed; nothing else from the calling
/// script arrives. ``value(of:in:)`` also reads the prefixed name, so one CI script that sets
/// `TEST_RUNNER_REPOSITORY_CONTRACTS_RECORD` works under `swift test` and `xcodebuild test` alike.
package enum EnvironmentVariable {
    /// `REPOSITORY_CONTRACTS_RECORD`: the record mode of `.stubServer` scopes that do not choose one
    /// (`never`, `once`, `newEpisodes`, `all`, `drift`).
    package static let record = "REPOSITORY_CONTRACTS_RECORD"
    /// `REPOSITORY_CONTRACTS_UPSTREAM`: the live API's base URL, for recording and drift checks.
    package static let upstream = "REPOSITORY_CONTRACTS_UPSTREAM"
    /// `REPOSITORY_CONTRACTS_FIXTURES`: the `Fixtures` folder of `.stubServer` scopes that give no
    /// `fixturesRoot:`, before the one found from the test's source file or bundle.
    package static let fixtures = "REPOSITORY_CONTRACTS_FIXTURES"
    /// `REPOSITORY_CONTRACTS_DRIFT_WRITES`: `send` lets a drift check send state-changing requests
    /// (`POST`, `PUT`, `PATCH`, `DELETE`) to the live API; `skip` (the default) does not.
    package static let driftWrites = "REPOSITORY_CONTRACTS_DRIFT_WRITES"
    /// `REPOSITORY_CONTRACTS_SEED`: the first seed of a model-based check, and the schedule seed of the
    /// contract's concurrency clauses (decimal or `0x` hexadecimal).
    package static let seed = "REPOSITORY_CONTRACTS_SEED"
    /// `REPOSITORY_CONTRACTS_SCHEDULER`: `free` runs the tasks of the model-based checks' parallel plans
    /// and of the contract's race clauses on the default executor, interleaving freely, instead of on the
    /// seeded scheduler (to compare).
    package static let scheduler = "REPOSITORY_CONTRACTS_SCHEDULER"
    /// `REPOSITORY_CONTRACTS_CLAUSES`: the clauses a contract's case lists and runs keep, by id pattern
    /// (`update.*`, comma-separated, `*` for any run of characters).
    package static let clauses = "REPOSITORY_CONTRACTS_CLAUSES"
    /// `REPOSITORY_CONTRACTS_FIXTURE_USAGE_LOG`: the file `.stubServer` scopes append the path of every
    /// fixture they load to (what `repo-contracts status` reads), instead of
    /// `<package root>/.build/repository-contracts/fixture-usage.log`.
    package static let fixtureUsageLog = "REPOSITORY_CONTRACTS_FIXTURE_USAGE_LOG"
    /// `REPOSITORY_CONTRACTS_JUNIT`: the file the contracts' results are written to as a JUnit XML report
    /// (one test case per clause per conformer and per model-based check), rewritten after every result.
    package static let junitReport = "REPOSITORY_CONTRACTS_JUNIT"
    /// `REPOSITORY_CONTRACTS_SUMMARY`: the file the contracts' results are written to as a Markdown summary
    /// (the conformer × clause matrix, for a CI job summary), rewritten after every result.
    package static let summaryReport = "REPOSITORY_CONTRACTS_SUMMARY"
    /// The prefix `xcodebuild test` removes from the names of its environment's variables before it
    /// hands them to the test process.
    package static let testRunnerPrefix = "TEST_RUNNER_"

    /// The non-empty value of `name` in `environment`, else of `TEST_RUNNER_<name>` (a variable meant
    /// for `xcodebuild test`, read also where no `xcodebuild` removed the prefix), else nil.
    package static func value(of name: String, in environment: [String: String]) -> String? {
        for key in [name, testRunnerPrefix + name] {
            if let value = environment[key], !value.isEmpty { return value }
        }
        return nil
    }

    /// The seed `REPOSITORY_CONTRACTS_SEED` holds in `environment` (decimal or `0x` hexadecimal), or nil
    /// when it is unset or does not parse.
    package static func seed(in environment: [String: String]) -> UInt64? {
        guard let text = value(of: seed, in: environment)?.trimmingCharacters(in: .whitespaces) else { return nil }
        if text.lowercased().hasPrefix("0x") { return UInt64(text.dropFirst(2), radix: 16) }
        return UInt64(text)
    }

    /// `seed` as ``seed`` takes it and reports print it: `0x` and sixteen hexadecimal digits.
    package static func text(ofSeed seed: UInt64) -> String {
        let digits = String(seed, radix: 16)
        return "0x" + String(repeating: "0", count: 16 - digits.count) + digits
    }
}
