import RepositoryContractsPlatform
package import Foundation
import RepositoryContractsPrimitives

/// The log of fixture files loaded by stub servers (``StubServer/Configuration/fixtureUsageLog``): one
/// absolute path a line, appended as each file is loaded, so `repo-contracts status` can tell the
/// fixtures a test run used from those it did not.
package enum FixtureUsageLog {
    /// Where the `.stubServer` trait keeps the log, relative to the package root (under `.build`, never
    /// in `Fixtures/`), and where `repo-contracts status` looks for it.
    package static let defaultRelativePath = ".build/repository-contracts/fixture-usage.log"

    /// Where fixtures found at `location` (a fixture file or folder, or a test's source file) are logged:
    /// the file `REPOSITORY_CONTRACTS_FIXTURE_USAGE_LOG` (or `TEST_RUNNER_REPOSITORY_CONTRACTS_FIXTURE_USAGE_LOG`)
    /// names, else ``defaultRelativePath`` in the
    /// nearest folder above `location` that holds `Package.swift` (the package root, never `Fixtures/`),
    /// else `nil`: no log.
    package static func location(near location: URL, environment: [String: String]) -> URL? {
        if let path = EnvironmentVariable.value(of: EnvironmentVariable.fixtureUsageLog, in: environment) {
            return URL(fileURLWithPath: path)
        }
        return PackageFolders(from: location.deletingLastPathComponent()).root?.appendingPathComponent(defaultRelativePath)
    }

    /// The lines this process appended already, per log: a file is logged once per process.
    private static let appended = Protected<Set<String>>([])

    /// Appends `fixture`'s absolute path to `log` (creating its folder), once per process. A log that
    /// cannot be written is skipped: it is a report's input, never a reason to fail a test.
    package static func note(_ fixture: URL, in log: URL) {
        let path = fixture.absoluteURL.standardizedFileURL.path
        guard appended.withLock({ $0.insert(log.path + "\n" + path).inserted }) else { return }
        try? FileManager.default.createDirectory(at: log.deletingLastPathComponent(), withIntermediateDirectories: true)
        _ = FixtureFileSystem.appendLine(path, toFileAtPath: log.path)
    }
}
