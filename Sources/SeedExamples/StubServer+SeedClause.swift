import ContractEngine
import StubServer

extension StubServer {
    /// Runs one seed-contract clause on this (not yet started) server: loads `<id>.json` when
    /// `loadsFixture`, starts, runs `body` (which returns the clause's failures), stops, writes what a
    /// recording server recorded, and adds the server's own errors (unmatched requests, unused
    /// interactions) to the failures. Never throws.
    func runSeedClause(
        id: String, summary: String, loadsFixture: Bool, isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> [ContractFailure]
    ) async -> ClauseResult {
        var failures: [ContractFailure] = []
        do {
            if loadsFixture { try loadFixture(named: id) }
            try await start()
            do {
                failures = try await body()
            } catch {
                failures.append(ContractFailure(message: "the clause stopped on an error: \(error)"))
            }
            await stop()
            try finishRecording()
        } catch {
            await stop()
            failures.append(ContractFailure(message: "the clause could not run: \(error)"))
        }
        for finding in finish().findings where finding.severity == .error {
            failures.append(ContractFailure(message: "stub server: \(finding.message)"))
        }
        return ClauseResult(id: id, summary: summary, status: failures.isEmpty ? .passed : .failed, failures: failures)
    }
}
