#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
import RecordReplayMessages
import RepositoryContractsJSON
import Foundation
@_spi(Benchmarks) import RecordReplay
@_spi(Benchmarks) import RecordReplayFixtures
@_spi(Benchmarks) import RecordReplayRedaction
@_spi(Benchmarks) import RecordReplayWire

/// `repo-contracts trim IN OUT`: keeps the entries of a fixture a test needs, chosen by host, method,
/// path pattern or index, and writes them (redacted and scanned, as `convert` does).
struct TrimCommand: Subcommand, Equatable {
    static let name = "trim"
    static let abstract = "Keep only the entries a test needs: by host, method, path pattern or index."
    static let synopsis = """
        usage: \(Tool.name) trim <in> <out> [--host <host>]... [--method <method>]... [--path <pattern>]...
                 [--index <n>]... [--force] [--redact <name>]... [--allow-name <name>]...
          See '\(Tool.name) trim --help'.
        """
    static var help: String {
        """
        OVERVIEW: \(abstract)

        A HAR saved from a browser holds every request of the page (analytics, fonts, images). trim keeps
        an entry of <in> when it matches every kind of criterion given (one of the hosts, one of the
        methods, one of the path patterns), or when its index is listed, and writes the kept entries to
        <out> in the format its extension names, redacted and scanned as convert writes them. Path
        patterns are those of the stubs: '*' is one segment, a final '**' any remainder
        (/api/v1/todos/*, /api/**). Indices count from 0 in the order of <in>. In a native fixture, an
        entry's host is its origin's, or without one its upstream's.

        USAGE: \(Tool.name) trim <in> <out> [--host <host>]... [--method <method>]... [--path <pattern>]...
               [--index <n>]... [--force] [--redact <name>]... [--allow-name <name>]...

        OPTIONS:
          --host <host>       Keep entries sent to <host> (repeatable).
          --method <method>   Keep entries with this method, any case (repeatable).
          --path <pattern>    Keep entries whose path matches <pattern> (repeatable).
          --index <n>         Keep the entry at <n> whatever the other criteria say (repeatable).
          --force             Overwrite <out> when it exists.
        \(RedactionOptions.help)
          -h, --help          Show this help.

        EXIT STATUS: 0 when <out> was written; 1 when <out> exists without --force or cannot be written;
        64 on a usage error; 65 when <in> cannot be read, is not a valid fixture, or what is kept still
        holds a secret after redaction.
        """
    }

    /// Which entries to keep.
    struct Selection: Sendable, Equatable {
        var hosts: [String] = []
        var methods: [String] = []
        var paths: [String] = []
        var indices: [Int] = []

        var isEmpty: Bool { hosts.isEmpty && methods.isEmpty && paths.isEmpty && indices.isEmpty }

        /// Whether the entry at `index`, sent to `host` as `method path`, is kept.
        func keeps(index: Int, host: String?, method: String, path: String) -> Bool {
            if indices.contains(index) { return true }
            guard !(hosts.isEmpty && methods.isEmpty && paths.isEmpty) else { return false }
            let hostMatches = hosts.isEmpty || hosts.contains { $0.lowercased() == host?.lowercased() }
            let methodMatches = methods.isEmpty || methods.contains { $0.uppercased() == method.uppercased() }
            let request = StubRequest(method: method, path: path)
            let pathMatches = paths.isEmpty || paths.contains { RequestPattern(path: $0).matches(request) }
            return hostMatches && methodMatches && pathMatches
        }
    }

    var input: String
    var output: String
    var selection: Selection
    var force = false
    var redactionOptions = RedactionOptions()

    init(
        input: String, output: String, selection: Selection, force: Bool = false,
        redactionOptions: RedactionOptions = RedactionOptions()
    ) {
        self.input = input
        self.output = output
        self.selection = selection
        self.force = force
        self.redactionOptions = redactionOptions
    }

    init(parsing arguments: [String]) throws(UsageError) {
        var reader = ArgumentReader(arguments, usage: Self.synopsis)
        var selection = Selection()
        var common = FixtureOutput.Arguments()
        while let token = reader.next() {
            switch token {
            case .option("--host", let inline): selection.hosts.append(try reader.value(of: "--host", inline: inline))
            case .option("--method", let inline): selection.methods.append(try reader.value(of: "--method", inline: inline))
            case .option("--path", let inline):
                let pattern = try reader.value(of: "--path", inline: inline)
                guard pattern.hasPrefix("/") else { throw reader.error("invalid value '\(pattern)' for --path (expected a path starting with /)") }
                selection.paths.append(pattern)
            case .option("--index", let inline):
                let value = try reader.value(of: "--index", inline: inline)
                guard let index = Int(value), index >= 0 else {
                    throw reader.error("invalid value '\(value)' for --index (expected 0 or more)")
                }
                selection.indices.append(index)
            case .option(let option, _):
                guard try common.read(token, from: &reader) else { throw reader.unknown(option: option) }
            case .operand:
                _ = try common.read(token, from: &reader)
            }
        }
        let (input, output) = try common.inputAndOutput(reader)
        guard !selection.isEmpty else { throw reader.error("nothing to keep: give --host, --method, --path or --index") }
        self.init(
            input: input, output: output, selection: selection, force: common.force,
            redactionOptions: common.redactionOptions)
    }

    func run(_ console: Console) async throws -> ExitCode {
        let trimmed: (fixture: Fixture, total: Int, notes: [String])
        do {
            trimmed = try trim()
        } catch {
            console.printError("error: \(error)")
            return .dataError
        }
        for note in trimmed.notes { console.printError("note: \(note)") }
        guard
            let result = try FixtureOutput.write(
                trimmed.fixture, to: output, force: force, redaction: redactionOptions.redaction, console: console)
        else { return .dataError }
        console.print(
            "kept \(result.fixture.interactions.count) of \(trimmed.total) entr\(trimmed.total == 1 ? "y" : "ies"): "
                + "\(input) → \(output)" + FixtureOutput.redactedSuffix(result))
        return .success
    }

    /// The kept entries as a fixture, how many entries `input` had, and the HAR import's notes.
    private func trim() throws -> (fixture: Fixture, total: Int, notes: [String]) {
        let url = URL(fileURLWithPath: input)
        if FixtureFormat(pathExtension: url.pathExtension) == .native {
            let fixture = try Fixture(contentsOf: url)
            let host = fixture.upstream.flatMap { URLComponents(string: $0)?.host }
            let kept = fixture.interactions.enumerated().filter { index, interaction in
                selection.keeps(
                    index: index, host: interaction.request.origin?.host ?? host, method: interaction.request.method,
                    path: interaction.request.path)
            }.map(\.element)
            return (Fixture(interactions: kept, upstream: fixture.upstream, recorded: fixture.recorded), fixture.interactions.count, [])
        }
        // A HAR is trimmed as JSON, before it is read as a fixture: its entries still have their hosts.
        let document = try JSONValue(parsing: Array(try Fixture.bytes(of: url, named: input)))
        guard case .object(let top) = document, let logIndex = top.firstIndex(where: { $0.name == "log" }),
            case .object(var log) = top[logIndex].value,
            let entriesIndex = log.firstIndex(where: { $0.name == "entries" }),
            case .array(let entries) = log[entriesIndex].value
        else {
            throw FixtureError(kind: .unreadable, file: input, reason: "$.log.entries: not a HAR 1.2 log with entries")
        }
        let kept = entries.enumerated().filter { index, entry in
            guard let request = Self.member("request", of: entry), case .string(let method)? = Self.member("method", of: request),
                case .string(let address)? = Self.member("url", of: request), let components = URLComponents(string: address)
            else { return false }
            let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
            return selection.keeps(index: index, host: components.host, method: method, path: path)
        }.map(\.element)
        log[entriesIndex].value = .array(kept)
        var rebuilt = top
        rebuilt[logIndex].value = .object(log)
        let imported = try HARCodec.decode(Data(JSONValue.object(rebuilt).serialized().utf8), source: input)
        return (imported.fixture, entries.count, imported.notes)
    }

    private static func member(_ name: String, of value: JSONValue) -> JSONValue? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.name == name }?.value
    }
}
#endif
