@testable import RecordReplayMessages
import Foundation
import Testing

@_spi(Benchmarks) @testable import RecordReplayFixtures
@_spi(Benchmarks) @testable import RecordReplayRedaction
import RepositoryContractsTestSupport

@Suite struct RedactionTests {
    private typealias Samples = RecordingSamples

    @Test(
        arguments: Redaction.defaultHeaderNames.filter {
            !["Authorization", "Proxy-Authorization", "Cookie", "Set-Cookie"].contains($0)
        })
    func plainDefaultHeadersAreReplacedWhole(name: String) {
        let interaction = Samples.interaction(
            requestHeaders: [name.lowercased(): "abc123secret"], responseHeaders: [name.uppercased(): "xyz789secret"])
        let result = Redaction().redact(Samples.fixture(interaction))
        let redacted = result.fixture.interactions[0]
        #expect(redacted.request.headers[name] == "REDACTED")
        #expect(redacted.response.headers[name] == "REDACTED")
        #expect(
            result.redactions.contains(
                RedactedField(interaction: 0, field: "request.header \(name.lowercased())", reason: .deniedName)))
        #expect(
            result.redactions.contains(
                RedactedField(interaction: 0, field: "response.header \(name.uppercased())", reason: .deniedName)))
    }

    @Test(arguments: ["Authorization", "Proxy-Authorization"])
    func authorizationKeepsItsScheme(name: String) {
        let interaction = Samples.interaction(requestHeaders: [name: "Bearer xyz"])
        let redacted = Redaction().redact(Samples.fixture(interaction)).fixture.interactions[0]
        #expect(redacted.request.headers[name] == "Bearer REDACTED")
    }

    @Test func basicCredentialsAndTheirPasswordArePropagated() {
        let credentials = Data("alice:hunter2hunter2".utf8).base64EncodedString()
        let interaction = Samples.interaction(
            requestHeaders: ["Authorization": "Basic \(credentials)"],
            responseHeaders: ["Content-Type": "text/plain"], responseBody: "you said hunter2hunter2")
        let redacted = Redaction().redact(Samples.fixture(interaction)).fixture.interactions[0]
        #expect(redacted.request.headers["Authorization"] == "Basic REDACTED")
        #expect(Samples.text(redacted.response.body) == "you said REDACTED")
    }

    @Test func cookiesKeepTheirNames() {
        let interaction = Samples.interaction(
            requestHeaders: ["Cookie": "session=abc123; theme=dark"],
            responseHeaders: HTTPHeaders([
                ("Set-Cookie", "session=def456; Path=/; Expires=Wed, 21 Oct 2026 07:28:00 GMT; Max-Age=3600; HttpOnly"),
                ("set-cookie", "csrf=ghi789"),
            ]))
        let redacted = Redaction().redact(Samples.fixture(interaction)).fixture.interactions[0]
        #expect(redacted.request.headers["Cookie"] == "session=REDACTED; theme=REDACTED")
        #expect(
            redacted.response.headers.values(for: "Set-Cookie") == [
                "session=REDACTED; Path=/; Expires=Wed, 21 Oct 2026 07:28:00 GMT; Max-Age=3600; HttpOnly",
                "csrf=REDACTED",
            ])
    }

    @Test func otherHeadersAreKept() {
        let interaction = Samples.interaction(requestHeaders: ["Accept": "application/json", "X-Request-Id": "abc"])
        let result = Redaction().redact(Samples.fixture(interaction))
        #expect(result.fixture == Samples.fixture(interaction))
        #expect(result.redactions.isEmpty)
    }

    @Test(arguments: Redaction.defaultQueryNames)
    func defaultQueryItemsAreRedacted(name: String) {
        let interaction = Samples.interaction(
            query: [
                QueryItem(name: "page", value: "2"), QueryItem(name: name.uppercased(), value: "s3cr3t"),
                QueryItem(name: name, value: nil),
            ])
        let result = Redaction().redact(Samples.fixture(interaction))
        #expect(
            result.fixture.interactions[0].request.query == [
                QueryItem(name: "page", value: "2"), QueryItem(name: name.uppercased(), value: "REDACTED"),
                QueryItem(name: name, value: nil),
            ])
        #expect(
            result.redactions == [
                RedactedField(interaction: 0, field: "request.query \(name.uppercased())", reason: .deniedName)
            ])
    }

    @Test(arguments: Redaction.defaultBodyMemberNames)
    func defaultJSONMembersAreRedactedAtAnyDepth(name: String) throws {
        let body = #"{"user":{"id":7,"\#(name.uppercased())":"s3cr3t"},"list":[{"\#(name)":"x1"}],"\#(name)":42}"#
        let interaction = Samples.interaction(
            responseHeaders: ["Content-Type": "application/vnd.api+json"], responseBody: body)
        let result = Redaction().redact(Samples.fixture(interaction))
        let expected =
            #"{"user":{"id":7,"\#(name.uppercased())":"REDACTED"},"list":[{"\#(name)":"REDACTED"}],"\#(name)":"REDACTED"}"#
        #expect(Samples.text(result.fixture.interactions[0].response.body) == expected)
        #expect(result.redactions.map(\.field).contains("response.body $.list[0].\(name)"))
        #expect(result.redactions.count == 3)
    }

    @Test func prettyJSONStaysPretty() {
        let interaction = Samples.interaction(
            requestHeaders: ["Content-Type": "application/json"], requestBody: "{\n  \"password\": \"pw\"\n}")
        let redacted = Redaction().redact(Samples.fixture(interaction)).fixture.interactions[0]
        #expect(Samples.text(redacted.request.body) == "{\n  \"password\": \"REDACTED\"\n}")
    }

    @Test func formBodiesAreRedactedByTheSameNames() {
        let interaction = Samples.interaction(
            requestHeaders: ["Content-Type": "application/x-www-form-urlencoded"],
            requestBody: "grant_type=password&username=al%20ice&password=p%40ss+word&client_secret=abc")
        let result = Redaction().redact(Samples.fixture(interaction))
        #expect(
            Samples.text(result.fixture.interactions[0].request.body)
                == "grant_type=password&username=al%20ice&password=REDACTED&client_secret=REDACTED")
        #expect(result.redactions.map(\.field) == ["request.body form password", "request.body form client_secret"])
    }

    @Test func textBodiesAreNotParsedAsJSON() {
        // Not read as JSON (the member is not redacted as one, the text is not serialized again), but the
        // assignment inside the text is redacted in place.
        let body = #"{"password" :"pw",  "n": 1}"#
        let interaction = Samples.interaction(responseHeaders: ["Content-Type": "text/plain"], responseBody: body)
        let result = Redaction().redact(Samples.fixture(interaction))
        #expect(Samples.text(result.fixture.interactions[0].response.body) == #"{"password" :"REDACTED",  "n": 1}"#)
        #expect(result.redactions.map(\.description) == ["#0 response.body (inText)"])
    }

    @Test func customListsWithoutTheNameRuleReplaceTheDefaults() {
        let interaction = Samples.interaction(
            query: [QueryItem(name: "token", value: "t"), QueryItem(name: "session", value: "s")],
            requestHeaders: ["Authorization": "Bearer a", "X-Secret": "b"])
        let redaction = Redaction(
            headerNames: ["X-Secret"], queryNames: ["session"], bodyMemberNames: [], redactsCredentialNames: false)
        let redacted = redaction.redact(Samples.fixture(interaction)).fixture.interactions[0]
        #expect(redacted.request.headers["Authorization"] == "Bearer a")
        #expect(redacted.request.headers["X-Secret"] == "REDACTED")
        #expect(
            redacted.request.query == [
                QueryItem(name: "token", value: "t"), QueryItem(name: "session", value: "REDACTED"),
            ])
    }

    @Test func customRedactorsRunAndAreReported() {
        let redaction = Redaction(customRedactors: [
            { $0.request.path = $0.request.path.replacingOccurrences(of: "alice", with: "USER") },
            { $0.response.status = $0.response.status },
        ])
        let fixture = Samples.fixture(
            Samples.interaction(path: "/users/alice"), Samples.interaction(path: "/users/bob"))
        let result = redaction.redact(fixture)
        #expect(result.fixture.interactions.map(\.request.path) == ["/users/USER", "/users/bob"])
        #expect(
            result.redactions == [RedactedField(interaction: 0, field: "custom redactor 0", reason: .customRedactor)])
    }

    @Test func alreadyRedactedFixturesAreLeftAlone() {
        let interaction = Samples.interaction(
            query: [QueryItem(name: "token", value: "REDACTED")],
            requestHeaders: ["Authorization": "Bearer REDACTED", "Cookie": "a=REDACTED"],
            requestBody: #"{"password":"REDACTED"}"#)
        let result = Redaction().redact(Samples.fixture(interaction))
        #expect(result.fixture == Samples.fixture(interaction))
        #expect(result.redactions.isEmpty)
    }

    @Test func redactionIsDeterministic() {
        let secretA = "aaaaaaaa-first-secret"
        let secretB = "aaaaaaaa-first"
        let interaction = Samples.interaction(
            query: [QueryItem(name: "token", value: secretB)],
            requestHeaders: ["Authorization": "Bearer \(secretA)", "Cookie": "x=\(secretB); y=\(secretA)"],
            responseHeaders: ["Content-Type": "application/json"],
            responseBody: #"{"echo":"\#(secretA) \#(secretB)","token":"\#(secretB)"}"#)
        let fixture = Samples.fixture(interaction, interaction)
        let first = Redaction().redact(fixture)
        for _ in 0..<5 {
            #expect(Redaction().redact(fixture) == first)
        }
        #expect(
            Samples.text(first.fixture.interactions[1].response.body)
                == #"{"echo":"REDACTED REDACTED","token":"REDACTED"}"#)
    }

    @Test("a redacted JSON body keeps its layout: whitespace, member order and the rest of the bytes")
    func jsonLayoutKept() {
        let pretty = "{\n  \"user\": \"ann\", \n  \"password\": \"hunter2hunter2\",\n  \"n\": 1.50\n}\n"
        let interaction = Samples.interaction(
            responseHeaders: ["Content-Type": "application/json"], responseBody: pretty)
        let redacted = Redaction().redact(Samples.fixture(interaction)).fixture.interactions[0]
        #expect(Samples.text(redacted.response.body) == pretty.replacingOccurrences(of: "hunter2hunter2", with: "REDACTED"))
    }

    @Test("a redacted number cannot be swapped in place: the body is serialized again in its own style, and still redacted")
    func jsonNumberSecretSerialized() {
        let interaction = Samples.interaction(
            responseHeaders: ["Content-Type": "application/json"], responseBody: #"{"password": 123456, "id": 1}"#)
        let redacted = Redaction().redact(Samples.fixture(interaction)).fixture.interactions[0]
        #expect(Samples.text(redacted.response.body) == #"{"password": "REDACTED", "id": 1}"#)
    }

    /// httpbin writes non-ASCII as `\u00e9` and echoes the request's URL, whose query holds a key: the
    /// key inside the URL string is redacted, and every other string keeps its escapes.
    @Test("a credential inside a JSON string is swapped as the body spells its strings: escapes elsewhere are kept")
    func jsonEscapesKept() {
        let body = #"{"args": {"q": "café ☕"}, "url": "http://h/anything/café?api_key=sk_live_4eC39HqLyjWDarjtT1zdp7dc"}"#
        let interaction = Samples.interaction(responseHeaders: ["Content-Type": "application/json"], responseBody: body)
        let redacted = Redaction().redact(Samples.fixture(interaction)).fixture.interactions[0]
        #expect(Samples.text(redacted.response.body) == body.replacingOccurrences(of: "sk_live_4eC39HqLyjWDarjtT1zdp7dc", with: "REDACTED"))
    }

    @Test("an Authorization value quoted inside text keeps its scheme, as the header does")
    func quotedAuthorizationKeepsScheme() {
        let body = "{\"headers\": {\"Authorization\": \"Bearer ghp_Q7mR2xK9vT4nW8pL3sJ6hF1dZ5cB0yA2eG7u\"}}\n{\"n\": 1}\n"
        let interaction = Samples.interaction(responseHeaders: ["Content-Type": "application/x-ndjson"], responseBody: body)
        let redacted = Redaction().redact(Samples.fixture(interaction)).fixture.interactions[0]
        #expect(Samples.text(redacted.response.body).contains(#""Authorization": "Bearer REDACTED""#), "\(Samples.text(redacted.response.body))")
    }
}
