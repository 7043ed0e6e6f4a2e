package import Foundation
import RepositoryContractsPrimitives

/// Collects the results of the process's contract runs and model-based checks and keeps the CI reports
/// (``JUnitReport``, ``MarkdownSummary``) up to date on disk.
///
/// Swift Testing has no hook at the end of a run, and a test process may be killed, so both files are
/// rewritten as results arrive, each atomically (a reader sees the old file or the new one). Results
/// arrive from many test cases at once; the files list them in ``ReportEntry/reportOrder(_:_:)``, so
/// the same results give the same files. One caller writes at a time: results that arrive while it
/// writes are written by it, in one more rewrite, before it returns (rendering every result again for
/// each of them made many concurrent results cost their count squared). A write never goes back in time.
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
    private let willWrite: @Sendable (Int) -> Void
    private let state = Protected(State())
    private let writes = Protected(Writes())

    private struct State {
        var entries: [ReportEntry] = []
        /// Whether a call of `add` is writing the files; it writes until they hold
        /// every entry.
        var writing = false
    }

    private struct Writes {
        var failures: [String] = []
        var reportedFailure = false
    }

    /// A collector writing to `destination`, stamping each result with `now()` as the time it ended;
    /// `willWrite` is told how many results each rewrite is about to hold (for tests).
    package init(
        destination: ReportDestination, now: @escaping @Sendable () -> Date = { Date() },
        willWrite: @escaping @Sendable (_ results: Int) -> Void = { _ in }
    ) {
        self.destination = destination
        self.now = now
        self.willWrite = willWrite
    }

    /// Adds `entry` and rewrites the reports; does nothing when the destination names no file.
    package func add(_ entry: ReportEntry) {
        add([entry])
    }

    /// Adds `entries` and rewrites the reports, unless another call is writing them (that call then
    /// writes these entries too, before it returns); does nothing when the destination names no file.
    package func add(_ entries: [ReportEntry]) {
        guard !destination.isEmpty, !entries.isEmpty else { return }
        let stamp = now()
        var snapshot: [ReportEntry]? = state.withLock { state in
            for var entry in entries {
                if entry.finished == nil { entry.finished = stamp }
                state.entries.append(entry)
            }
            guard !state.writing else { return nil }
            state.writing = true
            return state.entries
        }
        while let written = snapshot {
            willWrite(written.count)
            write(written)
            snapshot = state.withLock { state in
                // Entries are only ever appended: a longer list holds results that arrived meanwhile.
                guard state.entries.count > written.count else {
                    state.writing = false
                    return nil
                }
                return state.entries
            }
        }
    }

    /// Every result so far, in report order.
    package var entries: [ReportEntry] {
        state.withLock { $0.entries }.sorted(by: ReportEntry.reportOrder)
    }

    /// Why writes failed, one line each (the first is also printed on standard error).
    package var writeFailures: [String] {
        writes.withLock { $0.failures }
    }

    /// Renders `snapshot` and writes it; only the one writing caller calls it.
    private func write(_ snapshot: [ReportEntry]) {
        let junit = destination.junit.map { ($0, JUnitReport(entries: snapshot).xml()) }
        let summary = destination.summary.map { ($0, MarkdownSummary(entries: snapshot).markdown()) }
        let failure: String? = writes.withLock { writes in
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
