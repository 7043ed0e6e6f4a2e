#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
import ContractEngine

/// `repo-contracts-demo`: runs the CRUD contract on the example conformers, each in child processes so a
/// trap fails one clause instead of ending the run, and prints the conformance table (or the JSON report).
struct DemoCommand: Subcommand, Equatable {
    static let name = "repo-contracts-demo"
    static let abstract = "Run the CRUD contract on the example conformers and print the conformance table."
    static let synopsis = """
        usage: \(name) [--all] [--format table|json] [--strict] [--verbose] [--conformer <name>]…
          See '\(name) --help'.
        """
    static var help: String {
        """
        OVERVIEW: \(abstract)

        Each conformer runs in child processes: a conformer that traps fails the clause it trapped in
        (status 'crashed'), and the run goes on with the next clause.

        USAGE: \(name) [--all] [--format table|json] [--strict] [--verbose] [--conformer <name>]…

        OPTIONS:
          --all                Also run the example systems' own contracts (session, recipes,
                               cache-then-network, loader) on their real, fake and broken conformers.
          --format <format>    table (default): the conformance table and every failure.
                               json: the report as JSON (conformers[].clauses[].id/summary/status/message).
          --strict             Exit with status 1 when a clause failed or crashed.
          -v, --verbose        List what every clause cost (time, subject calls), not only the
                               five slowest per conformer (table format).
          --conformer <name>   Run only this conformer; repeat for several.
                               Known: \(DemoConformer.all.map(\.name).joined(separator: ", ")).
          -h, --help           Show this help.

        EXIT STATUS: 0 when the demo ran, even if clauses failed; 1 with --strict when a clause failed or
        crashed, or on an internal failure; 64 on a usage error.
        """
    }

    /// Also run the seed systems' contracts.
    var all = false
    /// How the report is printed.
    var format: OutputFormat = .table
    /// Exit with 1 when a clause failed or crashed.
    var strict = false
    /// List skipped clauses too.
    var verbose = false
    /// The conformers to run, in registry order; empty means all of them.
    var conformers: [String] = []

    init(
        all: Bool = false, format: OutputFormat = .table, strict: Bool = false, verbose: Bool = false,
        conformers: [String] = []
    ) {
        self.all = all
        self.format = format
        self.strict = strict
        self.verbose = verbose
        self.conformers = conformers
    }

    init(parsing arguments: [String]) throws(UsageError) {
        var reader = ArgumentReader(arguments, usage: Self.synopsis)
        while let token = reader.next() {
            switch token {
            case .option("--format", let inline):
                format = try reader.choice(of: "--format", inline: inline)
            case .option("--all", let inline):
                try reader.flag("--all", inline: inline)
                all = true
            case .option("--strict", let inline):
                try reader.flag("--strict", inline: inline)
                strict = true
            case .option(let option, let inline) where option == "--verbose" || option == "-v":
                try reader.flag(option, inline: inline)
                verbose = true
            case .option("--conformer", let inline):
                let name = try reader.value(of: "--conformer", inline: inline)
                guard DemoConformer.named(name) != nil else {
                    throw reader.error(DemoConformer.unknownNameMessage(name))
                }
                if !conformers.contains(name) {
                    conformers.append(name)
                }
            case .option(let option, _):
                throw reader.unknown(option: option)
            case .operand(let operand):
                throw reader.unexpected(operand: operand)
            }
        }
    }

    /// The conformers this run covers, in registry order.
    var selected: [DemoConformer] {
        DemoConformer.all.filter { conformers.isEmpty || conformers.contains($0.name) }
    }

    func run(_ console: Console) async throws -> ExitCode {
        let report = try await makeReport()
        switch format {
        case .table:
            let notes = Dictionary(selected.compactMap { conformer in conformer.note.map { (conformer.name, $0) } },
                                   uniquingKeysWith: { first, _ in first })
            console.print(ConformanceTable(report: report, notes: notes, verbose: verbose).render())
        case .json:
            console.print(try report.json())
        }
        let broken = report.conformances.contains { $0.count(.failed) + $0.count(.crashed) > 0 }
        return strict && broken ? .failure : .success
    }

    /// Runs every selected conformer, each in child processes of this executable, one after another.
    func makeReport() async throws -> ContractReport {
        let executable = try ChildProcess.currentExecutable()
        let launch: IsolatedRun.Launch = { name, skipping in
            var arguments = [RunConformerCommand.name, name]
            if !skipping.isEmpty {
                arguments += ["--skip", skipping.joined(separator: ",")]
            }
            return try await ChildProcess.run(executable, arguments: arguments, environment: IsolatedRun.childEnvironment())
        }
        var reports: [ConformanceReport] = []
        for conformer in selected {
            reports.append(try await IsolatedRun(conformer, launch: launch).run())
        }
        var contracts: [String] = []
        for name in selected.map(\.contractName) where !contracts.contains(name) {
            contracts.append(name)
        }
        if all {
            // The example systems' conformers trap nowhere: they run in this process.
            for index in reports.indices {
                reports[index].contract = selected[index].contractName
            }
            for makeReport in DemoCatalog.current.moreReports {
                let report = await makeReport()
                contracts.append(report.contract)
                reports += report.conformances.map { conformer in
                    var conformer = conformer
                    conformer.contract = report.contract
                    return conformer
                }
            }
        }
        return ContractReport(contract: contracts.joined(separator: " + "), conformances: reports)
    }
}
#endif
