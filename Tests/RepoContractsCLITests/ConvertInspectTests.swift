#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
import RecordReplayMessages
import Foundation
import RecordReplay
import Testing

@testable import RepoContractsCLI

/// `repo-contracts convert` and `repo-contracts inspect`: their arguments, and what they do to fixture
/// files in a temporary directory.
@Suite("convert and inspect")
struct ConvertInspectTests {
    /// A fresh directory under the temporary directory; the caller removes it.
    private func makeDirectory() throws -> URL {
        try makeTemporaryDirectory("convert-inspect")
    }

    /// A fixture with a JSON, a text, a binary and an empty body, and a query.
    private var sample: Fixture {
        Fixture(
            interactions: [
                Interaction(
                    request: StubRequest(
                        method: "GET", path: "/todos", query: [QueryItem(name: "limit", value: "2"), QueryItem(name: "done", value: nil)]),
                    response: StubResponse(
                        status: 200, headers: ["Content-Type": "application/json"], body: Data(#"[{"id":1}]"#.utf8))),
                Interaction(
                    request: StubRequest(
                        method: "POST", path: "/todos", headers: ["Content-Type": "application/json"],
                        body: Data(#"{"title":"milk"}"#.utf8)),
                    response: StubResponse(status: 201, headers: ["Content-Type": "text/plain"], body: Data("created".utf8))),
                Interaction(
                    request: StubRequest(method: "GET", path: "/logo"),
                    response: StubResponse(
                        status: 200, headers: ["Content-Type": "image/png"], body: Data([0x89, 0x50, 0x00, 0xFF]))),
            ],
            upstream: "https://api.example.com")
    }

    // MARK: Arguments

    @Test("convert reads <in> <out> and --force, in any order")
    func convertArguments() throws {
        #expect(try ConvertCommand(parsing: ["a.json", "b.har"]) == ConvertCommand(input: "a.json", output: "b.har"))
        #expect(
            try ConvertCommand(parsing: ["--force", "a.har", "b.json"])
                == ConvertCommand(input: "a.har", output: "b.json", force: true))
        #expect(try ConvertCommand(parsing: ["a.JSON", "b.json", "--force"]).force)
        guard case .run(let command) = try Tool.invocation(for: ["convert", "a.json", "b.har"]) else {
            Issue.record("convert did not select a command")
            return
        }
        #expect(command is ConvertCommand)
    }

    @Test(
        "convert usage errors name what is wrong",
        arguments: [
            ([], "missing input and output fixtures"),
            (["a.json"], "missing output fixture"),
            (["a.json", "b.har", "c.json"], "unexpected argument 'c.json'"),
            (["a.json", "b.xml"], "'b.xml' has unknown extension '.xml'"),
            (["a.yaml", "b.json"], "'a.yaml' has unknown extension '.yaml'"),
            (["a", "b.json"], "'a' has no extension"),
            (["a.json", "b.har", "--force=yes"], "--force takes no value"),
            (["a.json", "b.har", "--frob"], "unknown option '--frob'"),
        ])
    func convertUsageErrors(arguments: [String], message: String) {
        let error = #expect(throws: UsageError.self) { try ConvertCommand(parsing: arguments) }
        #expect(error?.message.hasPrefix(message) == true, "\(error?.message ?? "no error")")
        #expect(error?.usage == ConvertCommand.synopsis)
    }

    @Test("inspect reads fixtures and --format in any order")
    func inspectArguments() throws {
        #expect(try InspectCommand(parsing: ["a.json"]) == InspectCommand(fixtures: ["a.json"]))
        #expect(
            try InspectCommand(parsing: ["a.json", "--format", "json", "b.har"])
                == InspectCommand(fixtures: ["a.json", "b.har"], format: .json))
        #expect(try InspectCommand(parsing: ["--format=table", "a.har"]) == InspectCommand(fixtures: ["a.har"]))
    }

    @Test(
        "inspect usage errors name what is wrong",
        arguments: [
            ([], "missing fixture"),
            (["--format", "json"], "missing fixture"),
            (["a.json", "--format", "xml"], "invalid value 'xml' for --format (expected one of: table, json)"),
            (["a.json", "--format"], "missing value for --format"),
            (["a.txt"], "'a.txt' has unknown extension '.txt'"),
            (["a.json", "-v"], "unknown option '-v'"),
        ])
    func inspectUsageErrors(arguments: [String], message: String) {
        let error = #expect(throws: UsageError.self) { try InspectCommand(parsing: arguments) }
        #expect(error?.message.hasPrefix(message) == true, "\(error?.message ?? "no error")")
        #expect(error?.usage == InspectCommand.synopsis)
    }

    @Test("the tool's help lists both subcommands and exit status 65")
    func help() {
        #expect(Tool.help.contains("convert"))
        #expect(Tool.help.contains("inspect"))
        #expect(Tool.help.contains("65"))
        #expect(ExitCode.dataError.rawValue == 65)
    }

    // MARK: convert

    @Test("native → HAR → native gives back the same fixture and the same bytes")
    func roundTrip() async throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let original = directory.appendingPathComponent("original.json")
        let har = directory.appendingPathComponent("converted.har")
        let back = directory.appendingPathComponent("back.json")
        try sample.write(to: original)

        let toHAR = ConsoleCapture()
        #expect(try await ConvertCommand(input: original.path, output: har.path).run(toHAR.console) == .success)
        #expect(toHAR.out == "converted 3 interactions: \(original.path) → \(har.path)\n")
        #expect(toHAR.error == "")
        #expect(try Fixture(contentsOf: har) == sample)

        let toNative = ConsoleCapture()
        #expect(try await ConvertCommand(input: har.path, output: back.path).run(toNative.console) == .success)
        #expect(try Fixture(contentsOf: back) == sample)
        #expect(try Data(contentsOf: back) == Data(contentsOf: original))
    }

    @Test("an existing <out> is kept without --force and replaced with it")
    func overwrite() async throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("in.json")
        let output = directory.appendingPathComponent("out.har")
        try sample.write(to: input)
        try Data("keep me".utf8).write(to: output)

        await #expect {
            _ = try await ConvertCommand(input: input.path, output: output.path).run(ConsoleCapture().console)
        } throws: { error in
            (error as? ToolError)?.message.contains("pass --force") == true
        }
        #expect(try Data(contentsOf: output) == Data("keep me".utf8))

        let capture = ConsoleCapture()
        #expect(try await ConvertCommand(input: input.path, output: output.path, force: true).run(capture.console) == .success)
        #expect(try Fixture(contentsOf: output) == sample)
    }

    @Test("a broken input exits 65 naming the file and the JSON path, and writes nothing")
    func brokenInput() async throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("broken.json")
        let output = directory.appendingPathComponent("out.har")
        try Data(#"{"format": "swift-repository-contracts/fixture", "version": 1, "interactions": [{"request": {"method": "GET", "path": "/", "headers": []}, "response": {"status": "OK", "headers": []}}]}"#.utf8)
            .write(to: input)

        let capture = ConsoleCapture()
        #expect(try await ConvertCommand(input: input.path, output: output.path).run(capture.console) == .dataError)
        #expect(capture.error.hasPrefix("error: \(input.path): $.interactions[0].response.status: "))
        #expect(capture.out == "")
        #expect(!FileManager.default.fileExists(atPath: output.path))

        let missing = ConsoleCapture()
        let absent = directory.appendingPathComponent("absent.json").path
        #expect(try await ConvertCommand(input: absent, output: output.path).run(missing.console) == .dataError)
        #expect(missing.error.contains(absent))
    }

    @Test("HAR import notes go to standard error")
    func harNotes() async throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("in.har")
        let output = directory.appendingPathComponent("out.json")
        var har = try #require(try JSONSerialization.jsonObject(with: sample.encoded(as: .har)) as? [String: Any])
        var log = try #require(har["log"] as? [String: Any])
        var entries = try #require(log["entries"] as? [[String: Any]])
        var skipped = entries[0]
        var response = try #require(skipped["response"] as? [String: Any])
        response["status"] = 0
        response["_error"] = "net::ERR_CONNECTION_REFUSED"
        skipped["response"] = response
        entries.append(skipped)
        log["entries"] = entries
        har["log"] = log
        try JSONSerialization.data(withJSONObject: har).write(to: input)
        let imported = try HARCodec.decode(Data(contentsOf: input), source: input.path)
        try #require(!imported.notes.isEmpty, "the edited HAR should make the import skip something")

        let capture = ConsoleCapture()
        #expect(try await ConvertCommand(input: input.path, output: output.path).run(capture.console) == .success)
        for note in imported.notes {
            #expect(capture.error.contains("note: \(note)"))
        }
        #expect(capture.out.hasPrefix("converted \(imported.fixture.interactions.count) interaction"))
    }

    // MARK: inspect

    @Test("the table lists the heading and each interaction")
    func inspectTable() async throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("todos.json")
        try sample.write(to: file)

        let capture = ConsoleCapture()
        #expect(try await InspectCommand(fixtures: [file.path]).run(capture.console) == .success)
        let lines = capture.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.prefix(4) == [
            file.path,
            "  format:       native (.json)",
            "  upstream:     https://api.example.com",
            "  interactions: 3",
        ])
        let rows = lines.filter { $0.hasPrefix("  ") }.map { $0.split(separator: " ").joined(separator: " ") }
        #expect(rows.contains("# METHOD PATH STATUS REQUEST BODY RESPONSE BODY CONTENT-TYPE"))
        #expect(rows.contains("1 GET /todos?limit=2&done 200 empty json 10 B application/json"))
        #expect(rows.contains("2 POST /todos 201 json 16 B text 7 B text/plain"))
        #expect(rows.contains("3 GET /logo 200 empty base64 4 B image/png"))
        #expect(capture.error == "")
    }

    @Test("--format json is an array with the counts, and an invalid fixture exits 65")
    func inspectJSON() async throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let native = directory.appendingPathComponent("todos.json")
        let har = directory.appendingPathComponent("todos.har")
        try sample.write(to: native)
        try Fixture(interactions: Array(sample.interactions.prefix(1))).write(to: har)

        let capture = ConsoleCapture()
        #expect(try await InspectCommand(fixtures: [native.path, har.path], format: .json).run(capture.console) == .success)
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(capture.out.utf8)) as? [[String: Any]])
        try #require(parsed.count == 2)
        #expect(parsed[0]["path"] as? String == native.path)
        #expect(parsed[0]["format"] as? String == "native")
        #expect(parsed[0]["interactionCount"] as? Int == 3)
        #expect((parsed[0]["interactions"] as? [Any])?.count == 3)
        #expect((parsed[0]["securityNotes"] as? [String]) == ["redaction: nothing left to redact", "secret scan: clean"])
        #expect(parsed[1]["format"] as? String == "har")
        #expect(parsed[1]["interactionCount"] as? Int == 1)
        let first = try #require((parsed[0]["interactions"] as? [[String: Any]])?.first)
        #expect(first["target"] as? String == "/todos?limit=2&done")
        #expect((first["responseBody"] as? [String: Any])?["kind"] as? String == "json")
        #expect((first["responseBody"] as? [String: Any])?["bytes"] as? Int == 10)

        let again = ConsoleCapture()
        _ = try await InspectCommand(fixtures: [native.path, har.path], format: .json).run(again.console)
        #expect(again.out == capture.out, "the JSON is stable")

        let broken = directory.appendingPathComponent("broken.json")
        try Data("{".utf8).write(to: broken)
        let failing = ConsoleCapture()
        #expect(try await InspectCommand(fixtures: [native.path, broken.path]).run(failing.console) == .dataError)
        #expect(failing.error.hasPrefix("error: \(broken.path):1:"))
        #expect(failing.out == "")
    }

    @Test("inspect prints no secret: query values and an upstream's password are masked in the table and the JSON")
    func inspectMasksWhatItPrints() async throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let token = "hf_" + "aB3dE6gH9jK2mN5pQ8sT1vW4yZ7bC0eF3h"
        let signature = "k7Qp2Xz9LmN4vB8rT1wY6sD3fG5hJ0aC"
        let fixture = Fixture(
            interactions: [
                Interaction(
                    request: StubRequest(
                        method: "GET", path: "/models",
                        query: [QueryItem(name: "hf_token", value: token), QueryItem(name: "sig", value: signature)]),
                    response: StubResponse(status: 200))
            ], upstream: "https://user:hunter2secret@api.example.com")
        let file = directory.appendingPathComponent("leaky.json")
        try fixture.encoded(as: .native).write(to: file)
        for format in [OutputFormat.table, .json] {
            let capture = ConsoleCapture()
            #expect(try await InspectCommand(fixtures: [file.path], format: format).run(capture.console) == .success)
            let printed = capture.out + capture.error
            for secret in [token, signature, "hunter2secret"] {
                #expect(!printed.contains(secret), "\(format) output shows \(secret)")
            }
            #expect(printed.contains(Redaction.placeholder))
        }
    }

    @Test("serve exits 65 on a fixture it cannot read, and says what a FIFO, a device or a directory is")
    func unreadableFixtures() async throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("pipe.json")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let folder = directory.appendingPathComponent("folder.json")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let device = directory.appendingPathComponent("device.json")
        try FileManager.default.createSymbolicLink(atPath: device.path, withDestinationPath: "/dev/null")
        let cases = [
            (fifo.path, "it is a FIFO (named pipe), not a regular file"),
            (device.path, "it is a character device, not a regular file"),
            (folder.path, "it is a directory, not a regular file"),
            (directory.appendingPathComponent("absent.json").path, "No such file or directory"),
        ]
        for (path, reason) in cases {
            let capture = ConsoleCapture()
            #expect(try await ServeCommand(fixtures: [path]).run(capture.console) == .dataError, "\(path)")
            #expect(capture.error.contains(path) && capture.error.contains(reason), "\(capture.error)")
            let inspect = ConsoleCapture()
            #expect(try await InspectCommand(fixtures: [path]).run(inspect.console) == .dataError)
            #expect(inspect.error.contains(reason), "\(inspect.error)")
        }
    }

    @Test("convert redacts a browser-shaped HAR's credentials as recording does, and names each field")
    func convertRedacts() async throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let bearer = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyLTQyIn0.c2lnbmF0dXJlLXNpZ25hdHVyZQ"
        let session = "s%3AkX9vQ2pL7mN4rT8wZ1cF6hJ3bD5gA0eY"
        let stripe = "sk_live_51HqT7pLmN4vB8rTxY6sD3fG5hJ0aC2kQ"
        let har = """
            {"log": {"version": "1.2", "creator": {"name": "WebInspector", "version": "537.36"}, "entries": [
              {"startedDateTime": "2026-11-24T08:00:00.000Z", "time": 12,
               "request": {"method": "GET", "url": "https://api.example.com/v1/charges?api_key=\(stripe)&limit=3",
                 "httpVersion": "HTTP/1.1",
                 "headers": [{"name": "Authorization", "value": "Bearer \(bearer)"}, {"name": "Cookie", "value": "sid=\(session)"}],
                 "queryString": [{"name": "api_key", "value": "\(stripe)"}, {"name": "limit", "value": "3"}],
                 "cookies": [{"name": "sid", "value": "\(session)"}], "headersSize": -1, "bodySize": 0},
               "response": {"status": 200, "statusText": "OK", "httpVersion": "HTTP/1.1",
                 "headers": [{"name": "Content-Type", "value": "application/json"}, {"name": "Set-Cookie", "value": "sid=\(session); Path=/; HttpOnly"}],
                 "cookies": [], "content": {"size": 12, "mimeType": "application/json", "text": "{\\"ok\\":true}"},
                 "redirectURL": "", "headersSize": -1, "bodySize": 12},
               "cache": {}, "timings": {"send": 1, "wait": 10, "receive": 1}}]}}
            """
        let input = directory.appendingPathComponent("browser.har")
        try Data(har.utf8).write(to: input)
        for name in ["out.json", "out.har"] {
            let output = directory.appendingPathComponent(name)
            let capture = ConsoleCapture()
            #expect(try await ConvertCommand(input: input.path, output: output.path).run(capture.console) == .success)
            let written = String(decoding: try Data(contentsOf: output), as: UTF8.self)
            for secret in [bearer, session, stripe] {
                #expect(!written.contains(secret), "\(name) holds \(secret)")
            }
            #expect(written.contains(Redaction.placeholder))
            #expect(capture.error.contains("redacted: #0 request.header Authorization"))
            #expect(capture.out.contains("field") && capture.out.contains("redacted"))
        }
    }

    @Test("convert refuses a fixture that still holds a secret after redaction, naming it, and writes nothing")
    func convertRefuses() async throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let token = "ghp_" + String(repeating: "A1b2C3d4", count: 5) + "Zz9y"
        var body = Data([0xFF, 0xFE, 0x00, 0x01])
        body.append(Data(" \(token) ".utf8))
        let fixture = Fixture(interactions: [
            Interaction(
                request: StubRequest(method: "GET", path: "/blob"),
                response: StubResponse(status: 200, headers: ["Content-Type": "application/octet-stream"], body: body))
        ])
        let input = directory.appendingPathComponent("in.json")
        try fixture.encoded(as: .native).write(to: input)
        let output = directory.appendingPathComponent("out.har")
        let capture = ConsoleCapture()
        #expect(try await ConvertCommand(input: input.path, output: output.path).run(capture.console) == .dataError)
        #expect(capture.error.contains("not written") && capture.error.contains("response.body"))
        #expect(!capture.error.contains(token))
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }
}
#endif
