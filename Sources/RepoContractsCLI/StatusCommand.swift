#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
import RepositoryContractsJSON
import Foundation
import RecordReplay

/// `repo-contracts status`: every fixture of a folder with its interaction count, its age, the secret
/// scan's verdict and whether the tests use it; old, unused, leaking and invalid fixtures as warnings.
struct StatusCommand: Subcommand, Equatable {
    static let name = "status"
    static let abstract = "List fixtures with their age, secret scan and use by the tests; flag stale ones."
    static let synopsis = """
        usage: \(Tool.name) status [--fixtures <dir>] [--tests <dir>] [--usage-log <file>] [--max-age <days>]
               [--strict] [--format table|json] [--redact <name>]... [--allow-name <name>]...
          See '\(Tool.name) status --help'.
        """
    static var help: String {
        """
        OVERVIEW: \(abstract)

        Lists each fixture file (.json, .har) under the fixtures folder with: its interaction count; how
        long ago it was recorded (the fixture's "recorded" date, else a HAR's earliest startedDateTime,
        else the file's last git commit, else unknown); the secret scan's verdict; and its use: loaded
        (by the last test run, from the usage log the .stubServer trait writes), referenced (its name or
        path appears in a Swift file under the tests folder), folder referenced (named like a contract
        clause's fixture, by a clause id such as create.readYourWrites that no test spells out, in a
        folder a test names: without a usage log its use is unknown), or unused. Then the warnings: invalid files, secrets found, fixtures older than --max-age, and
        fixtures no test uses (with a usage log: loaded by no test; without: named by no test source).

        The secret scan checks the names the default rules and --redact give (less --allow-name), as
        a recording with those options would redact them; it shows each finding masked, and the
        redact command its warning names carries the same options.

        USAGE: \(Tool.name) status [--fixtures <dir>] [--tests <dir>] [--usage-log <file>] [--max-age <days>]
               [--strict] [--format table|json] [--redact <name>]... [--allow-name <name>]...

        OPTIONS:
          --fixtures <dir>     The fixtures folder (default: Fixtures).
          --tests <dir>        The test sources searched for fixture names (default: Tests).
          --usage-log <file>   The fixtures the last test run loaded, one path a line (default:
                               \(FixtureUsageLog.defaultRelativePath), when it exists).
          --max-age <days>     Warn about fixtures recorded more than this many days ago, or of unknown
                               age.
          --strict             Exit with status 1 when there is a warning (for CI).
          --format <format>    table (default), or json: an object with fixturesFolder, usageLog,
                               testsFolder, fixtures[].path/format/interactionCount/recorded/
                               recordedSource/ageDays/secretFindings/use/error/warnings, warningCount.
        \(RedactionOptions.help(column: 23))
          -h, --help           Show this help.

        EXIT STATUS: 0 when the report was made, warnings or not; 1 with --strict when there is a warning;
        64 on a usage error (the fixtures folder does not exist, a usage log given does not exist).
        """
    }

    /// The fixtures folder.
    var fixtures = "Fixtures"
    /// The test sources folder.
    var tests = "Tests"
    /// The usage log given with `--usage-log`; the default one is read only when it exists.
    var usageLog: String?
    /// `--max-age` in days.
    var maximumAgeDays: Int?
    /// Whether warnings fail.
    var strict = false
    /// How the report is printed.
    var format: OutputFormat = .table
    /// `--redact` and `--allow-name`: what the secret scan checks.
    var redactionOptions = RedactionOptions()
    /// The usage log read when none is given and it exists (tests point it elsewhere).
    var defaultUsageLog = FixtureUsageLog.defaultRelativePath

    init(
        fixtures: String = "Fixtures", tests: String = "Tests", usageLog: String? = nil, maximumAgeDays: Int? = nil,
        strict: Bool = false, format: OutputFormat = .table
    ) {
        (self.fixtures, self.tests, self.usageLog) = (fixtures, tests, usageLog)
        (self.maximumAgeDays, self.strict, self.format) = (maximumAgeDays, strict, format)
    }

    init(parsing arguments: [String]) throws(UsageError) {
        var reader = ArgumentReader(arguments, usage: Self.synopsis)
        while let token = reader.next() {
            switch token {
            case .option("--fixtures", let inline): fixtures = try reader.value(of: "--fixtures", inline: inline)
            case .option("--tests", let inline): tests = try reader.value(of: "--tests", inline: inline)
            case .option("--usage-log", let inline): usageLog = try reader.value(of: "--usage-log", inline: inline)
            case .option("--max-age", let inline):
                let value = try reader.value(of: "--max-age", inline: inline)
                guard let days = Int(value), days >= 0 else {
                    throw reader.error("invalid value '\(value)' for --max-age (expected a whole number of days)")
                }
                maximumAgeDays = days
            case .option("--strict", let inline):
                try reader.flag("--strict", inline: inline)
                strict = true
            case .option("--format", let inline): format = try reader.choice(of: "--format", inline: inline)
            case .option(let option, let inline):
                guard try redactionOptions.read(option, inline: inline, from: &reader) else {
                    throw reader.unknown(option: option)
                }
            case .operand(let operand): throw reader.unexpected(operand: operand)
            }
        }
    }

    func run(_ console: Console) async throws -> ExitCode {
        try await run(console, now: Date())
    }

    /// Runs the command with ages measured to `now`.
    func run(_ console: Console, now: Date) async throws -> ExitCode {
        let files = try fixtureFiles()
        let logPath = try usageLogPath()
        let context = FixtureStatusContext(
            folder: fixtures, usage: FixtureUsageEvidence.gather(logPath: logPath, testsFolder: tests),
            gitDates: await GitCommitDates.read(in: fixtures), maximumAgeDays: maximumAgeDays, now: now,
            redaction: redactionOptions.redaction)
        let statuses = files.map { context.status(of: $0.path, format: $0.format) }
        let report = FixtureStatusReport(context: context, statuses: statuses)
        switch format {
        case .table: console.print(report.tableLines().joined(separator: "\n"))
        case .json: console.print(report.json().serialized(pretty: true))
        }
        return strict && report.warningCount > 0 ? .failure : .success
    }

    /// The fixture files under ``fixtures``, relative to it, in path order (hidden files left out).
    private func fixtureFiles() throws(UsageError) -> [(path: String, format: FixtureFormat)] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: fixtures, isDirectory: &isFolder), isFolder.boolValue else {
            throw UsageError(
                message: "no fixtures folder at '\(fixtures)': give one with --fixtures <dir>", usage: Self.synopsis)
        }
        let root = URL(fileURLWithPath: fixtures).standardizedFileURL.resolvingSymlinksInPath()
        let urls = FileManager.default.enumerator(
            at: root, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])?
            .compactMap { $0 as? URL } ?? []
        return urls.compactMap { url in
            guard let format = FixtureFormat(pathExtension: url.pathExtension),
                (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
            else { return nil }
            let full = url.standardizedFileURL.resolvingSymlinksInPath().path
            return (String(full.dropFirst(root.path.count + 1)), format)
        }.sorted { $0.path < $1.path }
    }

    /// The usage log to read: the one given (which must exist), else the default one when it exists.
    private func usageLogPath() throws(UsageError) -> String? {
        if let usageLog {
            guard FileManager.default.fileExists(atPath: usageLog) else {
                throw UsageError(message: "no usage log at '\(usageLog)'", usage: Self.synopsis)
            }
            return usageLog
        }
        return FileManager.default.fileExists(atPath: defaultUsageLog) ? defaultUsageLog : nil
    }
}
#endif
