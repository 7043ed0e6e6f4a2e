#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
import Foundation
import Testing

/// `repo-contracts-demo` end to end: the built binary, its child processes, its output and exit status.
@Suite("repo-contracts-demo (built binary)", .timeLimit(.minutes(10)))
struct DemoBinaryTests {
    static let inMemory = "in-memory"
    static let userDefaults = "userdefaults"
    static let crashingClause = "delete.lastLeavesEmpty"
    /// Every clause the seed port breaks: one traps, the others fail.
    static let userDefaultsBroken: Set<String> = [
        "create.existingIDFollowsPolicy", "fetchAll.emptyRepository", "fetch.unknownIDOnEmpty",
        "update.leavesTwinsUntouched", "delete.leavesTwinsUntouched", crashingClause,
    ]

    @Test("the table names both conformers, the failures, and the trap as one crashed clause")
    func table() async throws {
        let run = try await RepoContractsBinary.runDemo()
        #expect(run.status == 0, "stderr:\n\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count < 120, "the default output should stay readable")

        let inMemoryRow = try #require(lines.first { $0.hasPrefix(Self.inMemory + " ") })
        let seedRow = try #require(lines.first { $0.hasPrefix(Self.userDefaults + " ") })
        let header = try #require(lines.first { $0.hasPrefix("conformer ") })
        #expect(header.split(separator: " ") == ["conformer", "passed", "failed", "crashed", "skipped"])
        #expect(inMemoryRow.count == header.count && seedRow.count == header.count, "columns are aligned")
        let counts = { (row: String) in row.split(separator: " ").dropFirst().compactMap { Int($0) } }
        #expect(counts(inMemoryRow).count == 4)
        #expect(counts(inMemoryRow)[1] == 0 && counts(inMemoryRow)[2] == 0, "in-memory fails nothing: \(inMemoryRow)")
        #expect(counts(seedRow)[1] == Self.userDefaultsBroken.count - 1, "seed port row: \(seedRow)")
        #expect(counts(seedRow)[2] == 1, "seed port row: \(seedRow)")

        for id in Self.userDefaultsBroken {
            #expect(run.stdout.contains("✘ \(Self.userDefaults) [CRUD › \(id)]"), "no failure block for \(id)")
        }
        let crashBlock = try #require(run.stdout.components(separatedBy: "\n\n").first {
            $0.hasPrefix("✘ \(Self.userDefaults) [CRUD › \(Self.crashingClause)]")
        })
        #expect(crashBlock.contains("SIGILL") || crashBlock.contains("SIGTRAP"), "\(crashBlock)")
        // An optimized build (`swift test -c release`) traps without the standard library's message.
        if _isDebugAssertConfiguration() {
            #expect(crashBlock.contains("Range requires lowerBound <= upperBound"), "\(crashBlock)")
        }
        #expect(!run.stdout.contains("✘ \(Self.inMemory) "))
        try Self.expectTroubleshootingQuotes(crashBlock)
    }

    /// The contracts catalogue's Troubleshooting article quotes the crash block's first lines as this
    /// platform prints them but for the signal (its number and name differ between platforms).
    static func expectTroubleshootingQuotes(_ crashBlock: String) throws {
        let article = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Contracts/Testing/RepositoryContracts.docc/Articles/Troubleshooting.md")
        let signal = #"signal [0-9]+ \(SIG[A-Z]+\)"#
        let quoted = crashBlock.split(separator: "\n").prefix(2).joined(separator: "\n")
            .replacingOccurrences(of: signal, with: "signal 4 (SIGILL)", options: .regularExpression)
        #expect(try String(contentsOf: article, encoding: .utf8).contains(quoted), "\(quoted)")
    }

    @Test("--format json is the report's JSON: the seed port breaks exactly its known clauses, and the run goes on after the trap")
    func json() async throws {
        let run = try await RepoContractsBinary.runDemo("--format", "json")
        #expect(run.status == 0, "stderr:\n\(run.stderr)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(root["contract"] as? String == "CRUD")
        let conformers = try #require(root["conformers"] as? [[String: Any]])
        let names = conformers.compactMap { $0["name"] as? String }
        #expect(names.count == conformers.count)
        #expect(names.filter { [Self.inMemory, Self.userDefaults].contains($0) } == [Self.inMemory, Self.userDefaults], "registry order")

        var statuses: [String: [String: String]] = [:]  // conformer → clause id → status
        for conformer in conformers {
            let name = try #require(conformer["name"] as? String)
            let clauses = try #require(conformer["clauses"] as? [[String: Any]])
            #expect(!clauses.isEmpty)
            for clause in clauses {
                let id = try #require(clause["id"] as? String)
                let status = try #require(clause["status"] as? String)
                #expect(clause["summary"] is String, "\(name)/\(id) has no summary")
                #expect(["passed", "failed", "skipped", "crashed"].contains(status), "\(name)/\(id): \(status)")
                if status != "passed" {
                    #expect(clause["message"] is String, "\(name)/\(id) is \(status) without a message")
                }
                statuses[name, default: [:]][id] = status
            }
            let ids = clauses.compactMap { $0["id"] as? String }
            #expect(Set(ids).count == ids.count, "\(name) reports a clause twice")
        }

        let inMemory = try #require(statuses[Self.inMemory])
        #expect(inMemory.filter { $0.value == "failed" || $0.value == "crashed" }.isEmpty)

        let seed = try #require(statuses[Self.userDefaults])
        #expect(Set(seed.filter { $0.value != "passed" && $0.value != "skipped" }.keys) == Self.userDefaultsBroken)
        #expect(seed[Self.crashingClause] == "crashed")
        for id in Self.userDefaultsBroken.subtracting([Self.crashingClause]) {
            #expect(seed[id] == "failed", "\(id)")
        }
        // Clauses after the trap still ran, in a new child process.
        #expect(seed["delete.missingIDFollowsPolicy"] == "passed")
        #expect(seed["delete.twiceFollowsPolicy"] != nil)
        // Both conformers run the same contract: the same clauses, in the same (contract) order.
        let order = { (name: String) in
            (conformers.first { $0["name"] as? String == name }?["clauses"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
        }
        #expect(order(Self.inMemory) == order(Self.userDefaults))
    }

    /// The seed systems, as `demo --all` names their conformers.
    static let seedSystems = ["session", "recipes", "cache-then-network", "loader"]

    @Test("--all adds every seed system's real, fake and broken conformers, each labelled with its own contract")
    func all() async throws {
        let run = try await RepoContractsBinary.runDemo("--all", "--format", "json")
        #expect(run.status == 0, "stderr:\n\(run.stderr)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let conformers = try #require(root["conformers"] as? [[String: Any]])
        let names = conformers.compactMap { $0["name"] as? String }
        #expect(names.prefix(2) == [Self.inMemory, Self.userDefaults])
        for system in Self.seedSystems {
            let rows = conformers.filter { ($0["name"] as? String)?.contains(system) == true }
            #expect(rows.count >= 2, "\(system): \(names)")
            let failing = rows.filter { row in
                (row["clauses"] as? [[String: Any]] ?? []).contains { $0["status"] as? String == "failed" }
            }
            #expect(failing.contains { ($0["name"] as? String)?.contains("broken") == true }, "\(system): no broken variant fails")
            #expect(failing.allSatisfy { ($0["name"] as? String)?.contains("broken") == true }, "\(system): only broken variants fail")
        }
        let table = try await RepoContractsBinary.runDemo("--all")
        #expect(table.stdout.contains("✘ session-broken-signout [Session › session.signOutDeletes]"))
    }

    @Test("--strict exits 1 when a clause failed or crashed, 0 when none did")
    func strict() async throws {
        let broken = try await RepoContractsBinary.runDemo("--strict")
        #expect(broken.status == 1)
        #expect(broken.stdout.contains(Self.userDefaults))
        let clean = try await RepoContractsBinary.runDemo("--strict", "--conformer", Self.inMemory)
        #expect(clean.status == 0, "stderr:\n\(clean.stderr)")
        #expect(!clean.stdout.contains(Self.userDefaults))
    }

    @Test("an unknown option exits 64 with an error naming it and a usage")
    func unknownOption() async throws {
        let run = try await RepoContractsBinary.runDemo("--frobnicate")
        #expect(run.status == 64)
        #expect(run.stderr.contains("error: unknown option '--frobnicate'"))
        #expect(run.stderr.contains("usage: repo-contracts-demo"))
        #expect(run.stdout.isEmpty)
    }

    @Test("usage errors exit 64", arguments: [
        ["repo-contracts", "frobnicate"], ["repo-contracts-demo", "--format", "xml"], ["repo-contracts-demo", "--format"],
        ["repo-contracts-demo", "--conformer", "nope"], ["repo-contracts-demo", "extra"],
    ])
    func usageErrors(_ command: [String]) async throws {
        let outcome = try await RepoContractsBinary.run(arguments: Array(command.dropFirst()), executable: command[0])
        #expect(outcome.status == 64)
        #expect(outcome.stderr.hasPrefix("error: "), "\(outcome.stderr)")
    }

    @Test("no arguments: usage on standard error, exit 64")
    func noArguments() async throws {
        let run = try await RepoContractsBinary.run(arguments: [])
        #expect(run.status == 64)
        #expect(run.stderr.contains("USAGE: repo-contracts"))
    }

    @Test("--help exits 0 and leaves the moved demo out; repo-contracts-demo --help describes the demo's options")
    func help() async throws {
        let tool = try await RepoContractsBinary.run("--help")
        #expect(tool.status == 0)
        #expect(!tool.stdout.contains("demo"))
        #expect(!tool.stdout.contains("__run-conformer"), "the internal subcommand stays hidden")
        let demo = try await RepoContractsBinary.runDemo("--help")
        #expect(demo.status == 0)
        for option in ["--format", "--strict", "--conformer"] {
            #expect(demo.stdout.contains(option))
        }
    }

    @Test("repo-contracts demo says where the demo went and exits 64")
    func movedDemo() async throws {
        let run = try await RepoContractsBinary.run("demo", "--all")
        #expect(run.status == 64)
        #expect(run.stderr.contains("the demo moved to its own executable: swift run repo-contracts-demo"))
    }
}
#endif
