#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
import Foundation
@_spi(Benchmarks) import RecordReplay
@_spi(Benchmarks) import RecordReplayFixtures
@_spi(Benchmarks) import RecordReplayRedaction
import Testing

@testable import RepoContractsCLI

/// `repo-contracts redact` changes nothing but the secrets: the file it writes is the file it read
/// with each secret replaced by `REDACTED` (a base64 body holding one re-encoded), byte for byte
/// elsewhere, for HAR files other tools wrote and for native fixtures laid out by hand.
@Suite("redact: only the secrets change")
struct RedactInPlaceTests {
    @Test("a producer's HAR: every changed span is a secret replaced by REDACTED, and the file replays", arguments: HARCorpusTests.producers)
    func producerHAR(producer: String) async throws {
        let directory = try makeTemporaryDirectory("redact-in-place")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("\(producer).har")
        let original = HARCorpusTests.har(by: producer)
        try Data(original.utf8).write(to: file)
        let capture = ConsoleCapture()
        #expect(try await RedactCommand(fixtures: [file.path]).run(capture.console) == .success)
        #expect(!capture.error.contains("not edited in place"), "\(capture.error)")
        let redacted = String(decoding: try Data(contentsOf: file), as: UTF8.self)

        let spans = try #require(Self.changedSpans(from: original, to: redacted))
        #expect(!spans.isEmpty)
        for span in spans {
            #expect(Self.isSecretReplaced(span), "changed beyond a secret: \(span.old) → \(span.new)")
        }
        for credential in HARCorpusTests.credentials {
            #expect(!redacted.contains(credential.value), "\(credential.kind) left in the file")
        }
        // It reads back as the redaction of what it held, and replays.
        let before = try HARCodec.decode(Data(original.utf8), source: "before").fixture
        let after = try HARCodec.decode(Data(redacted.utf8), source: "after").fixture
        #expect(after.interactions == Redaction().redact(before).fixture.interactions)
        let playback = Playback()
        playback.load(after, source: file.lastPathComponent)
        let first = after.interactions[0].request
        guard case .respond(let response) = playback.plan(for: first) else {
            Issue.record("no immediate answer")
            return
        }
        #expect(response.status == 200, "\(String(decoding: response.body, as: UTF8.self))")
    }

    /// A HAR no tool here wrote: an unknown creator, 7 fractional digits and an offset in its dates,
    /// the log's and the entry's members in an unusual order, custom `_` fields, escaped slashes, tabs.
    static let secret = "opaque-session-Qx7Qx7Qx7Qx7Qx7Qx7"
    static let unusualHAR = """
        {
        \t"log" : {
        \t\t"entries" : [ {
        \t\t\t"_resourceType" : "fetch", "time" : 12.5,
        \t\t\t"response" : { "statusText" : "OK", "status" : 200, "headers" : [ ], "_transferSize" : 300,
        \t\t\t\t"content" : { "text" : "{\\"ok\\": true}", "mimeType" : "application\\/json", "size" : 12 } },
        \t\t\t"request" : { "url" : "https:\\/\\/api.example.com\\/v1\\/me?page=1", "method" : "GET",
        \t\t\t\t"headers" : [ { "value" : "Bearer \(secret)", "name" : "Authorization" },
        \t\t\t\t\t{ "name" : "Accept", "value" : "*\\/*" } ],
        \t\t\t\t"cookies" : [ { "name" : "sid", "value" : "\(secret)", "_sameSite" : "Lax" } ] },
        \t\t\t"startedDateTime" : "2026-11-24T08:00:00.1234567+05:30", "_fromCache" : null
        \t\t} ],
        \t\t"creator" : { "version" : "0.9-beta", "name" : "Homegrown Capture", "_build" : 77 },
        \t\t"_exportedBy" : "a script", "version" : "1.2",
        \t\t"pages" : [ { "startedDateTime" : "2026-11-24T08:00:00.0000001-07:00", "id" : "page_1", "title" : "x" } ]
        \t}
        }

        """

    @Test("a HAR with an unknown creator, 7-digit dates with an offset, odd member order and _ fields: unchanged but the secret")
    func unusualHAR() async throws {
        let directory = try makeTemporaryDirectory("redact-unusual")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("capture.har")
        try Data(Self.unusualHAR.utf8).write(to: file)
        let capture = ConsoleCapture()
        #expect(try await RedactCommand(fixtures: [file.path]).run(capture.console) == .success)
        #expect(!capture.error.contains("not edited in place"), "\(capture.error)")
        let expected = Self.unusualHAR.replacingOccurrences(of: Self.secret, with: "REDACTED")
        #expect(String(decoding: try Data(contentsOf: file), as: UTF8.self) == expected)
        let fixture = try HARCodec.decode(try Data(contentsOf: file), source: "capture.har").fixture
        #expect(fixture.interactions.first?.request.headers["Authorization"] == "Bearer REDACTED")
    }

    @Test("a native fixture laid out by hand keeps its layout; only the secret changes")
    func handLaidOutNativeFixture() async throws {
        let directory = try makeTemporaryDirectory("redact-native")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("capture.json")
        let original = """
            {"format": "swift-repository-contracts/fixture", "version": 1,
              "interactions": [{"request": {"method": "GET", "path": "/v1/me",
                  "headers": [["Authorization", "Bearer \(Self.secret)"], ["Accept", "application/json"]]},
                "response": {"status": 200, "headers": [["Content-Type", "application/json"]],
                  "body": {"json": {"name": "Ann", "token": "\(Self.secret)"}}}}]}

            """
        try Data(original.utf8).write(to: file)
        let capture = ConsoleCapture()
        #expect(try await RedactCommand(fixtures: [file.path]).run(capture.console) == .success)
        #expect(!capture.error.contains("not edited in place"), "\(capture.error)")
        let expected = original.replacingOccurrences(of: Self.secret, with: "REDACTED")
        #expect(String(decoding: try Data(contentsOf: file), as: UTF8.self) == expected)
    }

    @Test("a secret an in-place edit cannot remove exactly (a number): written by the HAR writer, with a note, and no secret")
    func fallsBackWithANote() async throws {
        let directory = try makeTemporaryDirectory("redact-fallback")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("capture.har")
        let har = """
            {"log": {"version": "1.2", "creator": {"name": "Tool", "version": "1"}, "entries": [
              {"startedDateTime": "2026-11-24T08:00:00Z", "time": 1,
               "request": {"method": "POST", "url": "https://api.example.com/login", "headers": [],
                 "postData": {"mimeType": "application/json", "text": "{\\"user\\":\\"ann\\",\\"password\\":83920175}"}},
               "response": {"status": 200, "headers": [], "content": {"mimeType": "application/json", "text": "{}"}}}]}}
            """
        try Data(har.utf8).write(to: file)
        let capture = ConsoleCapture()
        #expect(try await RedactCommand(fixtures: [file.path]).run(capture.console) == .success)
        #expect(capture.error.contains("note: \(file.path): not edited in place: replacing the secrets where they stand does not give the redacted fixture"))
        #expect(capture.error.contains("written by the package's HAR writer instead"))
        let written = String(decoding: try Data(contentsOf: file), as: UTF8.self)
        #expect(!written.contains("83920175"))
    }

    // MARK: Comparing the texts

    /// What the rules redact in the corpus: its credentials, and `dark`, the other cookie of its
    /// `Cookie` headers (every cookie value of that header is redacted, its name kept).
    static let redactedValues = HARCorpusTests.credentials.map(\.value) + ["dark"]

    /// One place where the texts differ: what the original had there, and what the redacted file has.
    struct Span: CustomStringConvertible {
        var old: String
        var new: String
        var description: String { "\(old) → \(new)" }
    }

    /// The spans where `redacted` differs from `original`: at each difference, either `REDACTED` stands
    /// in place of a credential (the span is that credential), or both are inside a string literal
    /// (the span is the rest of both literals: a re-encoded base64 body). Nil when they cannot be aligned.
    static func changedSpans(from original: String, to redacted: String) -> [Span]? {
        let old = Array(original.utf8)
        let new = Array(redacted.utf8)
        let placeholder = Array("REDACTED".utf8)
        var (i, j) = (0, 0)
        var spans: [Span] = []
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j] {
                i += 1
                j += 1
                continue
            }
            guard i < old.count, j < new.count else { return nil }
            if new[j...].starts(with: placeholder),
                let secret = redactedValues.map({ Array($0.utf8) }).first(where: { old[i...].starts(with: $0) })
            {
                spans.append(Span(old: String(decoding: secret, as: UTF8.self), new: "REDACTED"))
                i += secret.count
                j += placeholder.count
                continue
            }
            // Inside a literal: both run to its closing quote.
            let (start, oldEnd, newEnd) = (
                old[..<i].lastIndex(of: UInt8(ascii: "\"")).map { $0 + 1 } ?? i,
                old[i...].firstIndex(of: UInt8(ascii: "\"")), new[j...].firstIndex(of: UInt8(ascii: "\""))
            )
            guard let oldEnd, let newEnd else { return nil }
            let newStart = j - (i - start)
            spans.append(
                Span(old: String(decoding: old[start..<oldEnd], as: UTF8.self), new: String(decoding: new[newStart..<newEnd], as: UTF8.self)))
            (i, j) = (oldEnd, newEnd)
        }
        return spans
    }

    /// Whether `span` is a credential replaced by `REDACTED`, or a base64 text whose decoded form has
    /// its credentials replaced by `REDACTED` and nothing else.
    static func isSecretReplaced(_ span: Span) -> Bool {
        let credentials = redactedValues
        if credentials.contains(span.old) { return span.new == "REDACTED" }
        guard let old = Data(base64Encoded: span.old), let new = Data(base64Encoded: span.new) else { return false }
        var expected = String(decoding: old, as: UTF8.self)
        for credential in credentials { expected = expected.replacingOccurrences(of: credential, with: "REDACTED") }
        return expected != String(decoding: old, as: UTF8.self) && String(decoding: new, as: UTF8.self) == expected
    }
}
#endif
