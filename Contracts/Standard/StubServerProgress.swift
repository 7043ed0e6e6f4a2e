import ContractEngine
import RecordReplay

/// Runs `body` with the stub servers' activity (requests received and answered in this process) as a
/// sign of progress for the watchdog: a repository call waiting on a busy stub server is not hung.
package func watchingStubServers<Result: Sendable>(_ body: () async -> Result) async -> Result {
    await ProgressMonitor.$sources.withValue(ProgressMonitor.sources + [{ ServerActivity.count }]) { await body() }
}
