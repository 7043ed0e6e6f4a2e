#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
import RepositoryContractsPlatform
import ContractEngine
import Foundation

/// The hidden subcommand a demo child process runs: `repo-contracts-demo __run-conformer NAME [--skip ID,…]`.
///
/// It runs one demo conformer's clauses (all but the skipped ones) in this process and writes one JSON
/// line per ``ClauseProgress`` event to standard output, each written as soon as it happens, so the
/// parent knows which clause was running if this process dies. Anything else the conformer prints goes
/// to standard error.
struct RunConformerCommand: Subcommand, Equatable {
    static let name = "__run-conformer"
    static let abstract = "Run one demo conformer and stream its progress as JSON lines (internal)."
    static let isHidden = true
    static let synopsis = "usage: \(DemoCommand.name) \(name) <conformer> [--skip <id>[,<id>…]]…"
    static let help = """
        OVERVIEW: Run one demo conformer in this process and stream its progress (used by 'demo').

        \(synopsis)

        Writes one JSON line per clause event ({"started":…} or {"finished":…}) to standard output.
        """

    /// The conformer's name.
    var conformer: String
    /// Clause ids to leave out (already reported by an earlier process).
    var skipping: Set<String> = []

    init(conformer: String, skipping: Set<String> = []) {
        self.conformer = conformer
        self.skipping = skipping
    }

    init(parsing arguments: [String]) throws(UsageError) {
        var reader = ArgumentReader(arguments, usage: Self.synopsis)
        var name: String?
        var skipping: Set<String> = []
        while let token = reader.next() {
            switch token {
            case .option("--skip", let inline):
                let ids = try reader.value(of: "--skip", inline: inline)
                skipping.formUnion(ids.split(separator: ",").map(String.init))
            case .option(let option, _):
                throw reader.unknown(option: option)
            case .operand(let operand) where name == nil:
                name = operand
            case .operand(let operand):
                throw reader.unexpected(operand: operand)
            }
        }
        guard let name else {
            throw reader.error("missing conformer name")
        }
        guard DemoConformer.named(name) != nil else {
            throw reader.error(DemoConformer.unknownNameMessage(name))
        }
        self.init(conformer: name, skipping: skipping)
    }

    func run(_ console: Console) async throws -> ExitCode {
        guard let conformer = DemoConformer.named(conformer) else {
            throw ToolError(DemoConformer.unknownNameMessage(conformer))
        }
        let channel = ProcessCalls.reserveStandardOutput()
        _ = await conformer.report(skipping: skipping) { event in
            guard let line = try? ProgressLines.encode(event) else { return }
            channel.write(line)
        }
        return .success
    }
}

/// The wire format between a demo child and its parent: one JSON object per line.
enum ProgressLines {
    /// `event` as one JSON line, newline included.
    static func encode(_ event: ClauseProgress) throws -> Data {
        try JSONEncoder().encode(event) + Data("\n".utf8)
    }

    /// Every event in `output`, in order; lines that are not events are ignored.
    static func decode(_ output: Data) -> [ClauseProgress] {
        let decoder = JSONDecoder()
        return output.split(separator: UInt8(ascii: "\n")).compactMap { line in
            try? decoder.decode(ClauseProgress.self, from: Data(line))
        }
    }
}
#endif
