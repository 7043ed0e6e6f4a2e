@testable import RecordReplayMessages
import Foundation
import Testing

@_spi(Benchmarks) @testable import RecordReplay
@_spi(Benchmarks) @testable import RecordReplayFixtures
@_spi(Benchmarks) @testable import RecordReplayRedaction
@_spi(Benchmarks) @testable import RecordReplayWire
import RepositoryContractsTestSupport

/// The credential-name rule: names that say they hold a credential are redacted in every part of an
/// exchange; names that do not, or that end harmlessly, are kept.
@Suite("Redaction by credential name")
struct CredentialNameTests {
    private typealias Samples = RecordingSamples

    /// Names seen carrying credentials: custom headers, provider headers, query and body fields.
    static let credentialNames = [
        "Authorization", "Proxy-Authorization", "Cookie", "X-Acme-Token", "X-Api-Key", "Api-Key", "X-Goog-Api-Key",
        "Ocp-Apim-Subscription-Key", "PRIVATE-TOKEN", "X-GitHub-Access-Token", "X-Session-Token", "X-Auth-Token",
        "X-CSRF-Token", "X-Amz-Security-Token", "X-Amz-Signature", "X-Hub-Signature-256", "Stripe-Signature",
        "hf_token", "AuthToken", "authToken", "access_token", "accessToken", "refreshToken", "id_token",
        "oauth_token", "csrftoken", "sessionid", "sessionId", "SESSION_ID", "password", "passwd", "pwd",
        "new_password", "passphrase", "apikey", "api_key", "APIKey", "client_secret", "clientSecret",
        "secretKey", "private_key", "privateKey", "sig", "otp", "pin", "jwt", "bearer_token", "X-Twilio-Signature",
        "license_key", "encryption_key", "webhook_secret", "credentials", "aws_secret_access_key",
    ]

    /// Names that hold nothing secret, some of which contain a credential word's letters.
    static let plainNames = [
        "Content-Type", "Cache-Control", "Content-Security-Policy", "Strict-Transport-Security", "ETag",
        "Keep-Alive", "X-Request-Id", "Author", "authority", "keyboard", "key_count", "monkey", "shipping",
        "design", "signal", "spinner", "title", "priority", "public_key", "publicKey", "Idempotency-Key",
        "Sec-WebSocket-Key", "token_type", "tokenType", "max_tokens", "prompt_tokens",
        "Access-Control-Allow-Credentials", "sort_key", "primaryKey", "cache_key", "WWW-Authenticate",
    ]

    @Test("names are split at -, _, ., spaces and camelCase humps")
    func splitting() {
        #expect(CredentialName.split("X-Api-Key") == ["x", "api", "key"])
        #expect(CredentialName.split("hf_token") == ["hf", "token"])
        #expect(CredentialName.split("AuthToken") == ["auth", "token"])
        #expect(CredentialName.split("HTTPAuthToken") == ["http", "auth", "token"])
        #expect(CredentialName.split("APIKey") == ["api", "key"])
        #expect(CredentialName.split("OAuth") == ["o", "auth"])
        #expect(CredentialName.split("x.session id") == ["x", "session", "id"])
        #expect(CredentialName.split("X-Hub-Signature-256") == ["x", "hub", "signature", "256"])
    }

    @Test("a name that says it holds a credential matches", arguments: credentialNames)
    func credential(name: String) {
        #expect(CredentialName(name).namesCredential, "\(CredentialName.split(name))")
    }

    @Test("a name that does not, or that ends harmlessly, does not match", arguments: plainNames)
    func plain(name: String) {
        #expect(!CredentialName(name).namesCredential, "\(CredentialName.split(name))")
    }

    @Test("headers, query items, form items and JSON members with credential names are redacted; others are kept")
    func redactedEverywhere() {
        let interaction = Samples.interaction(
            query: [QueryItem(name: "hf_token", value: "hf_abcdefghijkl"), QueryItem(name: "page", value: "2")],
            requestHeaders: [
                "X-Acme-Token": "acme-secret-1", "Ocp-Apim-Subscription-Key": "0123456789abcdef",
                "Content-Type": "application/x-www-form-urlencoded", "Idempotency-Key": "order-42",
            ],
            requestBody: "AuthToken=form-secret-2&title=milk",
            responseHeaders: ["Content-Type": "application/json", "X-Session-Token": "session-secret-3"],
            responseBody: #"{"user":{"name":"Ada","sessionId":"session-secret-4","credentials":{"pin":1234}},"token_type":"bearer"}"#)
        let result = Redaction().redact(Samples.fixture(interaction))
        let redacted = result.fixture.interactions[0]
        #expect(redacted.request.query == [QueryItem(name: "hf_token", value: "REDACTED"), QueryItem(name: "page", value: "2")])
        #expect(redacted.request.headers["X-Acme-Token"] == "REDACTED")
        #expect(redacted.request.headers["Ocp-Apim-Subscription-Key"] == "REDACTED")
        #expect(redacted.request.headers["Idempotency-Key"] == "order-42")
        #expect(Samples.text(redacted.request.body) == "AuthToken=REDACTED&title=milk")
        #expect(redacted.response.headers["X-Session-Token"] == "REDACTED")
        #expect(Samples.text(redacted.response.body)
            == #"{"user":{"name":"Ada","sessionId":"REDACTED","credentials":{"pin":"REDACTED"}},"token_type":"bearer"}"#)
        #expect(SecretScan().findings(in: result.fixture).isEmpty)
    }

    @Test("allowedNames keeps a matching name; redactsCredentialNames: false keeps to the deny-lists")
    func extendable() {
        let interaction = Samples.interaction(
            requestHeaders: ["X-Build-Token": "build-42", "X-Api-Key": "abcdefgh12345678"])
        let allowing = Redaction(allowedNames: ["x-build-token"]).redact(Samples.fixture(interaction)).fixture
        #expect(allowing.interactions[0].request.headers["X-Build-Token"] == "build-42")
        #expect(allowing.interactions[0].request.headers["X-Api-Key"] == "REDACTED")
        let listsOnly = Redaction(redactsCredentialNames: false).redact(Samples.fixture(interaction)).fixture
        #expect(listsOnly.interactions[0].request.headers["X-Build-Token"] == "build-42")
        #expect(listsOnly.interactions[0].request.headers["X-Api-Key"] == "REDACTED", "on the deny-list")
        // The scan checks what the redaction would redact: an allowed name is not a finding.
        let unredacted = Samples.fixture(interaction)
        #expect(SecretScan(redaction: Redaction(allowedNames: ["X-Build-Token", "X-Api-Key"]))
            .findings(in: unredacted).map(\.field) == ["request.header X-Api-Key"])
    }

    @Test("multipart/form-data parts with credential names are redacted; boundaries, part headers and Content-Length stay true")
    func multipart() throws {
        let body = "--XyZ\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nmilk\r\n"
            + "--XyZ\r\nContent-Disposition: form-data; name=\"password\"\r\n\r\nhunter2-secret\r\n--XyZ--\r\n"
        let interaction = Samples.interaction(
            requestHeaders: ["Content-Type": "multipart/form-data; boundary=\"XyZ\"", "Content-Length": "\(body.utf8.count)"],
            requestBody: body)
        let result = Redaction().redact(Samples.fixture(interaction))
        let redacted = result.fixture.interactions[0].request
        let expected = body.replacingOccurrences(of: "hunter2-secret", with: "REDACTED")
        #expect(Samples.text(redacted.body) == expected)
        #expect(redacted.headers["Content-Length"] == "\(expected.utf8.count)")
        #expect(result.redactions.contains(RedactedField(interaction: 0, field: "request.body multipart password", reason: .deniedName)))
    }

    @Test("XML elements and attributes with credential names, and HTML inputs named for one, are redacted in place")
    func markup() {
        let xml = #"<?xml version="1.0"?><login><user>ada</user><password>hunter2-secret</password>"#
            + #"<ns:ApiKey xmlns:ns="urn:x">key-0123456789</ns:ApiKey><session token='tok-abcdef123456' id="7"/></login>"#
        let html = #"<form><input type="text" name="user" value="ada"><input type="password" name="password" value="hunter2-secret"></form>"#
        let interaction = Samples.interaction(
            requestHeaders: ["Content-Type": "application/xml"], requestBody: xml,
            responseHeaders: ["Content-Type": "text/html; charset=utf-8"], responseBody: html)
        let redacted = Redaction().redact(Samples.fixture(interaction)).fixture.interactions[0]
        #expect(Samples.text(redacted.request.body)
            == #"<?xml version="1.0"?><login><user>ada</user><password>REDACTED</password>"#
            + #"<ns:ApiKey xmlns:ns="urn:x">REDACTED</ns:ApiKey><session token='REDACTED' id="7"/></login>"#)
        #expect(Samples.text(redacted.response.body)
            == #"<form><input type="text" name="user" value="ada"><input type="password" name="password" value="REDACTED"></form>"#)
    }
}

/// Long random-looking tokens under names that say nothing.
@Suite("Redaction of random-looking tokens")
struct RandomLookingTokenTests {
    private typealias Samples = RecordingSamples

    @Test("random tokens count; words, hex, UUIDs, short or spaced values do not")
    func threshold() {
        for token in ["Zr4pQ9xLm2Wv7Tn1Ks8YbC3d", "aB3dE5fG7hJ9kL1mN3pQ5rS7tU9", "v1.Xq8Lm3Np7Rt2Wz5Yb9Cd4Fg6"] {
            #expect(RandomLookingToken.matches(token), "\(token)")
        }
        for plain in [
            "application/octet-stream", "0123456789abcdef0123456789abcdef01234567", "123e4567-e89b-12d3-a456-426614174000",
            "Zr4pQ9xLm2Wv7Tn", "Mozilla/5.0 (X11; Linux x86_64)", "max-age=31536000; includeSubDomains",
            "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1",
        ] {
            #expect(!RandomLookingToken.matches(plain), "\(plain)")
        }
    }

    @Test("in a path segment, a query value and a header value they are redacted, and replay still matches the path")
    func redactedAndReplayed() throws {
        let secret = "Zr4pQ9xLm2Wv7Tn1Ks8YbC3d"
        let interaction = Samples.interaction(
            path: "/hooks/\(secret)/run", query: [QueryItem(name: "q", value: secret + "A")],
            requestHeaders: ["X-Note": secret + "B", "Content-Type": "text/plain"], responseHeaders: ["X-Echo": secret])
        let result = Redaction().redact(Samples.fixture(interaction))
        let redacted = result.fixture.interactions[0]
        #expect(redacted.request.path == "/hooks/REDACTED/run")
        #expect(redacted.request.query == [QueryItem(name: "q", value: "REDACTED")])
        #expect(redacted.request.headers["X-Note"] == "REDACTED")
        #expect(redacted.response.headers["X-Echo"] == "REDACTED")
        #expect(result.redactions.contains(RedactedField(interaction: 0, field: "request.path", reason: .randomLooking)))
        let playback = Playback()
        playback.load(result.fixture, source: "hooks.json")
        let plan = playback.plan(for: StubRequest(method: "POST", path: "/hooks/\(secret)/run", query: [QueryItem(name: "q", value: "x")]))
        #expect(playback.journal.unmatched.isEmpty, "\(plan)")
        let off = Redaction(redactsRandomLookingTokens: false).redact(Samples.fixture(interaction)).fixture
        #expect(off.interactions[0].request.path == "/hooks/\(secret)/run")
    }

    @Test("a URL-valued header is judged segment by segment: a readable path with a UUID is kept, a token in it is redacted, and paths stay paths")
    func urlValuedHeaders() throws {
        let uuid = "dff8ed8e-6d3d-43f0-913b-2c79e60a4110"
        let secret = "Zr4pQ9xLm2Wv7Tn1Ks8YbC3d"
        for (location, kept) in [
            ("/items/\(uuid)", "/items/\(uuid)"),
            ("https://api.example.com/items/\(uuid)?page=2", "https://api.example.com/items/\(uuid)?page=2"),
            ("/callbacks/\(secret)", "/callbacks/REDACTED"),
            ("https://api.example.com/done?code=\(secret)", "https://api.example.com/done?code=REDACTED"),
        ] {
            let interaction = Samples.interaction(
                path: location.hasPrefix("/") ? location : "/items/\(uuid)", query: [], requestHeaders: [:],
                responseHeaders: ["Location": location])
            let result = Redaction().redact(Samples.fixture(interaction))
            let redacted = result.fixture.interactions[0]
            #expect(redacted.response.headers["Location"] == kept, "\(location)")
            #expect(redacted.request.path.hasPrefix("/"), "\(location): \(redacted.request.path)")
            let encoded = result.fixture.encoded(as: .native)
            #expect(throws: Never.self, "\(location): the fixture reads back") {
                try Fixture(decoding: encoded, format: .native, source: "x.json")
            }
        }
    }

    @Test("the quick check never rules out a name the rule says holds a credential")
    func quickCheckAgreesWithTheRule() {
        var names = Array(CredentialName.words) + CredentialName.embeddedWords.flatMap { ["x\($0)", "\($0)x", "X_\($0.uppercased())"] }
        names += ["X-Subscription-Key", "api_keys", "ApiKey", "hfToken", "AUTH_TOKEN", "sessionId", "PRIVATE-TOKEN", "AccountKey", "Pwd"]
        for name in names where CredentialName(name).namesCredential {
            #expect(CredentialName.mayNameCredential(name), "\(name)")
        }
        #expect(!CredentialName.mayNameCredential("title"))
        #expect(!CredentialName.mayNameCredential("2026-11-24T08"))
    }
}
