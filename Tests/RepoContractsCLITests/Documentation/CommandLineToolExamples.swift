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
}
