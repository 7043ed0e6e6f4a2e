#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
import Foundation
import RecordReplay
import Testing

@testable import RepoContractsCLI

/// A HAR whose response body is still brotli (as a browser may save it, `content.encoding: base64`):
/// nothing can check it for credentials, so loading it fails the scope, and `convert` and `redact`
/// write the body as `REDACTED` without its `Content-Encoding`.
@Suite("convert, redact and loading: a body in a coding nothing reads")
struct UnreadableCodingCommandTests {
    /// The brotli echo of ContentCodingRedactionTests (a token inside, not visible in the bytes); also
    /// what `RecordFaultTests` has the upstream send.
    static let brotli =
        "GwACSCwK7DbiBEOFmdV/VHnPsUoJHHLk8UUiiKC1ILA5lW1Olx5I6UqGjT9dTDabkBUUZkP/g708dAIEInca4+1STl5Lk9oCiqRUA+J0cnTB354cKAhatRFuO/myH1T7T44Bs7Evq4/INfQ8fFrO5TfTj7RLiHPMbSyZOgEa/DfRW5DmoeqL4qs95DHmA5rByNlCuKBwSemKyjW1Gxq3tO7o3NN7YLiLHIfIkRFJrMDj1T71nJbEHw=="

    static let har = """
        {"log":{"version":"1.2","creator":{"name":"browser","version":"1"},"entries":[{
          "startedDateTime":"2026-11-28T10:00:00.000Z","time":1,
          "request":{"method":"GET","url":"https://api.example.com/brotli","httpVersion":"HTTP/1.1","headers":[],"queryString":[],"cookies":[],"headersSize":-1,"bodySize":0},
          "response":{"status":200,"statusText":"OK","httpVersion":"HTTP/1.1","cookies":[],
            "headers":[{"name":"Content-Type","value":"application/json"},{"name":"Content-Encoding","value":"br"}],
            "content":{"size":513,"mimeType":"application/json","encoding":"base64","text":"\(brotli)"},
            "redirectURL":"","headersSize":-1,"bodySize":184},
          "cache":{},"timings":{"send":0,"wait":1,"receive":0}}]}}
        """

    @Test("loading fails the scope naming the body; convert and redact withhold it")
    func withheldEverywhere() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("unreadable-coding-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = directory.appendingPathComponent("session.har")
        try Data(Self.har.utf8).write(to: source)

        let server = StubServer()
        try server.loadFixture(at: source)
        let leak = server.report.findings.first { $0.message.contains("unreadableBody") }
        #expect(leak?.severity == .error, "\(server.report.findings.map(\.message))")
        #expect(leak?.message.contains("#0 response.body: unreadableBody Content-Encoding: br") == true, "\(leak?.message ?? "")")

        let converted = directory.appendingPathComponent("session.json")
        #expect(try await ConvertCommand(input: source.path, output: converted.path).run(ConsoleCapture().console) == .success)
        let copy = directory.appendingPathComponent("copy.har")
        try FileManager.default.copyItem(at: source, to: copy)
        #expect(try await RedactCommand(fixtures: [copy.path]).run(ConsoleCapture().console) == .success)
        for file in [converted, copy] {
            let response = try #require(try Fixture(contentsOf: file).interactions.first?.response, "\(file.lastPathComponent)")
            #expect(String(decoding: response.body, as: UTF8.self) == "REDACTED", "\(file.lastPathComponent)")
            #expect(response.headers["Content-Encoding"] == nil, "\(file.lastPathComponent)")
            #expect(!String(decoding: try Data(contentsOf: file), as: UTF8.self).contains(Self.brotli.prefix(40)), "\(file.lastPathComponent)")
        }
    }
}
#endif
