@testable import RecordReplayMessages
@testable import RepositoryContractsJSON
import Foundation
import Testing

@_spi(Benchmarks) @testable import RecordReplayFixtures
@_spi(Benchmarks) @testable import RecordReplayRedaction
import RepositoryContractsTestSupport

@Suite struct SecretScanTests {
    private typealias Samples = RecordingSamples

    private static let shapes: [(String, SecretKind)] = [
        (Samples.jwt, .jsonWebToken),
        (Samples.awsAccessKeyID, .awsAccessKeyID),
        ("AS" + "IAY34FZKBOKMUTVV7A", .awsAccessKeyID),
        (Samples.gitHubToken, .gitHubToken),
        ("gh" + "s_" + "abcdefghijklmnopqrstuvwxyz0123456789", .gitHubToken),
        (Samples.gitHubPAT, .gitHubToken),
        (Samples.slackToken, .slackToken),
        (Samples.slackAppToken, .slackToken),
        (Samples.stripeKey, .stripeKey),
        (Samples.stripeTestKey, .stripeKey),
        (Samples.stripeRestrictedKey, .stripeKey),
        (Samples.googleAPIKey, .googleAPIKey),
        (Samples.privateKey, .privateKey),
    ]

    @Test(arguments: shapes)
    func eachShapeIsFoundInAJSONBodyWithItsPath(secret: String, kind: SecretKind) {
        let body = JSONValue.object([
            .init("user", .object([.init("id", .number("7")), .init("note", .string("x \(secret) y"))]))
        ]).serialized()
        let interaction = Samples.interaction(responseHeaders: ["Content-Type": "application/json"], responseBody: body)
        let findings = SecretScan().findings(in: Samples.fixture(interaction))
        #expect(
            findings == [
                SecretFinding(
                    interaction: 0, field: "response.body $.user.note", kind: kind,
                    preview: String(secret.prefix(4)) + "…")
            ])
    }

    @Test(arguments: shapes)
    func eachShapeIsFoundInATextBody(secret: String, kind: SecretKind) {
        let interaction = Samples.interaction(
            requestHeaders: ["Content-Type": "text/plain"], requestBody: "config:\n\(secret)\n")
        let findings = SecretScan().findings(in: Samples.fixture(interaction))
        #expect(findings.map(\.kind) == [kind])
        #expect(findings.map(\.field) == ["request.body"])
    }

    @Test func previewsNeverHoldTheSecret() {
        let interaction = Samples.interaction(
            query: [QueryItem(name: "api_key", value: "abcdefgh12345678")],
            requestHeaders: ["Authorization": "Bearer \(Samples.jwt)"])
        let findings = SecretScan().findings(in: Samples.fixture(interaction))
        #expect(
            findings == [
                SecretFinding(interaction: 0, field: "request.query api_key", kind: .unredactedValue, preview: "abcd…"),
                SecretFinding(
                    interaction: 0, field: "request.header Authorization", kind: .bearerToken, preview: "eyJh…"),
            ])
        #expect(findings.allSatisfy { $0.preview.count == 5 })
    }

    @Test func bearerTokensInAnyHeaderAreFound() {
        let interaction = Samples.interaction(
            responseHeaders: ["X-Upstream-Auth": "bearer opaque-token-value"])
        #expect(
            SecretScan().findings(in: Samples.fixture(interaction)) == [
                SecretFinding(
                    interaction: 0, field: "response.header X-Upstream-Auth", kind: .bearerToken, preview: "opaq…")
            ])
    }

    @Test func shapesInHeadersNameTheHeader() {
        let interaction = Samples.interaction(
            requestHeaders: ["X-GitHub-Token": Samples.gitHubToken],
            responseHeaders: ["X-Debug": "key=\(Samples.awsAccessKeyID); other"])
        #expect(
            SecretScan().findings(in: Samples.fixture(interaction)) == [
                SecretFinding(
                    interaction: 0, field: "request.header X-GitHub-Token", kind: .gitHubToken, preview: "ghp_…"),
                SecretFinding(
                    interaction: 0, field: "response.header X-Debug", kind: .awsAccessKeyID, preview: "AKIA…"),
            ])
    }

    @Test func bearerChallengesAreNotTokens() {
        let interaction = Samples.interaction(
            responseHeaders: ["WWW-Authenticate": #"Bearer realm="api", error="invalid_token""#])
        #expect(SecretScan().findings(in: Samples.fixture(interaction)) == [])
    }

    @Test func awsSecretKeysAreFoundNextToTheirName() {
        let json = Samples.interaction(
            responseHeaders: ["Content-Type": "application/json"],
            responseBody: #"{"AWS_SECRET_ACCESS_KEY":"\#(Samples.awsSecret)","other":"\#(Samples.awsSecret)"}"#)
        let text = Samples.interaction(
            responseHeaders: ["Content-Type": "text/plain"],
            responseBody: "aws_secret_access_key = \(Samples.awsSecret)\n")
        let findings = SecretScan().findings(in: Samples.fixture(json, text))
        #expect(
            findings == [
                SecretFinding(
                    interaction: 0, field: "response.body $.AWS_SECRET_ACCESS_KEY", kind: .awsSecretAccessKey,
                    preview: "wJal…"),
                // Under a name that says nothing, the key is still random-looking.
                SecretFinding(interaction: 0, field: "response.body $.other", kind: .randomLookingToken, preview: "wJal…"),
                SecretFinding(interaction: 1, field: "response.body", kind: .awsSecretAccessKey, preview: "wJal…"),
            ])
    }

    @Test func pathsQueriesAndFormsAreScanned() {
        let interaction = Samples.interaction(
            path: "/hooks/\(Samples.slackToken)",
            query: [QueryItem(name: "q", value: Samples.googleAPIKey)],
            requestHeaders: ["Content-Type": "application/x-www-form-urlencoded"],
            requestBody: "client_id=app&client_secret=abc%2Fdef")
        let findings = SecretScan().findings(in: Samples.fixture(interaction))
        #expect(
            findings == [
                SecretFinding(interaction: 0, field: "request.path", kind: .slackToken, preview: "xoxb…"),
                SecretFinding(interaction: 0, field: "request.query q", kind: .googleAPIKey, preview: "AIza…"),
                SecretFinding(
                    interaction: 0, field: "request.body form client_secret", kind: .unredactedValue, preview: "abc/…"),
            ])
    }

    @Test func base64BodiesAreDecodedAndScanned() {
        let encoded = Data("token: \(Samples.gitHubToken)".utf8).base64EncodedString()
        let interaction = Samples.interaction(responseHeaders: ["Content-Type": "text/plain"], responseBody: encoded)
        #expect(
            SecretScan().findings(in: Samples.fixture(interaction)) == [
                SecretFinding(interaction: 0, field: "response.body (base64)", kind: .gitHubToken, preview: "ghp_…")
            ])
    }

    @Test func unredactedDenyListedValuesAreFound() {
        let interaction = Samples.interaction(
            requestHeaders: ["Cookie": "a=REDACTED; session=abc123", "X-Api-Key": "k-123"],
            responseHeaders: HTTPHeaders([("Content-Type", "application/json"), ("Set-Cookie", "sid=zz9; Path=/")]),
            responseBody: #"{"data":[{"refresh_token":"r-1"},{"password":"REDACTED"}]}"#)
        #expect(
            SecretScan().findings(in: Samples.fixture(interaction)).map(\.description) == [
                "#0 request.header Cookie: unredactedValue abc1…",
                "#0 request.header X-Api-Key: unredactedValue k-12…",
                "#0 response.header Set-Cookie: unredactedValue zz9…",
                "#0 response.body $.data[0].refresh_token: unredactedValue r-1…",
            ])
    }

    @Test func aRedactedFixtureHasNoFindings() {
        let interaction = Samples.interaction(
            path: "/users/\(Samples.awsAccessKeyID)",
            query: [
                QueryItem(name: "api_key", value: "abcdefgh12345678"),
                QueryItem(name: "echo", value: Samples.stripeKey),
            ],
            requestHeaders: ["Authorization": "Bearer \(Samples.jwt)", "Cookie": "session=abcdef123456"],
            responseHeaders: HTTPHeaders([
                ("Content-Type", "application/json"), ("Set-Cookie", "session=abcdef123456; Path=/"),
            ]),
            responseBody:
                #"{"token":"\#(Samples.gitHubToken)","echo":"Bearer \#(Samples.jwt)","key":"\#(Samples.stripeKey)"}"#)
        let unredacted = Samples.fixture(interaction)
        #expect(SecretScan().findings(in: unredacted).count >= 7)
        let redaction = Redaction(
            queryNames: Redaction.defaultQueryNames + ["echo"],
            customRedactors: [
                {
                    $0.request.path = $0.request.path.replacingOccurrences(
                        of: RecordingSamples.awsAccessKeyID, with: "KEY")
                }
            ])
        let redacted = redaction.redact(unredacted).fixture
        #expect(SecretScan().findings(in: redacted) == [])
    }

    @Test func anOrdinaryTodoFixtureWithUUIDsHasNoFindings() {
        let id = "3F2504E0-4F89-11D3-9A0C-0305E82C3301"
        let other = UUID().uuidString.lowercased()
        let fixture = Samples.fixture(
            Samples.interaction(
                path: "/todos/\(id)", query: [QueryItem(name: "include", value: other)],
                requestHeaders: [
                    "Content-Type": "application/json", "Accept": "application/json", "X-Request-Id": other,
                    "Authorization": "Bearer REDACTED",
                ],
                requestBody: #"{"title":"Buy milk","done":false,"owner":"\#(other)"}"#,
                responseHeaders: [
                    "Content-Type": "application/json; charset=utf-8",
                    "ETag": "\"33a64df551425fcc55e4d42a148795d9f25f89d4\"",
                ],
                responseBody:
                    #"{"id":"\#(id)","title":"Buy milk","done":false,"createdAt":"2026-11-21T10:00:00Z","token":"REDACTED"}"#
            ),
            Samples.interaction(path: "/todos", responseHeaders: ["Content-Type": "text/plain"], responseBody: "ok"))
        #expect(SecretScan().findings(in: fixture) == [])
    }
}
