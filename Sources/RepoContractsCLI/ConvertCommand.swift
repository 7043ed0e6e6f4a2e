#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
import Foundation
import RecordReplay

/// `repo-contracts convert IN OUT`: rewrites a fixture in the format OUT's extension names (native ↔ HAR,
/// or native → native to normalise one written by hand).
struct ConvertCommand: Subcommand, Equatable {
    static let name = "convert"
    static let abstract = "Convert a fixture between the native format (.json) and HAR 1.2 (.har)."
    static let synopsis = """
        usage: \(Tool.name) convert <in> <out> [--force] [--redact <name>]... [--allow-name <name>]...
          See '\(Tool.name) convert --help'.
        """
    static var help: String {
        """
        OVERVIEW: \(abstract)

        Reads <in> and writes <out>, each in the format its extension names (.json: the native format,
        .har: HAR 1.2); .json to .json normalises a fixture. What is written is redacted and scanned
        exactly as a recording is: credentials (by name, by shape, random-looking tokens, and wherever
        they are echoed) are replaced by REDACTED, each field named on standard error, and when the
        scan still finds a secret (in a binary body, say) nothing is written and each finding is named.
        The write is atomic. HAR entries that cannot be replayed are skipped, each with a note on
        standard error. Prints 'converted <n> interactions: <in> → <out>' on standard output.

        USAGE: \(Tool.name) convert <in> <out> [--force] [--redact <name>]... [--allow-name <name>]...

        OPTIONS:
          --force             Overwrite <out> when it exists.
        \(RedactionOptions.help)
          -h, --help          Show this help.

        EXIT STATUS: 0 when the fixture was converted; 1 when <out> exists without --force or cannot be
        written; 64 on a usage error (an unknown extension among them); 65 when <in> cannot be read, is
        not a valid fixture, or still holds a secret after redaction.
        """
    }

    /// The fixture to read.
    var input: String
    /// The file to write.
    var output: String
    /// Overwrite `output` when it exists.
    var force = false
    /// `--redact` and `--allow-name`.
    var redactionOptions = RedactionOptions()

    init(input: String, output: String, force: Bool = false, redactionOptions: RedactionOptions = RedactionOptions()) {
        self.input = input
        self.output = output
        self.force = force
        self.redactionOptions = redactionOptions
    }

    init(parsing arguments: [String]) throws(UsageError) {
        var reader = ArgumentReader(arguments, usage: Self.synopsis)
        var common = FixtureOutput.Arguments()
        // Only an unknown option is not read.
        while let token = reader.next() {
            if try !common.read(token, from: &reader), case .option(let option, _) = token {
                throw reader.unknown(option: option)
            }
        }
        let (input, output) = try common.inputAndOutput(reader)
        self.init(input: input, output: output, force: common.force, redactionOptions: common.redactionOptions)
    }

    func run(_ console: Console) async throws -> ExitCode {
        let file: FixtureFile
        do {
            file = try FixtureFile.load(input)
        } catch {
            console.printError("error: \(error)")
            return .dataError
        }
        for note in file.notes {
            console.printError("note: \(note)")
        }
        guard
            let result = try FixtureOutput.write(
                file.fixture, to: output, force: force, redaction: redactionOptions.redaction, console: console)
        else { return .dataError }
        let count = file.fixture.interactions.count
        console.print(
            "converted \(count) interaction\(count == 1 ? "" : "s"): \(input) → \(output)"
                + FixtureOutput.redactedSuffix(result))
        return .success
    }
}
#endif
