#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
import Foundation
@_spi(Benchmarks) import RecordReplay
@_spi(Benchmarks) import RecordReplayFixtures
@_spi(Benchmarks) import RecordReplayRedaction
@_spi(Benchmarks) import RecordReplayWire
import RepositoryContractsPrimitives

/// `repo-contracts redact FIXTURE…`: redacts fixture files in place, as a recording would have, or with
/// `--check` says what it would change without writing.
struct RedactCommand: Subcommand, Equatable {
    static let name = "redact"
    static let abstract = "Redact credentials in existing fixtures in place (--check: only report)."
    static let synopsis = """
        usage: \(Tool.name) redact <fixture>… [--check] [--redact <name>]... [--allow-name <name>]...
          See '\(Tool.name) redact --help'.
        """
    static var help: String {
        """
        OVERVIEW: \(abstract)

        Applies to each fixture (.json: the native format, .har: HAR 1.2) the redaction a recording gets:
        credentials by name, by shape and by randomness are replaced by REDACTED wherever they appear,
        and the secret scan must then find nothing. A changed fixture is written back atomically and
        stays replayable (a REDACTED value matches whatever the client sends there). Only the secrets
        change: every other byte of the file is kept (a HAR's creator, dates, member order, custom
        fields and the entries replay skips, which are redacted too; a native fixture's layout), a
        base64 body holding a secret being re-encoded whole. When replacing the secrets where they
        stand cannot give the redacted fixture (a redacted number, a custom redactor), the file is
        written by the package's writer instead, with a note saying why. A fixture with nothing to
        redact is left untouched, byte for byte.

        With --check nothing is written: each field that would be redacted is listed, for CI and
        pre-commit hooks.

        USAGE: \(Tool.name) redact <fixture>… [--check] [--redact <name>]... [--allow-name <name>]...

        OPTIONS:
          --check             Write nothing; exit 1 when a fixture would change.
        \(RedactionOptions.help)
          -h, --help          Show this help.

        EXIT STATUS: 0 when every fixture is redacted (or, with --check, needs nothing); 1 with --check
        when a fixture would change; 64 on a usage error; 65 when a fixture cannot be read or still
        holds a secret after redaction (it is then not written).
        """
    }

    /// The fixture files, in order.
    var fixtures: [String]
    /// Report only; write nothing.
    var check = false
    /// `--redact` and `--allow-name`.
    var redactionOptions = RedactionOptions()

    init(fixtures: [String], check: Bool = false, redactionOptions: RedactionOptions = RedactionOptions()) {
        self.fixtures = fixtures
        self.check = check
        self.redactionOptions = redactionOptions
    }

    init(parsing arguments: [String]) throws(UsageError) {
        var reader = ArgumentReader(arguments, usage: Self.synopsis)
        var fixtures: [String] = []
        var check = false
        var redactionOptions = RedactionOptions()
        while let token = reader.next() {
            switch token {
            case .option("--check", let inline):
                try reader.flag("--check", inline: inline)
                check = true
            case .option(let option, let inline):
                guard try redactionOptions.read(option, inline: inline, from: &reader) else {
                    throw reader.unknown(option: option)
                }
            case .operand(let operand):
                _ = try FixtureFile.format(of: operand, reader: reader)
                fixtures.append(operand)
            }
        }
        guard !fixtures.isEmpty else { throw reader.error("missing fixture: give one or more fixture files") }
        self.init(fixtures: fixtures, check: check, redactionOptions: redactionOptions)
    }

    func run(_ console: Console) async throws -> ExitCode {
        var exitCode = ExitCode.success
        let (redaction, check) = (redactionOptions.redaction, check)
        // Files are read and redacted a few at a time, one per core, and reported and written in the
        // order given; a batch at a time, so that only a few redacted files are held at once.
        let width = ProcessInfo.processInfo.activeProcessorCount
        let batchSize = 2 * width
        for batch in stride(from: 0, to: fixtures.count, by: batchSize).map({ fixtures[$0..<min($0 + batchSize, fixtures.count)] }) {
            let outcomes = await batch.concurrentMap(width: width) { path in
                Result { try FixtureRedaction.redacting(path, with: redaction, checking: check) }
            }
            for (path, outcome) in zip(batch, outcomes) {
                exitCode = try report(outcome, of: path, to: console, exitCode: exitCode)
            }
        }
        return exitCode
    }

    /// Reports what redacting the fixture at `path` gave, and writes the redacted file unless checking;
    /// returns the exit code with this file counted.
    private func report(
        _ outcome: Result<FixtureRedaction, any Error>, of path: String, to console: Console, exitCode: ExitCode
    ) throws -> ExitCode {
        let redacted: FixtureRedaction
        do {
            redacted = try outcome.get()
        } catch {
            console.printError("error: \(error)")
            return .dataError
        }
        let result = redacted.result
        let fields = result.redactions.count
        guard fields > 0 else {
            console.print("\(path): nothing to redact")
            return exitCode
        }
        for field in result.redactions {
            console.printError("\(path): \(check ? "would redact" : "redacted"): \(field)")
        }
        if check {
            console.print("\(path): \(fields) field\(fields == 1 ? "" : "s") to redact")
            return exitCode == .success ? .failure : exitCode
        }
        if let reason = redacted.rewriteReason {
            console.printError(
                "note: \(path): not edited in place: \(reason); written by the package's "
                    + "\(path.hasSuffix(".har") ? "HAR" : "fixture") writer instead")
        }
        for note in redacted.notes {
            console.printError("note: \(note)")
        }
        do {
            try Fixture.write(redacted.output, to: URL(fileURLWithPath: path))
        } catch {
            throw ToolError("\(error)")
        }
        console.print("\(path): \(fields) field\(fields == 1 ? "" : "s") redacted")
        return exitCode
    }
}
#endif
