import RecordReplayMessages
import RepositoryContractsJSON
import Foundation
import MockTime
@_spi(Benchmarks) import RecordReplay
@_spi(Benchmarks) import RecordReplayFixtures
@_spi(Benchmarks) import RecordReplayRedaction
@_spi(Benchmarks) import RecordReplayWire
import Testing
import RepositoryContractsTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The drift check: a request a recorded interaction answers is also sent to the live API (here a
/// second stub server on loopback), the answers are compared, and the client still gets the recorded
/// response.
@Suite("Recording: drift check against the live API")
struct DriftCheckTests {
    typealias Support = PlaybackTestSupport

    static let source = "/fixtures/Todos/fetch.json"
    static let json: HTTPHeaders = ["Content-Type": "application/json"]

    /// What one drift-checked request gave: the response the client got, the report, and the request
    /// the live API received.
    struct Outcome {
        var sent: StubResponse?
        var report: PlaybackReport
        var upstreamReceived: StubRequest?

        /// The lines of the one drift found (`[]` when there is none, or it is not a difference).
        var differences: [String] {
            guard report.drifts.count == 1, let lines = report.drifts[0].outcome.differences else { return [] }
            return lines
        }

        /// Every finding's message, one after the other.
        var messages: String { report.findings.map(\.message).joined(separator: "\n") }
    }

    /// Replays `recorded` for `request` (recorded as `recordedRequest`, else as sent) with the drift
    /// check on, against a live API that answers `live`.
    static func check(
        _ request: StubRequest, recorded: StubResponse, live: StubResponse,
        recordedRequest: StubRequest? = nil, options: DriftCheckOptions = DriftCheckOptions()
    ) async throws -> Outcome {
        let upstream = StubServer()
        upstream.playback.stub(.method(request.method, request.path), with: live)
        try await upstream.start()
        let playback = Playback()
        playback.load(
            Fixture(interactions: [Interaction(request: recordedRequest ?? request, response: recorded)]),
            source: source)
        playback.checkDrift(against: UpstreamForwarder.patient(upstream.baseURL), options: options)
        let sent = await Support.response(of: playback.plan(for: request))
        await upstream.stop()
        return Outcome(sent: sent, report: playback.report, upstreamReceived: upstream.journal.first?.request)
    }

    static func response(
        _ body: String, status: Int = 200, headers: HTTPHeaders = DriftCheckTests.json
    ) -> StubResponse {
        StubResponse(status: status, headers: headers, body: Data(body.utf8))
    }

    static let getTodo = Support.request("GET", "/todos/1")

    @Test("the same answer, up to member order, spacing, Content-Type spelling and volatile headers, is no drift")
    func noDrift() async throws {
        let outcome = try await Self.check(
            Self.getTodo,
            recorded: Self.response(
                #"{"id":1,"title":"Buy milk","tags":["a","b"],"price":1.50}"#,
                headers: ["Content-Type": "application/json; charset=utf-8", "Date": "Mon, 01 Jan 2024 00:00:00 GMT"]),
            live: Self.response(
                #"{ "title": "Buy milk", "price": 1.5, "id": 1, "tags": ["a", "b"] }"#,
                headers: [
                    "Content-Type": "Application/JSON;charset=\"UTF-8\"", "Date": "Tue, 02 Jan 2024 00:00:00 GMT",
                    "X-Request-Id": "abc",
                ]))
        #expect(outcome.report.findings.isEmpty, "\(outcome.report)")
        #expect(outcome.report.drifts.isEmpty)
        #expect(outcome.report.driftCheckCount == 1)
        #expect(outcome.upstreamReceived?.path == "/todos/1")
    }

    @Test("a changed status is an error naming the fixture, the request and both statuses; the client gets the recording")
    func statusChange() async throws {
        let outcome = try await Self.check(
            Self.getTodo, recorded: Self.response(#"{"id":1}"#),
            live: Self.response(#"{"id":1}"#, status: 404))
        #expect(outcome.sent?.status == 200)
        #expect(outcome.sent?.body == Data(#"{"id":1}"#.utf8))
        #expect(outcome.differences == ["status: recorded 200, live 404"])
        let finding = try #require(outcome.report.findings.first)
        let upstream = try #require(outcome.report.drifts.first?.upstream.absoluteString)
        #expect(finding.severity == .error)
        #expect(
            finding.message == """
                Drift in \(Self.source) against the live API (\(upstream)): 1 of 1 request sent now answers differently.
                  Where: status in 1 request.
                  request #1 GET /todos/1, interaction #1 (interactions[0]):
                    status: recorded 200, live 404
                """)
        #expect(
            outcome.report.drifts.first?.message == """
                Drift: request #1 GET /todos/1 was answered from \(Self.source), interaction #1 (interactions[0]), \
                but the live API (\(upstream)) now answers differently:
                  status: recorded 200, live 404
                """)
        #expect(outcome.report.hasErrors)
    }

    @Test("Content-Type, Location and listed headers are compared; volatile and unlisted ones are not")
    func headerChanges() async throws {
        var options = DriftCheckOptions()
        options.comparedHeaders += ["X-Api-Version", "Date"]
        let outcome = try await Self.check(
            Self.getTodo,
            recorded: Self.response(
                "", status: 302,
                headers: [
                    "Content-Type": "application/json; charset=utf-8", "Location": "/todos/1/v1",
                    "X-Api-Version": "1", "Date": "Mon, 01 Jan 2024 00:00:00 GMT", "X-Request-Id": "a", "ETag": "\"1\"",
                ]),
            live: Self.response(
                "", status: 302,
                headers: [
                    "Content-Type": "text/html; charset=utf-8", "Location": "/todos/1/v2", "X-Api-Version": "2",
                    "Date": "Tue, 02 Jan 2024 00:00:00 GMT", "X-Request-Id": "b", "ETag": "\"2\"",
                ]),
            options: options)
        #expect(
            outcome.differences == [
                #"header Content-Type: recorded "application/json; charset=utf-8", live "text/html; charset=utf-8""#,
                #"header Location: recorded "/todos/1/v1", live "/todos/1/v2""#,
                #"header X-Api-Version: recorded "1", live "2""#,
            ])
    }

    @Test("a charset that changed, or a header that appeared, is drift")
    func charsetAndAbsentHeader() async throws {
        var options = DriftCheckOptions()
        options.comparedHeaders.append("X-Api-Version")
        let outcome = try await Self.check(
            Self.getTodo, recorded: Self.response("{}", headers: ["Content-Type": "application/json; charset=utf-8"]),
            live: Self.response(
                "{}", headers: ["Content-Type": "application/json; charset=iso-8859-1", "X-Api-Version": "2"]),
            options: options)
        #expect(
            outcome.differences == [
                #"header Content-Type: recorded "application/json; charset=utf-8", live "application/json; charset=iso-8859-1""#,
                #"header X-Api-Version: recorded (absent), live "2""#,
            ])
    }

    @Test("JSON bodies: changed values and types, members missing and added, array lengths, each with its path")
    func jsonDifferences() async throws {
        let outcome = try await Self.check(
            Self.getTodo,
            recorded: Self.response(
                #"{"id":1,"title":"a","done":false,"items":[{"title":"x"},{"title":"y"},{"title":"a"}],"tags":["t"]}"#),
            live: Self.response(
                #"{"id":"1","title":"b","items":[{"title":"x"},{"title":"y"},{"title":"b"}],"tags":["t","u"],"priority":3}"#
            ))
        #expect(
            outcome.differences == [
                #"$.id: type changed from number to string: recorded 1, live "1""#,
                #"$.title: recorded "a", live "b""#,
                "$.done: missing from the live response (recorded false)",
                #"$.items[2].title: recorded "a", live "b""#,
                "$.tags: recorded 1 element, live 2 elements",
                #"$.tags[1]: added in the live response (live "u")"#,
                "$.priority: added in the live response (live 3)",
            ])
        #expect(outcome.messages.contains("\n    $.items[2].title: recorded \"a\", live \"b\""))
    }

    @Test("an array that got shorter names its length and each missing element")
    func arrayShorter() async throws {
        let outcome = try await Self.check(
            Self.getTodo, recorded: Self.response(#"[{"id":1},{"id":2},{"id":3}]"#),
            live: Self.response(#"[{"id":1}]"#))
        #expect(
            outcome.differences == [
                "$: recorded 3 elements, live 1 element",
                #"$[1]: missing from the live response (recorded {"id":2})"#,
                #"$[2]: missing from the live response (recorded {"id":3})"#,
            ])
    }

    @Test("ignoredJSONPaths leave out values that legitimately change")
    func ignoredPaths() async throws {
        let outcome = try await Self.check(
            Self.getTodo,
            recorded: Self.response(#"{"id":"a1","items":[{"at":"2024-01-01","n":1}],"title":"x"}"#),
            live: Self.response(#"{"id":"b2","items":[{"at":"2025-05-05","n":1}],"title":"y"}"#),
            options: DriftCheckOptions(ignoredJSONPaths: ["$.id", "$.items[*].at"]))
        #expect(outcome.differences == [#"$.title: recorded "x", live "y""#])
    }

    @Test("a member that is not identifier-like is written [\"name\"], and that path, given back, is ignored")
    func oddMemberNames() async throws {
        let recorded = Self.response(#"{"$ref":"a","due date":1,"say \"hi\"":true}"#)
        let live = Self.response(#"{"$ref":"b","due date":2,"say \"hi\"":false}"#)
        let outcome = try await Self.check(Self.getTodo, recorded: recorded, live: live)
        #expect(
            outcome.differences == [
                #"$["$ref"]: recorded "a", live "b""#,
                #"$["due date"]: recorded 1, live 2"#,
                #"$["say \"hi\""]: recorded true, live false"#,
            ])
        let paths = outcome.differences.map { String($0[..<$0.range(of: ": recorded")!.lowerBound]) }
        let ignoring = try await Self.check(
            Self.getTodo, recorded: recorded, live: live, options: DriftCheckOptions(ignoredJSONPaths: paths))
        #expect(ignoring.report.drifts.isEmpty)
    }

    @Test("an ignored JSON path that cannot be parsed is an error of the report")
    func invalidIgnoredPath() async throws {
        let options = DriftCheckOptions(ignoredJSONPaths: ["$.items["])
        #expect(options.ignoredJSONPathErrors == [#""$.items[": `[` without `]`"#])
        let outcome = try await Self.check(
            Self.getTodo, recorded: Self.response("{}"), live: Self.response("{}"), options: options)
        #expect(outcome.report.drifts.isEmpty)
        #expect(outcome.report.hasErrors)
        #expect(outcome.messages.contains(#"invalid JSONPath "$.items[" in the drift check's ignoredJSONPaths"#))
    }

    @Test("other bodies are compared as bytes: both sizes and the first differing byte, not the bodies")
    func bytesDifference() async throws {
        let text: HTTPHeaders = ["Content-Type": "text/plain"]
        let outcome = try await Self.check(
            Self.getTodo, recorded: Self.response("hello world", headers: text),
            live: Self.response("hello there!", headers: text))
        #expect(outcome.differences == ["body: recorded 11 bytes, live 12 bytes, first difference at byte 6"])
        #expect(!outcome.messages.contains("hello"))
    }

    @Test("a live body that is no longer JSON says so")
    func jsonBecameText() async throws {
        let outcome = try await Self.check(
            Self.getTodo, recorded: Self.response("{}"), live: Self.response("<html>", headers: [:]))
        #expect(
            outcome.differences == [
                #"header Content-Type: recorded "application/json", live (absent)"#,
                "body: recorded 2 bytes, live 6 bytes, first difference at byte 0 (recorded JSON, live not JSON)",
            ])
    }

    static let secret = "live-" + "secret-" + "7f3a9c2e51"
    static let credential = "client-" + "credential-" + "90ab12cd"

    @Test("a secret the fixture holds as the placeholder is no drift; the client's credentials reach the live API")
    func redactedSecret() async throws {
        var options = DriftCheckOptions()
        options.comparedHeaders.append("Set-Cookie")
        let outcome = try await Self.check(
            Support.request("GET", "/me", headers: ["Authorization": "Bearer \(Self.credential)"]),
            recorded: Self.response(
                #"{"user":"ann","token":"REDACTED","echo":"REDACTED"}"#,
                headers: ["Content-Type": "application/json", "Set-Cookie": "session=REDACTED; Path=/"]),
            live: Self.response(
                #"{"user":"ann","token":"\#(Self.secret)","echo":"\#(Self.credential)"}"#,
                headers: ["Content-Type": "application/json", "Set-Cookie": "session=\(Self.secret); Path=/"]),
            recordedRequest: Support.request("GET", "/me", headers: ["Authorization": "Bearer REDACTED"]),
            options: options)
        #expect(outcome.report.findings.isEmpty, "\(outcome.report)")
        #expect(outcome.upstreamReceived?.headers["Authorization"] == "Bearer \(Self.credential)")
    }

    @Test("drift next to a secret is reported without the secret")
    func driftWithoutSecrets() async throws {
        let outcome = try await Self.check(
            Support.request("GET", "/me", headers: ["Authorization": "Bearer \(Self.credential)"]),
            recorded: Self.response(#"{"user":"ann","token":"REDACTED","echo":"REDACTED"}"#),
            live: Self.response(
                #"{"user":"bob","token":"\#(Self.secret)","echo":"\#(Self.credential)","extra":"\#(Self.credential)"}"#),
            recordedRequest: Support.request("GET", "/me", headers: ["Authorization": "Bearer REDACTED"]))
        #expect(
            outcome.differences == [
                #"$.user: recorded "ann", live "bob""#,
                #"$.extra: added in the live response (live "REDACTED")"#,
            ])
        #expect(!outcome.messages.contains(Self.secret))
        #expect(!outcome.messages.contains(Self.credential))
    }

    @Test("an unreachable live API is a finding without the request's credentials; the client still gets the recording")
    func unreachableUpstream() async throws {
        let request = Support.request("GET", "/todos?api_key=\(Self.credential)")
        let playback = Playback(options: PlaybackOptions(customMatchers: [.ignoringQueryItems(["api_key"])]))
        playback.load(
            Fixture(interactions: [
                Interaction(
                    request: Support.request("GET", "/todos?api_key=REDACTED"), response: Self.response("[]"))
            ]), source: Self.source)
        playback.checkDrift(
            against: UpstreamForwarder(upstream: UpstreamForwarderTests.unreachable, timeout: .seconds(5)))
        let sent = await Support.response(of: playback.plan(for: request))
        #expect(sent?.status == 200)
        #expect(sent?.body == Data("[]".utf8))
        let report = playback.report
        #expect(report.hasErrors)
        let drift = try #require(report.drifts.first)
        guard drift.outcome.uncheckedReason != nil else {
            Issue.record("expected an unchecked drift, got \(drift.outcome)")
            return
        }
        #expect(
            drift.message.hasPrefix(
                "Could not check drift: request #1 GET /todos?api_key=REDACTED was answered from \(Self.source), "
                    + "interaction #1 (interactions[0]), but the live API (http://127.0.0.1:1) could not be asked: "))
        #expect(!report.description.contains(Self.credential))
    }

    @Test("severity warning reports drift without failing")
    func warningSeverity() async throws {
        let outcome = try await Self.check(
            Self.getTodo, recorded: Self.response(#"{"id":1}"#), live: Self.response(#"{"id":2}"#),
            options: DriftCheckOptions(severity: .warning))
        #expect(outcome.report.findings.map(\.severity) == [.warning])
        #expect(!outcome.report.hasErrors)
    }

    @Test("a HEAD request answered from a recorded GET compares status and headers, not the body")
    func headComparesNoBody() async throws {
        let outcome = try await Self.check(
            Support.request("HEAD", "/todos/1"), recorded: Self.response(#"{"id":1}"#),
            live: Self.response(#"{"id":1}"#, headers: ["Content-Type": "text/plain"]),
            recordedRequest: Self.getTodo)
        #expect(outcome.differences == [#"header Content-Type: recorded "application/json", live "text/plain""#])
    }

    @Test("a delay still comes first, on the playback's clock, and a status fault still changes the answer")
    func faultsStillApply() async throws {
        let upstream = StubServer()
        upstream.playback.stub(.get("/todos/1"), with: Self.response(#"{"id":1}"#))
        try await upstream.start()
        let clock = MockClock()
        let playback = Playback(clock: clock)
        playback.load(Support.fixture([(Self.getTodo, Self.response(#"{"id":1}"#))]), source: Self.source)
        playback.checkDrift(against: UpstreamForwarder.patient(upstream.baseURL))
        playback.inject(.delay(.seconds(5)), when: .get("/todos/1"))
        playback.inject(.status(503), when: .get("/todos/1"))
        let plan = playback.plan(for: Self.getTodo)
        let task = Task { await Support.response(of: plan) }
        await clock.waitForSleepers(count: 1)
        // Had the wait given up, the advance would miss the sleeper and the answer never come: stop here.
        try #require(clock.pendingSleeperCount == 1)
        #expect(upstream.journal.count == 0)
        clock.advance(by: .seconds(5))
        let sent = await task.value
        await upstream.stop()
        #expect(sent?.status == 503)
        #expect(sent?.body == Data(#"{"id":1}"#.utf8))
        #expect(upstream.journal.count == 1)
        #expect(playback.report.findings.isEmpty)
    }

    @Test("requests answered by a stub or by nothing are not sent to the live API")
    func onlyInteractionsAreChecked() async throws {
        let upstream = StubServer()
        try await upstream.start()
        let playback = Playback()
        playback.stub(.get("/stubbed"), with: Self.response("{}"))
        playback.checkDrift(against: UpstreamForwarder.patient(upstream.baseURL))
        _ = await Support.response(of: playback.plan(for: Support.request("GET", "/stubbed")))
        let unmatched = await Support.response(of: playback.plan(for: Support.request("GET", "/unknown")))
        await upstream.stop()
        #expect(unmatched?.status == 599)
        #expect(upstream.journal.count == 0)
        let report = playback.report
        #expect(report.unmatchedRequests.count == 1)
        #expect(report.drifts.isEmpty)
        #expect(report.driftCheckCount == 0)
    }
}
