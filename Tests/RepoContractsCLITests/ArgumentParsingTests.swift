#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
import StandardContracts
import Testing
import TodoExample

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

    /// The demo's conformers, as `repo-contracts-demo` lists them.
    static let catalog = DemoCatalog(conformers: [
        DemoConformer(ExampleContracts.inMemory, contract: .crud(factory: ExampleContracts.todoFactory)),
        DemoConformer(ExampleContracts.userDefaults, contract: .crud(factory: ExampleContracts.datedTodoFactory)),
    ])

    /// What `repo-contracts-demo` reads from `arguments`, with the demo's catalog.
    private func demoInvocation(_ arguments: [String]) throws -> Tool.Invocation {
        try DemoCatalog.$current.withValue(Self.catalog) { try DemoTool.invocation(for: arguments) }
    }

    private func demoCommand(_ arguments: [String]) throws -> (any Subcommand)? {
        switch try demoInvocation(arguments) {
        case .run(let command):
            return command
        case .help:
            Issue.record("\(arguments) asked for help")
            return nil
        }
    }

    private func demo(_ arguments: String...) throws -> DemoCommand? {
        try demoCommand(arguments) as? DemoCommand
    }

    private func usageError(_ arguments: [String]) -> UsageError? {
        #expect(throws: UsageError.self) { try Tool.invocation(for: arguments) }
    }

    private func demoUsageError(_ arguments: [String]) -> UsageError? {
        #expect(throws: UsageError.self) { try demoInvocation(arguments) }
    }

    @Test("demo without options: table, not strict, not verbose, every conformer")
    func demoDefaults() throws {
        let parsed = try demo()
        #expect(parsed == DemoCommand())
        #expect(DemoCatalog.$current.withValue(Self.catalog) { parsed?.selected.map(\.name) } == ["in-memory", "userdefaults"])
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
        #expect(DemoCatalog.$current.withValue(Self.catalog) { parsed.selected.map(\.name) } == ["in-memory", "userdefaults"])
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
        for arguments in [["--help"], ["-h"], ["--format", "json", "--help"]] {
            guard case .help(let text) = try demoInvocation(arguments) else {
                Issue.record("\(arguments) did not ask the demo for help")
                continue
            }
            #expect(text == DemoCatalog.$current.withValue(Self.catalog) { DemoCommand.help })
        }
        #expect(!Tool.help.contains("demo"), "the moved demo stays out of repo-contracts' help")
        #expect(!Tool.help.contains(RunConformerCommand.name), "the internal subcommand stays out of the help")
    }

    @Test("usage errors name what is wrong")
    func usageErrors() {
        let cases: [([String], String)] = [
            ([], "missing subcommand"),
            (["frob"], "unknown subcommand 'frob'"),
            (["--frob"], "unknown option '--frob'"),
            (["help", "frob"], "unknown subcommand 'frob'"),
        ]
        for (arguments, message) in cases {
            #expect(usageError(arguments)?.message == message, "\(arguments)")
        }
        let demoCases: [([String], String)] = [
            (["--frob"], "unknown option '--frob'"),
            (["-x"], "unknown option '-x'"),
            (["--format", "xml"], "invalid value 'xml' for --format (expected one of: table, json)"),
            (["--format"], "missing value for --format"),
            (["--format", "--strict"], "missing value for --format"),
            (["--strict=yes"], "--strict takes no value"),
            (["extra"], "unexpected argument 'extra'"),
            (["--", "--strict"], "unexpected argument '--strict'"),
            (["--conformer", "nope"], "unknown conformer 'nope' (known: in-memory, userdefaults)"),
            ([RunConformerCommand.name], "missing conformer name"),
            ([RunConformerCommand.name, "nope"], "unknown conformer 'nope' (known: in-memory, userdefaults)"),
        ]
        for (arguments, message) in demoCases {
            #expect(demoUsageError(arguments)?.message == message, "\(arguments)")
        }
        #expect(demoUsageError(["--frob"])?.usage == DemoCommand.synopsis)
        #expect(usageError(["frob"])?.usage == Tool.synopsis)
    }

    @Test("the child subcommand reads its conformer and the clauses to skip")
    func runConformer() throws {
        let parsed = try demoCommand([RunConformerCommand.name, "in-memory", "--skip", "a.b,c.d", "--skip=e.f"]) as? RunConformerCommand
        #expect(parsed == RunConformerCommand(conformer: "in-memory", skipping: ["a.b", "c.d", "e.f"]))
        #expect(try demoCommand([RunConformerCommand.name, "in-memory"]) as? RunConformerCommand == RunConformerCommand(conformer: "in-memory"))
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
        let names = Self.catalog.conformers.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(names.starts(with: ["in-memory", "userdefaults"]))
    }
}
#endif
