#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
import RecordReplayMessages
import Foundation
import RecordReplay
import Testing

@testable import RepoContractsCLI

/// `repo-contracts trim`: a browser-shaped HAR cut down to the entries a test needs, by host, method,
/// path pattern and index, written redacted.
@Suite("trim")
struct TrimCommandTests {
    static let token = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyLTQyIn0.c2lnbmF0dXJlLXNpZ25hdHVyZQ"

    /// Five entries as a browser saves them: the API, a font and an analytics beacon.
    static var browserHAR: String {
        let entries = [
            ("GET", "https://api.example.com/v1/todos?page=1"),
            ("POST", "https://api.example.com/v1/todos"),
            ("GET", "https://fonts.gstatic.com/s/inter/v12/font.woff2"),
            ("POST", "https://www.google-analytics.com/g/collect?v=2"),
            ("GET", "https://api.example.com/v1/todos/7"),
        ].map { method, url in
            """
            {"startedDateTime": "2026-11-24T08:00:00.000Z", "time": 5,
             "request": {"method": "\(method)", "url": "\(url)", "httpVersion": "HTTP/2",
               "headers": [{"name": "Authorization", "value": "Bearer \(token)"}], "queryString": [], "cookies": [],
               "headersSize": -1, "bodySize": 0},
             "response": {"status": 200, "statusText": "", "httpVersion": "HTTP/2", "headers": [], "cookies": [],
               "content": {"size": 2, "mimeType": "application/json", "text": "{}"}, "redirectURL": "",
               "headersSize": -1, "bodySize": 2},
             "cache": {}, "timings": {"send": 1, "wait": 3, "receive": 1}}
            """
        }
        return #"{"log": {"version": "1.2", "creator": {"name": "Firefox", "version": "132.0"}, "entries": ["#
            + entries.joined(separator: ",") + "]}}"
    }

    func trimmed(_ selection: TrimCommand.Selection, to name: String = "out.json") async throws -> (Fixture, ConsoleCapture) {
        let directory = try makeTemporaryDirectory("trim")
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("page.har")
        try Data(Self.browserHAR.utf8).write(to: input)
        let output = directory.appendingPathComponent(name)
        let capture = ConsoleCapture()
        let status = try await TrimCommand(input: input.path, output: output.path, selection: selection).run(capture.console)
        #expect(status == .success, "\(capture.error)")
        let text = String(decoding: try Data(contentsOf: output), as: UTF8.self)
        #expect(!text.contains(Self.token), "the output holds the bearer token")
        return (try Fixture(contentsOf: output), capture)
    }

    @Test("host and path patterns keep the API's todo entries and drop the font and the beacon")
    func hostAndPath() async throws {
        let (fixture, capture) = try await trimmed(
            TrimCommand.Selection(hosts: ["api.example.com"], paths: ["/v1/todos", "/v1/todos/*"]))
        #expect(fixture.interactions.map { "\($0.request.method) \($0.request.path)" } == [
            "GET /v1/todos", "POST /v1/todos", "GET /v1/todos/7",
        ])
        #expect(fixture.upstream == "https://api.example.com")
        #expect(capture.out.contains("kept 3 of 5 entries"))
        #expect(capture.error.contains("redacted: #0 request.header Authorization"))
    }

    @Test("criteria combine: a method narrows them, an index adds an entry whatever they say")
    func methodAndIndex() async throws {
        let (fixture, _) = try await trimmed(
            TrimCommand.Selection(hosts: ["API.example.com"], methods: ["get"], indices: [3]), to: "out.har")
        #expect(fixture.interactions.map { "\($0.request.method) \($0.request.path)" } == [
            "GET /v1/todos", "POST /g/collect", "GET /v1/todos/7",
        ])
    }

    @Test("a native fixture is trimmed by method, path and index; its host is its upstream's")
    func nativeFixture() async throws {
        let directory = try makeTemporaryDirectory("trim-native")
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("in.json")
        let output = directory.appendingPathComponent("out.json")
        try Fixture(
            interactions: ["/a", "/b/1", "/b/2"].map {
                Interaction(request: StubRequest(method: "GET", path: $0), response: StubResponse())
            }, upstream: "https://api.example.com"
        ).write(to: input)
        let selection = TrimCommand.Selection(hosts: ["api.example.com"], paths: ["/b/*"])
        #expect(try await TrimCommand(input: input.path, output: output.path, selection: selection).run(ConsoleCapture().console) == .success)
        #expect(try Fixture(contentsOf: output).interactions.map(\.request.path) == ["/b/1", "/b/2"])
        let elsewhere = TrimCommand.Selection(hosts: ["other.example.com"], indices: [0])
        #expect(try await TrimCommand(input: input.path, output: output.path, selection: elsewhere, force: true).run(ConsoleCapture().console) == .success)
        #expect(try Fixture(contentsOf: output).interactions.map(\.request.path) == ["/a"])
    }

    @Test("usage: two files and at least one criterion; a path must start with /")
    func arguments() throws {
        let parsed = try TrimCommand(parsing: ["in.har", "out.json", "--host", "api.example.com", "--path=/v1/**", "--index", "4", "--method", "GET"])
        #expect(parsed.selection == TrimCommand.Selection(hosts: ["api.example.com"], methods: ["GET"], paths: ["/v1/**"], indices: [4]))
        #expect(throws: UsageError.self) { try TrimCommand(parsing: ["in.har", "out.json"]) }
        #expect(throws: UsageError.self) { try TrimCommand(parsing: ["in.har", "--host", "x"]) }
        #expect(throws: UsageError.self) { try TrimCommand(parsing: ["in.har", "out.json", "--path", "v1"]) }
        #expect(throws: UsageError.self) { try TrimCommand(parsing: ["in.har", "out.json", "--index", "-1"]) }
    }
}
#endif
