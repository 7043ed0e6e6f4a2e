import Testing

@testable import RepoContractsCLI

/// The hand-written argument parser, on injected argument arrays.
@Suite("Argument parsing")
struct ArgumentParsingTests {
    /// The subcommand `arguments` select, or `nil` (with an issue) when they ask for help.
    private func command(_ arguments: [String]) throws -> (any Subcommand)? {
        switch try Tool.invocation(for: arguments) {
        case .run(let command):
            return command
        case .help:
            Issue.record("\(arguments) asked for help")
            return nil
        }
    }

    private func demo(_ arguments: String...) throws -> DemoCommand? {
        try command(["demo"] + arguments) as? DemoCommand
    }

    private func usageError(_ arguments: [String]) -> UsageError? {
        #expect(throws: UsageError.self) { try Tool.invocation(for: arguments) }
    }

    @Test("demo without options: table, not strict, not verbose, every conformer")
    func demoDefaults() throws {
        let parsed = try demo()
        #expect(parsed == DemoCommand())
        #expect(parsed?.selected.map(\.name) == DemoConformer.all.map(\.name))
    }

    @Test("demo reads every option, in any order, with separate or inline values")
    func demoOptions() throws {
        let expected = DemoCommand(format: .json, strict: true, verbose: true, conformers: ["userdefaults"])
        #expect(try demo("--format", "json", "--strict", "--verbose", "--conformer", "userdefaults") == expected)
        #expect(try demo("--conformer=userdefaults", "-v", "--format=json", "--strict") == expected)
        #expect(try demo("--format", "json", "--format", "table") == DemoCommand(format: .table), "the last --format wins")
        #expect(try demo("--all", "--format=json") == DemoCommand(all: true, format: .json))
    }

    @Test("--conformer is repeatable, and the run keeps registry order")
    func conformerSelection() throws {
        let parsed = try #require(try demo("--conformer", "userdefaults", "--conformer", "in-memory", "--conformer", "in-memory"))
        #expect(parsed.conformers == ["userdefaults", "in-memory"])
        #expect(parsed.selected.map(\.name) == ["in-memory", "userdefaults"])
    }

    @Test("help: --help, -h, help, help <subcommand>, and --help anywhere before --")
    func help() throws {
        for arguments in [["--help"], ["-h"], ["help"]] {
            guard case .help(let text) = try Tool.invocation(for: arguments) else {
                Issue.record("\(arguments) did not ask for help")
                continue
            }
            #expect(text == Tool.help)
        }
        for arguments in [["demo", "--help"], ["demo", "-h"], ["demo", "--format", "json", "--help"], ["help", "demo"]] {
            guard case .help(let text) = try Tool.invocation(for: arguments) else {
                Issue.record("\(arguments) did not ask for help")
                continue
            }
            #expect(text == DemoCommand.help)
        }
        #expect(Tool.help.contains("demo"))
        #expect(!Tool.help.contains(RunConformerCommand.name), "the internal subcommand stays out of the help")
    }

    @Test("usage errors name what is wrong")
    func usageErrors() {
        let cases: [([String], String)] = [
            ([], "missing subcommand"),
            (["frob"], "unknown subcommand 'frob'"),
            (["--frob"], "unknown option '--frob'"),
            (["help", "frob"], "unknown subcommand 'frob'"),
            (["demo", "--frob"], "unknown option '--frob'"),
            (["demo", "-x"], "unknown option '-x'"),
            (["demo", "--format", "xml"], "invalid value 'xml' for --format (expected one of: table, json)"),
            (["demo", "--format"], "missing value for --format"),
            (["demo", "--format", "--strict"], "missing value for --format"),
            (["demo", "--strict=yes"], "--strict takes no value"),
            (["demo", "extra"], "unexpected argument 'extra'"),
            (["demo", "--", "--strict"], "unexpected argument '--strict'"),
            (["demo", "--conformer", "nope"], DemoConformer.unknownNameMessage("nope")),
            ([RunConformerCommand.name], "missing conformer name"),
            ([RunConformerCommand.name, "nope"], DemoConformer.unknownNameMessage("nope")),
        ]
        for (arguments, message) in cases {
            #expect(usageError(arguments)?.message == message, "\(arguments)")
        }
        #expect(DemoConformer.unknownNameMessage("nope").contains("known: in-memory, userdefaults"))
        #expect(usageError(["demo", "--frob"])?.usage == DemoCommand.synopsis)
        #expect(usageError(["frob"])?.usage == Tool.synopsis)
    }

    @Test("the child subcommand reads its conformer and the clauses to skip")
    func runConformer() throws {
        let parsed = try command([RunConformerCommand.name, "in-memory", "--skip", "a.b,c.d", "--skip=e.f"]) as? RunConformerCommand
        #expect(parsed == RunConformerCommand(conformer: "in-memory", skipping: ["a.b", "c.d", "e.f"]))
        #expect(try command([RunConformerCommand.name, "in-memory"]) as? RunConformerCommand == RunConformerCommand(conformer: "in-memory"))
    }

    @Test("the reader splits options, inline values and operands, and stops reading options at --")
    func reader() throws {
        var reader = ArgumentReader(["--a", "--b=1", "-c", "x", "-", "--", "--d"], usage: "")
        var tokens: [ArgumentReader.Token] = []
        while let token = reader.next() {
            tokens.append(token)
        }
        #expect(tokens == [
            .option("--a", value: nil), .option("--b", value: "1"), .option("-c", value: nil), .operand("x"), .operand("-"),
            .operand("--d"),
        ])
    }

    @Test("demo conformer names are unique")
    func uniqueNames() {
        let names = DemoConformer.all.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(names.starts(with: ["in-memory", "userdefaults"]))
    }
}
