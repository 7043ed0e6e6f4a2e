import Foundation
import Testing

@testable import RepoContractsCLI

/// The "Using the tool outside Swift" article quotes the tool's help and each subcommand's usage: they
/// must be what the tool prints today.
@Suite("Documentation: the command-line tool")
struct CommandLineToolExamples {
    /// The article's text, read from the record/replay catalogue.
    private static func article() throws -> String {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return try String(
            contentsOf: root.appendingPathComponent("Sources/RecordReplay/RecordReplay.docc/Articles/CommandLineTool.md"),
            encoding: .utf8)
    }

    /// The `USAGE:` paragraph of a help text.
    private static func usage(in help: String) throws -> String {
        let start = try #require(help.range(of: "USAGE: "))
        let rest = help[start.lowerBound...]
        let end = rest.range(of: "\n\n")?.lowerBound ?? rest.endIndex
        return String(rest[..<end])
    }

    @Test("the article quotes the tool's help as the tool prints it")
    func toolHelp() throws {
        #expect(try Self.article().contains("```text\n\(Tool.help)\n```"), "the article does not quote:\n\(Tool.help)")
    }

    @Test("the article quotes each subcommand's usage as its help prints it")
    func subcommandUsage() throws {
        let article = try Self.article()
        let commands: [any Subcommand.Type] = [
            ServeCommand.self, RecordCommand.self, ConvertCommand.self, RedactCommand.self, TrimCommand.self,
            InspectCommand.self, StatusCommand.self,
        ]
        for command in commands {
            let usage = try Self.usage(in: command.help)
            #expect(article.contains(usage), "the article does not quote:\n\(usage)")
        }
    }

    @Test("the article's status report is what status prints for the fixtures it shows", .enabled(if: StatusTestPackage.gitIsAvailable()))
    func statusExample() async throws {
        let package = try StatusTestPackage()
        defer { try? FileManager.default.removeItem(at: package.root) }
        for name in ["Todos/create.readYourWrites.json", "Todos/leaky.json", "Todos/broken.json"] {
            try FileManager.default.removeItem(atPath: package.fixture(name))
        }
        try await package.commitAll()
        let log = try package.usageLog(loading: ["Todos/listsTodos.json"], at: ".build/repository-contracts/fixture-usage.log")
        let capture = ConsoleCapture()
        let command = try StatusCommand(parsing: ["--fixtures", package.fixtures, "--tests", package.tests, "--usage-log", log])
        _ = try await command.run(capture.console, now: Date(timeIntervalSince1970: 1_795_824_000))
        let shown = capture.out.replacingOccurrences(of: package.root.path + "/", with: "")
        #expect(try Self.article().contains("```text\n\(shown)```"), "the article does not quote:\n\(shown)")
    }

    @Test("the article's redact example: the HAR it shows is written back changed only at the secret, and the note it quotes is what redact prints")
    func redactExample() async throws {
        let article = try Self.article()
        let section = try #require(article.range(of: "`redact` changes nothing but the secrets"))
        let rest = article[section.upperBound...]
        let open = try #require(rest.range(of: "```json\n"))
        let close = try #require(rest[open.upperBound...].range(of: "```"))
        let har = String(rest[open.upperBound..<close.lowerBound])
        let secret = "opaque-session-Qx7Qx7Qx7Qx7Qx7Qx7"
        #expect(article.contains("one change, `\"value\": \"Bearer REDACTED\"`"))

        let directory = try makeTemporaryDirectory("article-redact")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("capture.har")
        try Data(har.utf8).write(to: file)
        #expect(try await RedactCommand(fixtures: [file.path]).run(ConsoleCapture().console) == .success)
        let written = String(decoding: try Data(contentsOf: file), as: UTF8.self)
        #expect(written == har.replacingOccurrences(of: "Bearer \(secret)", with: "Bearer REDACTED"))

        // The note, for a password that is a JSON number.
        let numeric = har.replacingOccurrences(of: #""text": "{}""#, with: #""text": "{\"password\": 83920175}""#)
        try Data(numeric.utf8).write(to: file)
        let capture = ConsoleCapture()
        #expect(try await RedactCommand(fixtures: [file.path]).run(capture.console) == .success)
        let line = try #require(capture.error.split(separator: "\n").first { $0.hasPrefix("note: ") })
        let note = line.replacingOccurrences(of: file.path, with: "capture.har")
        #expect(article.contains("```text\n\(note)\n```"), "the article does not quote:\n\(note)")
    }
}
