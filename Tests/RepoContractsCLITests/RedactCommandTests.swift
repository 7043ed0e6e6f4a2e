#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
import RecordReplayMessages
import Foundation
@_spi(Benchmarks) import RecordReplay
@_spi(Benchmarks) import RecordReplayFixtures
@_spi(Benchmarks) import RecordReplayRedaction
@_spi(Benchmarks) import RecordReplayWire
import Testing

@testable import RepoContractsCLI

/// `repo-contracts redact`: fixtures redacted in place and still replayable; `--check` writes nothing;
/// a secret redaction cannot remove is refused; the package's own fixtures need nothing.
@Suite("redact")
struct RedactCommandTests {
    static let stripe = "sk_live_51HqT7pLmN4vB8rTxY6sD3fG5hJ0aC2kQ"
    static let bearer = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyLTQyIn0.c2lnbmF0dXJlLXNpZ25hdHVyZQ"

    /// A fixture as a hand-made capture would hold it: a key in the query, a bearer token echoed.
    static var leaking: Fixture {
        Fixture(interactions: [
            Interaction(
                request: StubRequest(
                    method: "GET", path: "/v1/charges", query: [QueryItem(name: "api_key", value: stripe)],
                    headers: ["Authorization": "Bearer \(bearer)"]),
                response: StubResponse(
                    status: 200, headers: ["Content-Type": "application/json"],
                    body: Data(#"{"echo":"Bearer \#(bearer)","ok":true}"#.utf8)))
        ])
    }

    @Test("redacts in place, keeps the fixture replayable, and leaves a clean fixture byte for byte")
    func redactsInPlace() async throws {
        let directory = try makeTemporaryDirectory("redact")
        defer { try? FileManager.default.removeItem(at: directory) }
        for name in ["capture.json", "capture.har"] {
            let file = directory.appendingPathComponent(name)
            try Self.leaking.write(to: file)
            let capture = ConsoleCapture()
            #expect(try await RedactCommand(fixtures: [file.path]).run(capture.console) == .success)
            let written = try Data(contentsOf: file)
            let text = String(decoding: written, as: UTF8.self)
            #expect(!text.contains(Self.stripe) && !text.contains(Self.bearer), "\(name) still holds a secret")
            #expect(capture.error.contains("redacted: #0 request.query api_key"))
            // Replayable: the client sends its real credentials and gets the recorded answer.
            let playback = Playback()
            playback.load(try Fixture(contentsOf: file), source: name)
            let request = StubRequest(
                method: "GET", path: "/v1/charges", query: [QueryItem(name: "api_key", value: "sk_live_other")],
                headers: ["Authorization": "Bearer other"])
            guard case .respond(let response) = playback.plan(for: request) else {
                Issue.record("no immediate answer")
                continue
            }
            #expect(response.status == 200, "\(String(decoding: response.body, as: UTF8.self))")
            // Again: nothing to redact, the file is untouched.
            let again = ConsoleCapture()
            #expect(try await RedactCommand(fixtures: [file.path]).run(again.console) == .success)
            #expect(again.out.contains("nothing to redact"))
            #expect(try Data(contentsOf: file) == written)
        }
    }

    @Test("--check lists what it would redact, exits 1 and writes nothing; a clean fixture passes")
    func check() async throws {
        let directory = try makeTemporaryDirectory("redact-check")
        defer { try? FileManager.default.removeItem(at: directory) }
        let leaking = directory.appendingPathComponent("leaking.json")
        try Self.leaking.write(to: leaking)
        let before = try Data(contentsOf: leaking)
        let clean = directory.appendingPathComponent("clean.json")
        try Fixture(interactions: [Interaction(request: StubRequest(method: "GET", path: "/todos"), response: StubResponse())])
            .write(to: clean)
        let capture = ConsoleCapture()
        #expect(try await RedactCommand(fixtures: [clean.path, leaking.path], check: true).run(capture.console) == .failure)
        #expect(capture.error.contains("would redact: #0 request.header Authorization"))
        #expect(capture.out.contains("\(clean.path): nothing to redact"))
        #expect(try Data(contentsOf: leaking) == before)
        #expect(try await RedactCommand(fixtures: [clean.path], check: true).run(ConsoleCapture().console) == .success)
    }

    @Test("--check lists the fields a write redacts, one for one, without editing the file")
    func checkListsWhatAWriteRedacts() async throws {
        let directory = try makeTemporaryDirectory("redact-check-same")
        defer { try? FileManager.default.removeItem(at: directory) }
        let leaking = directory.appendingPathComponent("leaking.json")
        try Self.leaking.write(to: leaking)
        let checking = ConsoleCapture()
        #expect(try await RedactCommand(fixtures: [leaking.path], check: true).run(checking.console) == .failure)
        let writing = ConsoleCapture()
        #expect(try await RedactCommand(fixtures: [leaking.path], check: false).run(writing.console) == .success)
        func fields(_ text: String, _ verb: String) -> [String] {
            text.split(separator: "\n").compactMap { line in line.range(of: ": \(verb): ").map { String(line[$0.upperBound...]) } }
        }
        let wouldRedact = fields(checking.error, "would redact")
        #expect(!wouldRedact.isEmpty)
        #expect(wouldRedact == fields(writing.error, "redacted"), "\(checking.error)\n\(writing.error)")
    }

    @Test("a secret the redaction cannot remove is refused naming the field, and the file is left as it is")
    func refuses() async throws {
        let directory = try makeTemporaryDirectory("redact-refuse")
        defer { try? FileManager.default.removeItem(at: directory) }
        let token = "ghp_" + String(repeating: "A1b2C3d4", count: 5) + "Zz9y"
        var body = Data([0xFF, 0xFE, 0x00])
        body.append(Data(" \(token) ".utf8))
        let file = directory.appendingPathComponent("binary.json")
        try Fixture(interactions: [
            Interaction(
                request: StubRequest(method: "GET", path: "/blob"),
                response: StubResponse(status: 200, headers: ["Content-Type": "application/octet-stream"], body: body))
        ]).write(to: file)
        let before = try Data(contentsOf: file)
        let capture = ConsoleCapture()
        #expect(try await RedactCommand(fixtures: [file.path]).run(capture.console) == .dataError)
        #expect(capture.error.contains("response.body") && !capture.error.contains(token))
        #expect(try Data(contentsOf: file) == before)
    }

    /// Files are redacted several at a time (a batch of twice the cores, one per core): the report still
    /// follows the order given, an unreadable file in the middle does not stop the others, and every
    /// leaking file is written redacted.
    @Test("many files: reported in the order given, an unreadable one in the middle, every leaking one redacted")
    func manyFilesInOrder() async throws {
        let directory = try makeTemporaryDirectory("redact-many")
        defer { try? FileManager.default.removeItem(at: directory) }
        let clean = Fixture(interactions: [
            Interaction(request: StubRequest(method: "GET", path: "/todos"), response: StubResponse(status: 200, body: Data("[]".utf8)))
        ])
        var paths: [String] = []
        for index in 0..<(4 * ProcessInfo.processInfo.activeProcessorCount + 3) {
            let file = directory.appendingPathComponent(String(format: "%03d.json", index))
            if index == 5 {
                try Data("{ not a fixture".utf8).write(to: file)
            } else {
                try (index % 3 == 0 ? Self.leaking : clean).write(to: file)
            }
            paths.append(file.path)
        }
        let capture = ConsoleCapture()
        #expect(try await RedactCommand(fixtures: paths).run(capture.console) == .dataError)
        let reported = capture.out.split(separator: "\n").map { String($0.prefix { $0 != ":" }) }
        #expect(reported == paths.enumerated().filter { $0.offset != 5 }.map(\.element))
        #expect(capture.error.contains("error: ") && capture.error.contains("005.json"))
        for (index, path) in paths.enumerated() where index % 3 == 0 {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(!text.contains(Self.stripe) && !text.contains(Self.bearer), "\(path) still holds a secret")
        }
    }

    @Test("the package's own fixtures have nothing left to redact")
    func committedFixturesAreClean() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures")
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?
            .compactMap { ($0 as? URL)?.path }
            .filter { $0.hasSuffix(".json") || $0.hasSuffix(".har") } ?? []
        #expect(files.count >= 50)
        let capture = ConsoleCapture()
        #expect(try await RedactCommand(fixtures: files, check: true).run(capture.console) == .success, "\(capture.error)")
    }

    @Test("arguments: fixtures, --check and the redaction names in any order; no fixture is a usage error")
    func arguments() throws {
        let parsed = try RedactCommand(parsing: ["a.json", "--check", "b.har", "--redact", "X-Tenant", "--allow-name=X-Build-Token"])
        #expect(parsed.fixtures == ["a.json", "b.har"] && parsed.check)
        #expect(parsed.redactionOptions == RedactionOptions(extraNames: ["X-Tenant"], allowedNames: ["X-Build-Token"]))
        #expect(throws: UsageError.self) { try RedactCommand(parsing: ["--check"]) }
        #expect(throws: UsageError.self) { try RedactCommand(parsing: ["a.txt"]) }
    }
}
#endif
