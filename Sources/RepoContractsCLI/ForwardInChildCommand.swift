#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
import RepositoryContractsPlatform
import Foundation
import RecordReplay

/// The hidden subcommand a recording's child process runs: `repo-contracts __forward <job.json>`.
///
/// It sends one request to the live API over URLSession (see ``ForwardJob``) and writes the answer, or
/// the error, as JSON to standard output. On Linux, URLSession ends the process on some valid answers
/// (a chunked body with a trailer field); run here, that ends this child only, and the recording in the
/// parent goes on (``ChildProcessForwarding``).
struct ForwardInChildCommand: Subcommand, Equatable {
    static let name = "__forward"
    static let abstract = "Send one recorded request over URLSession and print the answer as JSON (internal)."
    static let isHidden = true
    static let synopsis = "usage: \(Tool.name) \(name) <job.json>"
    static let help = """
        OVERVIEW: Send one request to the live API over URLSession and print the answer as JSON (used by 'record').

        \(synopsis)
        """

    /// The file the parent wrote the job to.
    var job: String

    init(parsing arguments: [String]) throws(UsageError) {
        var reader = ArgumentReader(arguments, usage: Self.synopsis)
        var job: String?
        while let token = reader.next() {
            switch token {
            case .option(let option, _):
                throw reader.unknown(option: option)
            case .operand(let operand) where job == nil:
                job = operand
            case .operand(let operand):
                throw reader.unexpected(operand: operand)
            }
        }
        guard let job else { throw reader.error("missing job file") }
        self.job = job
    }

    func run(_ console: Console) async throws -> ExitCode {
        let channel = ProcessCalls.reserveStandardOutput()
        let job = try ForwardJob(decoding: try Data(contentsOf: URL(fileURLWithPath: self.job)))
        channel.write(await job.run())
        return .success
    }
}
#endif
