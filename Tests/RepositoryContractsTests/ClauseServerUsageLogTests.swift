import Foundation
import RecordReplay
import StandardContracts
import Testing

/// A clause's own server (a contract replaying a fixtures folder outside a `.stubServer` scope) logs the
/// fixture it loads where the trait's servers do, so `repo-contracts status` sees it loaded.
@Suite("ClauseServer: the fixture usage log")
struct ClauseServerUsageLogTests {
    @Test("a clause replaying a fixture of this package logs its path under the package's .build")
    func logsClauseFixture() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let folder = root.appendingPathComponent("Fixtures/Systems/Loader")
        let server = try await ClauseServer.start(.fixtures(folder), clauseID: "loader.loadSucceeds")
        await server.server.stop()
        let log = try #require(server.server.configuration.fixtureUsageLog)
        if ProcessInfo.processInfo.environment["REPOSITORY_CONTRACTS_FIXTURE_USAGE_LOG"] == nil {
            #expect(log == root.appendingPathComponent(".build/repository-contracts/fixture-usage.log"))
        }
        let lines = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.contains(folder.appendingPathComponent("loader.loadSucceeds.json").path))
    }
}
