package import Foundation
import RepositoryContractsPrimitives

/// Collects the results of the process's contract runs and model-based checks and keeps the CI reports
/// (``JUnitReport``, ``MarkdownSummary``) up to date on disk.
///
/// Swift Testing has no hook at the end of a run, and a test process may be killed, so both files are
/// rewritten after every result, each atomically (a reader sees the old file or the new one). Results
/// arrive from many test cases at once; the files list them in ``ReportEntry/reportOrder(_:_:)``, so
/// the same results give the same files. A write never goes back in time: a rendering made before a
/// later result is not written over that result's.
///
/// ``shared`` writes where the environment says; a collector with a destination of its own is for tests
/// (no test should change its process's environment, which other tests read at the same time), bound
/// as ``current`` around the code whose results it should get.
package final class ReportCollector: Sendable {
    /// The process's collector, writing where `REPOSITORY_CONTRACTS_JUNIT` and
    /// `REPOSITORY_CONTRACTS_SUMMARY` say; it collects nothing when neither is set.
    package static let shared = ReportCollector(destination: ReportDestination(environment: ProcessInfo.processInfo.environment))

    /// The collector the test frameworks' glue hands results to: ``shared``, unless the running task has
    /// bound another (`ReportCollector.$current.withValue(collector) { … }`), as a test of the glue does.
    @TaskLocal package static var current: ReportCollector = shared

    /// Where it writes.
    package let destination: ReportDestination
    private let now: @Sendable () -> Date
    private let state = Protected(State())
    private let writes = Protected(Writes())

    private struct State {
        var entries: [ReportEntry] = []
        var generation = 0
    }

    private struct Writes {
        var written = 0
        var failures: [String] = []
        var reportedFailure = false
    }

    /// A collector writing to `destination`, stamping each result with `now()` as the time it ended.
    package init(destination: ReportDestination, now: @escaping @Sendable () -> Date = { Date() }) {
        self.destination = destination
        self.now = now
    }

    /// Adds `entry` and rewrites the reports; does nothing when the destination names no file.
    package func add(_ entry: ReportEntry) {
        add([entry])
    }

    /// Adds `entries` and rewrites the reports once; does nothing when the destination names no file.
    package func add(_ entries: [ReportEntry]) {
        guard !destination.isEmpty, !entries.isEmpty else { return }
        let stamp = now()
        let (snapshot, generation) = state.withLock { state in
            for var entry in entries {
                if entry.finished == nil { entry.finished = stamp }
                state.entries.append(entry)
            }
            state.generation += 1
            return (state.entries, state.generation)
        }
        write(snapshot, generation: generation)
    }

    /// Every result so far, in report order.
    package var entries: [ReportEntry] {
        state.withLock { $0.entries }.sorted(by: ReportEntry.reportOrder)
    }

    /// Why writes failed, one line each (the first is also printed on standard error).
    package var writeFailures: [String] {
        writes.withLock { $0.failures }
    }

    /// Renders `snapshot` and writes it, unless a later snapshot was already written.
    private func write(_ snapshot: [ReportEntry], generation: Int) {
        let junit = destination.junit.map { ($0, JUnitReport(entries: snapshot).xml()) }
        let summary = destination.summary.map { ($0, MarkdownSummary(entries: snapshot).markdown()) }
        let failure: String? = writes.withLock { writes in
            guard generation > writes.written else { return nil }
            writes.written = generation
            var failed: [String] = []
            for (url, text) in [junit, summary].compactMap({ $0 }) {
                do {
                    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try Data(text.utf8).writeAtomically(to: url)
                } catch {
                    failed.append("could not write the report \(url.path): \(error.localizedDescription)")
                }
            }
            writes.failures += failed
            guard let first = failed.first, !writes.reportedFailure else { return nil }
            writes.reportedFailure = true
            return first
        }
        if let failure {
            FileHandle.standardError.write(Data("repository-contracts: \(failure)\n".utf8))
        }
    }
}
