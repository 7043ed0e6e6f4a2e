#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
import RecordReplayMessages
import Foundation
import RecordReplay
import Testing

@testable import RepoContractsCLI

/// `repo-contracts inspect` shows the origin of an interaction that has one, and nothing new for one
/// that has none; `trim --host` keeps an interaction by its origin's host.
@Suite("inspect and trim: interaction origins")
struct InspectOriginTests {
    private var fixture: Fixture {
        Fixture(interactions: [
            Interaction(
                request: StubRequest(method: "POST", path: "/oauth/token", origin: HTTPOrigin("https://auth.example.com")),
                response: StubResponse(status: 200)),
            Interaction(
                request: StubRequest(
                    method: "GET", path: "/me", query: [QueryItem(name: "v", value: "2")],
                    origin: HTTPOrigin("http://api.example.com:8080")),
                response: StubResponse(status: 200)),
            Interaction(request: StubRequest(method: "GET", path: "/health"), response: StubResponse(status: 204)),
        ])
    }

    @Test("the table's PATH column starts with the origin; the JSON has an origin member only when there is one")
    func inspectShowsOrigins() async throws {
        let directory = try makeTemporaryDirectory("inspect-origins")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("hosts.json")
        try fixture.write(to: file)

        let table = ConsoleCapture()
        #expect(try await InspectCommand(fixtures: [file.path]).run(table.console) == .success)
        let rows = table.out.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        #expect(rows.contains("1 POST https://auth.example.com/oauth/token 200 empty empty -"), "\(table.out)")
        #expect(rows.contains("2 GET http://api.example.com:8080/me?v=2 200 empty empty -"), "\(table.out)")
        #expect(rows.contains("3 GET /health 204 empty empty -"), "\(table.out)")

        let json = ConsoleCapture()
        #expect(try await InspectCommand(fixtures: [file.path], format: .json).run(json.console) == .success)
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]])
        let interactions = try #require(parsed.first?["interactions"] as? [[String: Any]])
        #expect(interactions.map { $0["origin"] as? String } == ["https://auth.example.com", "http://api.example.com:8080", nil])
        #expect(interactions.map { $0["target"] as? String } == ["/oauth/token", "/me?v=2", "/health"])
        #expect(interactions[2].keys.contains("origin") == false)
    }

    @Test("trim --host keeps a native fixture's interactions by their origin's host, else the upstream's")
    func trimByOriginHost() async throws {
        let directory = try makeTemporaryDirectory("trim-origins")
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("in.json")
        var withUpstream = fixture
        withUpstream.upstream = "https://status.example.com"
        try withUpstream.write(to: input)
        for (host, kept) in [
            ("auth.example.com", ["/oauth/token"]), ("api.example.com", ["/me"]), ("status.example.com", ["/health"]),
        ] {
            let output = directory.appendingPathComponent("\(host).json")
            let selection = TrimCommand.Selection(hosts: [host])
            #expect(try await TrimCommand(input: input.path, output: output.path, selection: selection).run(ConsoleCapture().console) == .success)
            let trimmed = try Fixture(contentsOf: output)
            #expect(trimmed.interactions.map(\.request.path) == kept, "\(host)")
            #expect(trimmed.interactions.map(\.request.origin) == withUpstream.interactions.filter { kept.contains($0.request.path) }.map(\.request.origin))
        }
    }
}
#endif
