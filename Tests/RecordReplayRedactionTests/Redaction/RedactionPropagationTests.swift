@testable import RecordReplayMessages
import Foundation
import Testing

@_spi(Benchmarks) @testable import RecordReplayFixtures
@_spi(Benchmarks) @testable import RecordReplayRedaction
import RepositoryContractsTestSupport

@Suite struct RedactionPropagationTests {
    private typealias Samples = RecordingSamples
    private let token = "tok-1234567890/abc+def"

    @Test func bearerTokenEchoedInAResponseBodyIsReplaced() {
        let interaction = Samples.interaction(
            requestHeaders: ["Authorization": "Bearer \(token)"],
            responseHeaders: ["Content-Type": "application/json"],
            responseBody: #"{"headers":{"Echo":"Bearer \#(token)","Authorization":"Bearer \#(token)"},"n":1}"#)
        let result = Redaction().redact(Samples.fixture(interaction))
        #expect(
            Samples.text(result.fixture.interactions[0].response.body)
                == #"{"headers":{"Echo":"Bearer REDACTED","Authorization":"Bearer REDACTED"},"n":1}"#)
        // The scan, the gate before a write, accepts what the redaction left.
        #expect(SecretScan().findings(in: result.fixture).isEmpty)
        // `Authorization` by its name, keeping its scheme; the same text under `Echo` with it (the body is
        // edited in place, every occurrence at once).
        #expect(
            result.redactions.contains(
                RedactedField(interaction: 0, field: "response.body $.headers.Authorization", reason: .deniedName)))
    }

    @Test("an echoed secret is replaced in the JSON text itself: layout, escapes and final newline kept")
    func echoedSecretKeepsTheLayout() {
        let body = "{\n  \"url\": \"https://x.test/get?key=\(token)\", \n  \"q\": \"caf\\u00e9\"\n}\n"
        let interaction = Samples.interaction(
            requestHeaders: ["Authorization": "Bearer \(token)"], responseHeaders: ["Content-Type": "application/json"],
            responseBody: body)
        let redacted = Redaction().redact(Samples.fixture(interaction)).fixture.interactions[0]
        #expect(Samples.text(redacted.response.body) == body.replacingOccurrences(of: token, with: "REDACTED"))
    }

    @Test func secretsReachOtherInteractionsQueriesPathsAndHeaders() {
        let first = Samples.interaction(requestHeaders: ["X-Api-Key": token])
        let percentEncoded = "tok-1234567890%2Fabc%2Bdef"
        let second = Samples.interaction(
            path: "/keys/\(percentEncoded)/usage",
            query: [QueryItem(name: "echo", value: token), QueryItem(name: "page", value: "1")],
            requestHeaders: ["X-Forwarded-Params": "key=\(token); v=1"],
            responseHeaders: ["Location": "/keys/\(percentEncoded)"])
        let result = Redaction().redact(Samples.fixture(first, second))
        let redacted = result.fixture.interactions[1]
        #expect(redacted.request.path == "/keys/REDACTED/usage")
        #expect(
            redacted.request.query == [QueryItem(name: "echo", value: "REDACTED"), QueryItem(name: "page", value: "1")])
        #expect(redacted.request.headers["X-Forwarded-Params"] == "key=REDACTED; v=1")
        #expect(redacted.response.headers["Location"] == "/keys/REDACTED")
        // Each field listed once: the other header assigns it to `key` inside its text; the path, the query
        // item and the location's path segment hold the token whole, which is random-looking in its own right.
        #expect(
            result.redactions.filter { $0.interaction == 1 }.map(\.description) == [
                "#1 request.header X-Forwarded-Params (inText)", "#1 request.path (randomLooking)",
                "#1 request.query echo (randomLooking)", "#1 response.header Location (randomLooking)",
            ])
    }

    @Test func percentEncodedAndBase64FormsInTextBodiesAreReplaced() {
        let base64 = Data(token.utf8).base64EncodedString()
        let base64URL = String(base64.map { $0 == "+" ? "-" : $0 == "/" ? "_" : $0 }.filter { $0 != "=" })
        let interaction = Samples.interaction(
            query: [QueryItem(name: "access_token", value: token)],
            responseHeaders: ["Content-Type": "text/html"],
            responseBody:
                "<a href=\"/x?t=tok-1234567890%2Fabc%2Bdef&u=tok-1234567890%2fabc%2bdef\">\(base64) \(base64URL)</a>")
        let redacted = Redaction().redact(Samples.fixture(interaction)).fixture.interactions[0]
        #expect(Samples.text(redacted.response.body) == "<a href=\"/x?t=REDACTED&u=REDACTED\">REDACTED REDACTED</a>")
    }

    @Test func formBodySecretsReachJSONResponses() {
        let interaction = Samples.interaction(
            requestHeaders: ["Content-Type": "application/x-www-form-urlencoded"],
            requestBody:
                "refresh_token=\(token.replacingOccurrences(of: "/", with: "%2F").replacingOccurrences(of: "+", with: "%2B"))",
            responseHeaders: ["Content-Type": "application/json"],
            responseBody: #"{"used":"\#(token)"}"#)
        let redacted = Redaction().redact(Samples.fixture(interaction)).fixture.interactions[0]
        #expect(Samples.text(redacted.request.body) == "refresh_token=REDACTED")
        #expect(Samples.text(redacted.response.body) == #"{"used":"REDACTED"}"#)
    }

    @Test func shortSecretsAreNotPropagated() {
        let interaction = Samples.interaction(
            query: [QueryItem(name: "sig", value: "1234567")],
            responseHeaders: ["Content-Type": "text/plain"], responseBody: "order 1234567 shipped")
        let result = Redaction().redact(Samples.fixture(interaction))
        #expect(Samples.text(result.fixture.interactions[0].response.body) == "order 1234567 shipped")
        #expect(!result.redactions.contains { $0.reason == .propagation })
    }

    @Test("a short secret redacted by its name is replaced where it stands as a whole token, not inside words or prose")
    func shortSecretsArePropagatedAsWholeTokens() {
        let interaction = Samples.interaction(
            requestHeaders: ["Content-Type": "application/x-www-form-urlencoded"],
            requestBody: "user=ann&password=hunter2&pin=42",
            responseHeaders: ["Content-Type": "text/plain", "X-Echo": "hunter2", "X-Count": "42"],
            responseBody: "pw=\"hunter2\" (\"hunter2\"), not hunter23, 'xhunter2' or 'hunter2-b'; said hunter2 in prose; pin 42\n")
        let result = Redaction().redact(Samples.fixture(interaction))
        let redacted = result.fixture.interactions[0]
        #expect(Samples.text(redacted.request.body) == "user=ann&password=REDACTED&pin=REDACTED")
        #expect(
            Samples.text(redacted.response.body)
                == "pw=\"REDACTED\" (\"REDACTED\"), not hunter23, 'xhunter2' or 'hunter2-b'; said hunter2 in prose; pin 42\n")
        #expect(redacted.response.headers["X-Echo"] == "REDACTED")
        // Shorter than four characters: redacted where it was found, not searched for elsewhere.
        #expect(redacted.response.headers["X-Count"] == "42")
    }

    @Test("a short secret that is a plain word, a number, or equal to a framing header is not propagated")
    func shortPlainWordsAreNotPropagated() {
        let interaction = Samples.interaction(
            requestHeaders: ["Cookie": "consent=true; theme=dark7"],
            responseHeaders: ["Content-Type": "text/plain", "Content-Length": "5", "X-Theme": "dark7"],
            responseBody: "consent=\"true\" theme=\"dark7\"")
        let redacted = Redaction().redact(Samples.fixture(interaction)).fixture.interactions[0]
        #expect(Samples.text(redacted.response.body) == "consent=\"true\" theme=\"REDACTED\"")
        #expect(redacted.response.headers["X-Theme"] == "REDACTED")
        let framing = Samples.interaction(
            requestHeaders: ["X-Api-Key": "gzip"], responseHeaders: ["Content-Encoding": "gzip", "X-Note": "gzip"])
        let headers = Redaction().redact(Samples.fixture(framing)).fixture.interactions[0].response.headers
        #expect(headers["Content-Encoding"] == "gzip")
        #expect(headers["X-Note"] == "REDACTED")
    }

    @Test func theMinimumLengthIsConfigurable() {
        let interaction = Samples.interaction(
            query: [QueryItem(name: "sig", value: "1234567")],
            responseHeaders: ["Content-Type": "text/plain"], responseBody: "order 1234567 shipped")
        let redaction = Redaction(minimumPropagatedLength: 4)
        let redacted = redaction.redact(Samples.fixture(interaction)).fixture.interactions[0]
        #expect(Samples.text(redacted.response.body) == "order REDACTED shipped")
    }
}
