#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
import RepositoryContractsJSON
import RecordReplay

/// `repo-contracts inspect FIXTURE…`: shows what fixtures hold (format, upstream, and one line per
/// interaction) as a table or as JSON.
struct InspectCommand: Subcommand, Equatable {
    static let name = "inspect"
    static let abstract = "Show what fixtures hold: format, upstream and one line per interaction."
    static let synopsis = """
        usage: \(Tool.name) inspect <fixture>… [--format table|json] [--redact <name>]... [--allow-name <name>]...
          See '\(Tool.name) inspect --help'.
        """
    static var help: String {
        """
        OVERVIEW: \(abstract)

        Reads each fixture (.json: the native format, .har: HAR 1.2) and prints its path, format,
        upstream and interaction count, then per interaction: its number, method, path and query,
        status, request and response body (stored as json, text or base64, and the size in bytes) and
        the response's Content-Type.

        Paths and queries are shown as a recording would store them: a query item whose name the
        default rules or --redact name as a credential shows REDACTED in place of its value. The
        security notes list the fields that redaction would still change, and what the secret scan
        (checking the --redact names too) finds, each with a masked preview.

        USAGE: \(Tool.name) inspect <fixture>… [--format table|json] [--redact <name>]...
               [--allow-name <name>]...

        OPTIONS:
          --format <format>    table (default): a heading and a table per fixture.
                               json: an array with one object per fixture (path, format, upstream,
                               interactionCount, importNotes, securityNotes, interactions[].index/method/
                               target/status/requestBody.kind/bytes/responseBody/contentType).
        \(RedactionOptions.help(column: 23))
          -h, --help           Show this help.

        EXIT STATUS: 0 when every fixture was read; 64 on a usage error (an unknown extension among
        them); 65 when a fixture cannot be read or is not valid.
        """
    }

    /// The fixture files, in the order given.
    var fixtures: [String] = []
    /// How the summaries are printed.
    var format: OutputFormat = .table
    /// `--redact` and `--allow-name`: what the values shown and the secret scan redact.
    var redactionOptions = RedactionOptions()

    init(fixtures: [String], format: OutputFormat = .table, redactionOptions: RedactionOptions = RedactionOptions()) {
        self.fixtures = fixtures
        self.format = format
        self.redactionOptions = redactionOptions
    }

    init(parsing arguments: [String]) throws(UsageError) {
        var reader = ArgumentReader(arguments, usage: Self.synopsis)
        while let token = reader.next() {
            switch token {
            case .option("--format", let inline):
                format = try reader.choice(of: "--format", inline: inline)
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
    }

    func run(_ console: Console) async throws -> ExitCode {
        var summaries: [FixtureSummary] = []
        for path in fixtures {
            do {
                summaries.append(FixtureSummary(try FixtureFile.load(path), redaction: redactionOptions.redaction))
            } catch {
                console.printError("error: \(error)")
                return .dataError
            }
        }
        switch format {
        case .table:
            console.print(summaries.map { $0.tableLines().joined(separator: "\n") }.joined(separator: "\n\n"))
        case .json:
            console.print(JSONValue.array(summaries.map { $0.json() }).serialized(pretty: true))
        }
        return .success
    }
}
#endif
