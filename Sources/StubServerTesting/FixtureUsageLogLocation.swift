import Foundation
import RecordReplay
import RepositoryContractsPrimitives

/// Where the `.stubServer` trait's servers log the fixtures they load (see
/// ``StubServer/Configuration/fixtureUsageLog``).
enum FixtureUsageLogLocation {
    /// `REPOSITORY_CONTRACTS_FIXTURE_USAGE_LOG` when set, else
    /// `<package root>/.build/repository-contracts/fixture-usage.log` when a `Package.swift` is found above
    /// `testFile` (the folder whose `Fixtures` the trait reads), else `nil`: no log.
    static func resolve(environment: [String: String], testFile: String) -> URL? {
        if let path = environment[EnvironmentVariable.fixtureUsageLog], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        let root = FixturesRoot.locate(from: testFile).deletingLastPathComponent()
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) else { return nil }
        return root.appendingPathComponent(FixtureUsageLog.defaultRelativePath)
    }
}
