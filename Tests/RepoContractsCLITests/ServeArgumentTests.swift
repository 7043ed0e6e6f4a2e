#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
import Foundation
import RepositoryContractsPrimitives
import Testing

@testable import RepoContractsCLI

/// `repo-contracts serve`'s arguments, and its refusal of a broken fixture before it listens.
@Suite("serve")
struct ServeArgumentTests {
    @Test("serve reads fixtures, --port and --host in any order")
    func readsArguments() throws {
        let parsed = try ServeCommand(parsing: ["a.json", "--port", "8080", "b.har", "--host=0.0.0.0"])
        #expect(parsed == ServeCommand(fixtures: ["a.json", "b.har"], port: 8080, host: "0.0.0.0"))
        #expect(try ServeCommand(parsing: ["a.json"]) == ServeCommand(fixtures: ["a.json"]))
    }

    @Test("usage errors: no fixture, a port out of range, an unknown option")
    func usageErrors() {
        #expect(throws: UsageError.self) { try ServeCommand(parsing: []) }
        #expect(throws: UsageError.self) { try ServeCommand(parsing: ["a.json", "--port", "70000"]) }
        #expect(throws: UsageError.self) { try ServeCommand(parsing: ["a.json", "--verbose"]) }
    }

    @Test("--max-connections and --max-body-memory set the caps; 0 or a word is a usage error")
    func caps() throws {
        let command = try ServeCommand(parsing: ["a.json", "--max-connections", "8", "--max-body-memory=16"])
        #expect(command.maxConnections == 8)
        #expect(command.maxBodyMemoryMiB == 16)
        #expect(try ServeCommand(parsing: ["a.json"]).maxConnections == nil)
        #expect(throws: UsageError.self) { try ServeCommand(parsing: ["a.json", "--max-connections", "0"]) }
        #expect(throws: UsageError.self) { try ServeCommand(parsing: ["a.json", "--max-body-memory", "lots"]) }
    }

    @Test("a fixture that is not valid exits 65 with the file, the JSON path and the reason")
    func brokenFixture() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("serve-broken-\(UUID()).json")
        try Data(#"{"format": "swift-repository-contracts/fixture", "version": 1, "interactions": [{"request": {"method": "GET", "path": "/", "headers": []}, "response": {"status": "OK", "headers": []}}]}"#.utf8)
            .write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let printed = Protected("")
        let console = Console(writeOut: { _ in }, writeError: { text in printed.withLock { $0 += text } })
        #expect(try await ServeCommand(fixtures: [file.path]).run(console) == .dataError)
        let message = printed.withLock { $0 }
        #expect(message.contains(file.path) && message.contains("$.interactions[0].response.status"), "\(message)")
    }
}
#endif
