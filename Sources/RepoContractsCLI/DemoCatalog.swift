#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
package import ContractEngine

/// What the demo runs: the conformers it supervises in child processes, and the reports `--all` adds.
///
/// `repo-contracts` links no example: the `repo-contracts-demo` executable, which links the examples,
/// runs the demo with its catalog bound here.
package struct DemoCatalog: Sendable {
    /// The conformers, in report order; names are unique (a child process is told which one to run by
    /// name).
    package var conformers: [DemoConformer]
    /// More contracts on more conformers, run in process by `--all`.
    package var moreReports: [@Sendable () async -> ContractReport]

    /// A catalog of `conformers` and `moreReports`.
    package init(conformers: [DemoConformer], moreReports: [@Sendable () async -> ContractReport] = []) {
        self.conformers = conformers
        self.moreReports = moreReports
    }

    /// The catalog of the running demo: empty unless a demo executable binds one.
    @TaskLocal package static var current = DemoCatalog(conformers: [])
}
#endif
