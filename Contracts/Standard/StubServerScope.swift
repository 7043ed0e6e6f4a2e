package import ContractEngine
import Foundation
import RepositoryContractsPrimitives
import RecordReplay

/// Runs `body` as the test glue runs a contract inside the current `.stubServer` scope, if any:
/// - the stub servers' activity (requests received and answered in this process) counts as a sign of
///   progress for the watchdog: a repository call waiting on a busy stub server is not hung;
/// - a shared backend's reset follows the scope's rule for live data (``sharedBackendResetGate(announce:)``).
package func inStubServerScope<Result: Sendable>(
    announce: @escaping @Sendable (String) -> Void = ResetGate.announceOnStandardError,
    _ body: () async -> Result
) async -> Result {
    await ProgressMonitor.$sources.withValue(ProgressMonitor.sources + [{ ServerActivity.count }]) {
        await ResetGate.$current.withValue(sharedBackendResetGate(announce: announce)) { await body() }
    }
}

/// The reset rule of the current `.stubServer` scope: outside one, every reset runs (the subjects talk
/// to whatever they were given); a scope that only replays skips it (nothing live is involved); a
/// scope that records, or checks drift with state changes allowed, runs it; a read-only drift check
/// withholds it, because a reset changes live data, `announce`s that once per backend, and has the drift
/// check compare the scope's reads by shape (the live API is not in the recorded state).
package func sharedBackendResetGate(announce: @escaping @Sendable (String) -> Void) -> ResetGate {
    guard let server = StubServer.currentIfAny else { return ResetGate(decide: { _ in .reset }, announce: announce) }
    return ResetGate(decide: { backend in
        switch server.liveAccess {
        case .none:
            return .skip
        case .readWrite:
            return .reset
        case .readOnly:
            server.noteResetWithheld()
            let upstream = server.configuration.recording.upstream?.absoluteString
            return .withhold(notice: withheldResetNotice(backend.name, upstream: upstream))
        }
    }, announce: announce)
}

/// The notice of a reset withheld by a read-only drift check: which backend, why, and how to allow it.
package func withheldResetNotice(_ backend: String, upstream: String?) -> String {
    "The shared backend \(backend) is not reset during this drift check: the check is read-only (only GET, HEAD "
        + "and OPTIONS requests reach the live API\(upstream.map { " at \($0)" } ?? "")), and the reset would change "
        + "live data. Clauses run against the recordings, and each fixture's reads are compared with the live API. "
        + "To reset it and send state-changing requests too, against a disposable copy of the API and never "
        + "production, set \(EnvironmentVariable.driftWrites)=send or DriftCheckOptions.stateChangingRequests = .send."
}
