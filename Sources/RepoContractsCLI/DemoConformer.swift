#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
package import ContractEngine

/// One conformer the demo runs, with its entity type erased: what the parent process needs to supervise
/// it (its name, its contract's name and clauses, in order) and what a child process needs to run it.
package struct DemoConformer: Sendable {
    /// A clause as the parent knows it before running anything.
    struct ClauseOutline: Sendable, Hashable {
        /// The clause's id ("delete.lastLeavesEmpty").
        var id: String
        /// The clause's summary.
        var summary: String
    }

    /// The conformer's name, unique among the demo's conformances: how a child process is told which one
    /// to run.
    let name: String
    /// The name of the contract it is run against ("CRUD").
    let contractName: String
    /// The capabilities it declares, as reports show them.
    let capabilities: String
    /// Every clause of the contract, in contract order.
    let clauses: [ClauseOutline]
    /// What a reader of the table should know about it, printed under the table ("its failures are
    /// deliberate"); `nil` for nothing.
    let note: String?
    private let runReport: @Sendable (Set<String>, @Sendable (ClauseProgress) -> Void) async -> ConformanceReport

    /// The conformer `conformance`, run against `contract`, with a `note` printed under the table.
    package init<Terms>(_ conformance: Conformance<Terms>, contract: Contract<Terms>, note: String? = nil) {
        name = conformance.name
        self.note = note
        contractName = contract.name
        capabilities = contract.terms.capabilityList(of: conformance.promises)
        clauses = contract.clauses.map { ClauseOutline(id: $0.id, summary: $0.summary) }
        runReport = { skipped, progress in
            await contract.report(on: conformance, skipping: skipped, progress: progress)
        }
    }

    /// Runs every clause but `skipped` in this process, telling `progress` as each starts and ends.
    func report(skipping skipped: Set<String>, progress: @Sendable (ClauseProgress) -> Void) async -> ConformanceReport {
        await runReport(skipped, progress)
    }

    /// Every conformer of the running demo's catalog.
    static var all: [DemoConformer] { DemoCatalog.current.conformers }

    /// The demo conformer called `name`.
    static func named(_ name: String) -> DemoConformer? {
        all.first { $0.name == name }
    }

    /// The error message for a conformer name the demo does not know, listing the names it does.
    static func unknownNameMessage(_ name: String) -> String {
        "unknown conformer '\(name)' (known: \(all.map(\.name).joined(separator: ", ")))"
    }
}
#endif
