#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
import RecordReplayMessages
import Foundation
import RecordReplay
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

@testable import RepoContractsCLI

/// `repo-contracts record` (the built binary, as users run it) against an upstream that answers one
/// request with raw bytes: it never dies on a valid answer, and a request it cannot record costs only
/// itself. Each case records two interactions, then the odd one, then one more, then stops on SIGTERM:
/// the process must exit 0 and the fixture hold every interaction it could record; a failed request
/// must be named, with why, as it fails and again in the summary.
@Suite("record: odd and broken answers from the upstream", .timeLimit(.minutes(10)))
struct RecordFaultTests {
    /// One answer the upstream gives to ``path`` and what the recording must make of it.
    struct Answer: Sendable, CustomTestStringConvertible {
        var name: String
        var method = "GET"
        var bytes: String
        /// The status and body recorded; `nil` when the request cannot be recorded.
        var recorded: (status: Int, body: String)?
        /// For a request that cannot be recorded: what the message says broke.
        var reason = ""

        var testDescription: String { name }
        var path: String { "/raw/" + name.replacingOccurrences(of: " ", with: "-") }
    }

    static let answers: [Answer] = [
        Answer(
            name: "chunked with a trailer field",
            bytes: "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\nTrailer: X-Checksum\r\n\r\n"
                + "5\r\nhello\r\n6\r\n world\r\n0\r\nX-Checksum: 5eb63bbbe01eeed0\r\n\r\n",
            recorded: (200, "hello world")),
        Answer(
            name: "chunked without trailer",
            bytes: "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n",
            recorded: (200, "hello world")),
        Answer(
            name: "100 and 103 before the answer",
            bytes: "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </app.css>; rel=preload\r\n\r\n"
                + "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n\r\nhello",
            recorded: (200, "hello")),
        Answer(
            name: "HEAD with a Content-Length", method: "HEAD",
            bytes: "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 1234\r\n\r\n", recorded: (200, "")),
        Answer(name: "204 with a Content-Length", bytes: "HTTP/1.1 204 No Content\r\nContent-Length: 5\r\n\r\n", recorded: (204, "")),
        Answer(
            name: "304 with a Content-Length", bytes: "HTTP/1.1 304 Not Modified\r\nETag: \"v1\"\r\nContent-Length: 5\r\n\r\n",
            recorded: (304, "")),
        Answer(
            name: "closed mid-body",
            bytes: "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 100\r\n\r\nhello",
            reason: "the connection closed after 5 of the 100 body bytes its Content-Length announced"),
        Answer(
            name: "closed mid-chunk", bytes: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n10\r\nabc",
            reason: "the connection closed in the middle of the chunked body"),
        Answer(
            name: "malformed", bytes: "HTTQ garbage\r\n\r\n",
            reason: "the answer does not start with an HTTP/1.x status line"),
    ]

    @Test("the recorder survives; what it could record is written; a request it could not is named", arguments: answers)
    func oddAnswer(_ answer: Answer) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let upstream = try await Self.upstream(answering: answer)
        defer { Task { await upstream.stop() } }
        let recorder = try RecorderProcess(upstream: upstream.baseURL, out: folder.fixture)
        defer { recorder.killIfRunning() }
        let proxy = try await recorder.baseURL()

        for path in ["/items/1", "/items/2"] {
            #expect(try await Self.send("GET", path, to: proxy) == (200, "ok \(path)"))
        }
        let (status, body) = try await Self.send(answer.method, answer.path, to: proxy)
        let failure = "Request #3 \(answer.method) \(answer.path) could not be recorded: upstream \(upstream.baseURL.absoluteString)\(answer.path): \(answer.reason)"
        if let recorded = answer.recorded {
            #expect(status == recorded.status)
            #expect(body == recorded.body)
        } else {
            #expect(status == 502)
            #expect(body.contains(answer.reason), "\(body)")
        }
        #expect(try await Self.send("GET", "/items/3", to: proxy) == (200, "ok /items/3"))
        recorder.send(SIGTERM)
        let termination = try await recorder.exit()

        #expect(termination == .exited(0), "stderr:\n\(recorder.standardError)")
        let fixture = try Fixture(contentsOf: folder.fixture)
        let paths = ["/items/1", "/items/2"] + (answer.recorded == nil ? [] : [answer.path]) + ["/items/3"]
        #expect(fixture.interactions.map(\.request.path) == paths)
        if let recorded = answer.recorded, let interaction = fixture.interactions.first(where: { $0.request.path == answer.path }) {
            #expect(interaction.response.status == recorded.status)
            #expect(String(decoding: interaction.response.body, as: UTF8.self) == recorded.body)
            for framing in ["Transfer-Encoding", "Trailer", "X-Checksum"] {
                #expect(interaction.response.headers[framing] == nil, "\(framing)")
            }
            #expect(!recorder.standardError.contains("could not be recorded"), "\(recorder.standardError)")
        } else {
            Self.expectNamed(failure, in: recorder.standardError, fixture: folder.fixture, recorded: 3)
        }
    }

    @Test("an upstream gone mid-session: the requests before are written, the refused one is named")
    func upstreamGone() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let upstream = try await Self.upstream(answering: nil)
        let recorder = try RecorderProcess(upstream: upstream.baseURL, out: folder.fixture)
        defer { recorder.killIfRunning() }
        let proxy = try await recorder.baseURL()

        for path in ["/items/1", "/items/2"] {
            #expect(try await Self.send("GET", path, to: proxy) == (200, "ok \(path)"))
        }
        let base = upstream.baseURL
        // (The port just freed is not handed to another server this soon: ports are assigned in turn.)
        await upstream.stop()
        let (status, _) = try await Self.send("GET", "/items/3", to: proxy)
        #expect(status == 502)
        recorder.send(SIGTERM)
        let termination = try await recorder.exit()

        #expect(termination == .exited(0), "stderr:\n\(recorder.standardError)")
        #expect(try Fixture(contentsOf: folder.fixture).interactions.map(\.request.path) == ["/items/1", "/items/2"])
        let failure = "Request #3 GET /items/3 could not be recorded: upstream \(base.absoluteString)/items/3: cannot connect to "
            + "127.0.0.1:\(base.port ?? 0): Connection refused"
        Self.expectNamed(failure, in: recorder.standardError, fixture: folder.fixture, recorded: 2)
    }

    @Test("a body in a coding the redaction cannot read (br) is stored as REDACTED, and the user is told which and why")
    func unreadableCodingIsWithheld() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // A brotli echo of the request's credentials (see ContentCodingRedactionTests), sent although the
        // recorder asks for identity, as httpbin's /brotli does.
        let brotli = Data(base64Encoded: UnreadableCodingCommandTests.brotli)!
        let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Encoding: br\r\nContent-Length: \(brotli.count)\r\n\r\n"
        let upstream = StubServer()
        upstream.playback.stub(.any) { request in
            StubResponse(headers: ["Content-Type": "text/plain"], body: Data("ok \(request.path)".utf8))
        }
        upstream.playback.inject(.malformedResponse(Data(head.utf8) + brotli), when: .method("GET", "/brotli"))
        try await upstream.start()
        defer { Task { await upstream.stop() } }
        let recorder = try RecorderProcess(upstream: upstream.baseURL, out: folder.fixture)
        defer { recorder.killIfRunning() }
        let proxy = try await recorder.baseURL()

        #expect(try await Self.send("GET", "/items/1", to: proxy) == (200, "ok /items/1"))
        let (status, _) = try await Self.send("GET", "/brotli", to: proxy)
        #expect(status == 200, "the client gets the live answer while recording")
        recorder.send(SIGTERM)
        let termination = try await recorder.exit()

        #expect(termination == .exited(0), "stderr:\n\(recorder.standardError)")
        let written = try Data(contentsOf: folder.fixture)
        let token = "7f3kQ9zX" + "2mW8pL4vT6nR1sY5uA0cE3hJ"
        #expect(written.range(of: Data(token.utf8)) == nil && written.range(of: brotli.base64EncodedData()) == nil)
        let fixture = try Fixture(contentsOf: folder.fixture)
        let response = try #require(fixture.interactions.first { $0.request.path == "/brotli" }?.response)
        #expect(String(decoding: response.body, as: UTF8.self) == "REDACTED")
        #expect(response.headers["Content-Encoding"] == nil)
        #expect(
            recorder.standardError.contains(
                "warning: 1 body was stored as REDACTED in api.json: #1 response.body (Content-Encoding br) (unreadableEncoding). "
                    + "Their content coding is one the redaction cannot read"),
            "stderr:\n\(recorder.standardError)")
    }

    /// Checks that `standardError` names `failure` (the message, or its start) twice: as a warning when
    /// it happened (before the stop), and in the list after the summary of the `recorded` interactions
    /// written.
    private static func expectNamed(
        _ failure: String, in standardError: String, fixture: URL, recorded: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let lines = standardError.split(separator: "\n").map(String.init)
        let warning = lines.firstIndex { $0.hasPrefix("warning: \(failure)") && $0.hasSuffix(". The client got 502; recording goes on.") }
        let summary = lines.firstIndex { $0.hasPrefix("Stopped on SIGTERM: recorded \(recorded) interactions into \(fixture.path) (") }
        let list = lines.firstIndex(of: "1 request could not be recorded and is not in \(fixture.path):")
        #expect(warning != nil && summary != nil && list != nil, "stderr:\n\(standardError)", sourceLocation: sourceLocation)
        guard let warning, let summary, let list else { return }
        #expect(warning < summary && summary < list, "stderr:\n\(standardError)", sourceLocation: sourceLocation)
        #expect(lines.dropFirst(list + 1).first?.hasPrefix("  \(failure)") == true, "stderr:\n\(standardError)", sourceLocation: sourceLocation)
    }

    /// A started upstream answering `answer`'s request with its bytes (written as they are, then the
    /// connection closed) and any other with `200 ok <path>`.
    private static func upstream(answering answer: Answer?) async throws -> StubServer {
        let upstream = StubServer()
        upstream.playback.stub(.any) { request in
            StubResponse(headers: ["Content-Type": "text/plain"], body: Data("ok \(request.path)".utf8))
        }
        if let answer {
            upstream.playback.inject(.malformedResponse(Data(answer.bytes.utf8)), when: .method(answer.method, answer.path))
        }
        try await upstream.start()
        return upstream
    }

    /// Sends `method path` to `base` (a fresh session whose timeouts, a day, no starvation reaches) and
    /// returns the status and the body as text.
    private static func send(_ method: String, _ path: String, to base: URL) async throws -> (Int, String) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 24 * 60 * 60
        configuration.timeoutIntervalForResource = 24 * 60 * 60
        configuration.urlCache = nil
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        var request = URLRequest(url: URL(string: path, relativeTo: base)!)
        request.httpMethod = method
        let (data, response) = try await session.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }
}

/// A temporary folder for one test's fixture, `api.json`.
private struct TemporaryFolder {
    let url: URL
    var fixture: URL { url.appendingPathComponent("api.json") }

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("record-fault-\(UUID())")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
#endif
