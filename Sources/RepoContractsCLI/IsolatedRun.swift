#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
import ContractEngine
import Foundation

/// Runs one conformer's clauses in child processes, so that a trap fails the clause it happened in
/// instead of ending the run.
///
/// A child runs every clause not yet reported and streams its progress. When it dies in the middle of a
/// clause, that clause is reported as crashed (with the signal and the end of the child's standard
/// error) and a new child carries on with the clauses after it. A child that dies without getting
/// anywhere ends the loop: the clauses left are reported as crashed with what it said.
struct IsolatedRun: Sendable {
    /// Starts a child that runs `conformer`, leaving out the clauses `skipping`, and waits for its end.
    typealias Launch = @Sendable (_ conformer: String, _ skipping: [String]) async throws -> ChildOutcome

    /// The conformer's name.
    var name: String
    /// Its declared capabilities, for the report.
    var capabilities: String
    /// The contract's clauses, in contract order.
    var clauses: [DemoConformer.ClauseOutline]
    /// How children are started.
    var launch: Launch

    /// A run of `conformer`'s clauses through `launch`.
    init(_ conformer: DemoConformer, launch: @escaping Launch) {
        self.init(name: conformer.name, capabilities: conformer.capabilities, clauses: conformer.clauses, launch: launch)
    }

    /// A run of `clauses` on the conformer `name` through `launch`.
    init(name: String, capabilities: String, clauses: [DemoConformer.ClauseOutline], launch: @escaping Launch) {
        self.name = name
        self.capabilities = capabilities
        self.clauses = clauses
        self.launch = launch
    }

    /// Runs children until every clause is reported; the report lists them in contract order.
    ///
    /// - Throws: What `launch` throws (a child that cannot be started).
    func run() async throws -> ConformanceReport {
        var results: [String: ClauseResult] = [:]
        while true {
            let remaining = clauses.filter { results[$0.id] == nil }
            guard !remaining.isEmpty else { break }
            let outcome = try await launch(name, clauses.map(\.id).filter { results[$0] != nil })
            let before = results.count
            var running: String?
            for event in ProgressLines.decode(outcome.standardOutput) {
                switch event.kind {
                case .started(let id, _):
                    running = id
                case .finished(let result):
                    if remaining.contains(where: { $0.id == result.id }) {
                        results[result.id] = result
                    }
                    if running == result.id {
                        running = nil
                    }
                }
            }
            let diagnosis = CrashDiagnosis(termination: outcome.termination, standardError: outcome.standardError)
            if let running, results[running] == nil, let clause = remaining.first(where: { $0.id == running }) {
                // It died in the middle of this clause (or stopped there): the clause crashed.
                results[running] = diagnosis.result(for: clause)
            } else if results.count == before {
                // No progress at all: another child would do the same. Report what is left and stop.
                for clause in remaining {
                    results[clause.id] = diagnosis.resultWithoutProgress(for: clause)
                }
            }
        }
        return ConformanceReport(name: name, capabilities: capabilities, clauses: clauses.compactMap { results[$0.id] })
    }

    /// The environment a child runs in: `environment` (this process's), with Swift's crash backtraces
    /// left unsymbolicated unless `SWIFT_BACKTRACE` is set already.
    ///
    /// A crash report keeps only what the child said before its backtrace and the backtrace's headline
    /// (``CrashDiagnosis``), which an unsymbolicated backtrace still prints. Symbolicating it (reading the
    /// child's debug information) took about 0.35 s of each crash in a debug build.
    static func childEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> [String: String] {
        var environment = environment
        if environment["SWIFT_BACKTRACE"] == nil { environment["SWIFT_BACKTRACE"] = "symbolicate=off" }
        return environment
    }
}
#endif
