@testable import RecordReplayMessages
import Foundation
import Testing

@_spi(Benchmarks) @testable import RecordReplay
@_spi(Benchmarks) @testable import RecordReplayFixtures
@_spi(Benchmarks) @testable import RecordReplayRedaction
@_spi(Benchmarks) @testable import RecordReplayWire
import RepositoryContractsTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A corpus of credentials, one per request, sent through the real recorder to an upstream that echoes
/// each request back (in a response header and in its JSON body): every one must be redacted in place,
/// never written to the fixture.
@Suite("Recording: the credential corpus never reaches a fixture", .timeLimit(.minutes(10)))
struct CredentialCorpusTests {
    /// One credential and where the client puts it.
    struct Case: Sendable, CustomStringConvertible {
        enum Place: Sendable {
            case header(String), query(String), form(String), json(String), multipart(String), xml(String), path
            /// A text body of this type; the secret replaces `%s` in the template.
            case text(type: String, template: String)
            /// A request path; the secret replaces `%s` in the template.
            case pathShape(String)
            /// A text body of this type in UTF-16 (little-endian, with a byte order mark).
            case utf16(type: String, template: String)
            /// A text body of this type compressed, sent with `Content-Encoding: gzip`.
            case gzip(type: String, template: String)
            /// A JSON body whose `state` is base64 of the JSON template.
            case base64JSON(template: String)
        }
        var kind: String
        var place: Place
        var secret: String
        /// Other spellings of the secret that must not reach the fixture either (the base64 that wraps it).
        var otherSpellings: [String] = []
        var description: String { "\(kind) in \(place)" }
    }

    /// Values that look like credentials but have no provider's shape: only their names give them away.
    private static func opaque(_ number: Int) -> String {
        "opaque-\(number)-" + String(repeating: "Qx7", count: 6)
    }

    static let cases: [Case] = {
        var cases: [Case] = []
        let headerNames = [
            "X-Acme-Token", "X-Acme-Api-Key", "Ocp-Apim-Subscription-Key", "PRIVATE-TOKEN", "X-GitHub-Access-Token",
            "X-Session-Token", "X-CSRF-Token", "X-Hub-Signature-256", "X-Amz-Security-Token", "Proxy-Authorization",
        ]
        cases += headerNames.enumerated().map { Case(kind: "credential-named header", place: .header($1), secret: opaque($0)) }
        let queryNames = ["hf_token", "AuthToken", "id_token", "X-Amz-Credential", "X-Amz-Signature", "sessionId", "pwd", "otp"]
        cases += queryNames.enumerated().map { Case(kind: "credential-named query item", place: .query($1), secret: opaque(100 + $0)) }
        let formNames = ["password", "client_secret", "newPassword", "pin_code"]
        cases += formNames.enumerated().map { Case(kind: "credential-named form field", place: .form($1), secret: opaque(200 + $0)) }
        let memberNames = ["apiKey", "refresh_token", "signingSecret", "passphrase"]
        cases += memberNames.enumerated().map { Case(kind: "credential-named JSON member", place: .json($1), secret: opaque(300 + $0)) }
        let partNames = ["password", "api_key", "token"]
        cases += partNames.enumerated().map { Case(kind: "credential-named multipart part", place: .multipart($1), secret: opaque(400 + $0)) }
        let elementNames = ["Password", "SessionToken", "clientSecret"]
        cases += elementNames.enumerated().map { Case(kind: "credential-named XML element", place: .xml($1), secret: opaque(500 + $0)) }
        // Random-looking tokens with no name or shape: in a webhook-style path segment, a neutral header and
        // a neutral query item.
        let opaqueTokens = ["Zr4pQ9xLm2Wv7Tn1Ks8YbC3d", "aB3dE5fG7hJ9kL1mN3pQ5rS7tU9w", "Hq2Jx7Lp4Nv9Rt6Wz3Yb8Cd5Fg1K"]
        for (offset, token) in opaqueTokens.enumerated() {
            cases.append(Case(kind: "random-looking token", place: .path, secret: token))
            cases.append(Case(kind: "random-looking token", place: .header("X-Trace-Note"), secret: token + "\(offset)h"))
            cases.append(Case(kind: "random-looking token", place: .query("ref"), secret: token + "\(offset)q"))
        }
        // Credentials inside text and URL paths: only the text around them gives them away.
        let inText: [(String, Case.Place)] = [
            ("Slack webhook path", .pathShape("/services/T0AB12CD3/B0AB12CD3/%s")),
            ("Telegram bot path", .pathShape("/bot123456789:%s/getMe")),
            ("Discord webhook path", .pathShape("/api/webhooks/112233445566778899/%s")),
            (".env assignment", .text(type: "text/plain", template: "APP=shop\nPAYMENT_SECRET=%s\n")),
            ("YAML password", .text(type: "application/yaml", template: "db:\n  password: %s\n")),
            ("script assignment", .text(type: "text/html", template: "<script>var apiKey=\"%s\";</script>")),
            ("connection string", .json("connectionString")),
            ("URL password", .text(type: "text/plain", template: "DATABASE_URL=postgres://app:%s@db:5432/app\n")),
        ]
        for (offset, (kind, place)) in inText.enumerated() {
            let secret = kind == "Telegram bot path" ? "AAH" + "dqTcvCH1vGWJxfSeofSAs0K5PALDs\(offset)" : "kqQx7Qx7Qx7Qx7Qx7Qx7Qx7\(offset)"
            cases.append(Case(kind: kind, place: place, secret: secret))
        }
        // Credentials known by their class only (issue 43): one shape per family.
        cases += classCases
        // Provider tokens under names that say nothing: only their shape gives them away.
        for (offset, shape) in TokenShape.providers.enumerated() {
            let place: Case.Place = switch offset % 3 {
            case 0: .header("X-Note")
            case 1: .query("q")
            default: .json("note")
            }
            cases.append(Case(kind: shape.name, place: place, secret: TokenShapeTests.sample(of: shape)))
        }
        return cases
    }()

    /// The secret of a class case, and the base64 a case wraps it in.
    private static let classSecret = "nfx" + "7Kq2Lm9Pz4Rt8Vb3Nc6Wd1Yh5Jg0Fs2Ae"
    private static let wrapped = Data(#"{"client_secret":"\#(classSecret)w","return":"/home"}"#.utf8).base64EncodedString()

    /// Credentials that neither a name nor a provider's shape gives away (issue 43's classes), each as a
    /// client sends it: a body value judged by its randomness under a generic name, a JSON member name
    /// that is a token, syntaxes other than `name=value` (`curl -u`, an SMTP `AUTH LOGIN` exchange,
    /// escaped XML), encodings (UTF-16, gzip, base64-wrapped JSON), hexadecimal keys by position, an OAuth
    /// callback's code.
    static let classCases: [Case] = [
        Case(kind: "random body value under a generic name", place: .text(type: "application/json", template: #"{"title":"milk","value":"%s"}"#),
             secret: classSecret + "a"),
        Case(kind: "JSON member name that is a token", place: .text(type: "application/json", template: #"{"shares":{"%s":{"user":"ann"}}}"#),
             secret: classSecret + "b"),
        Case(kind: "curl -u in a CI log", place: .text(type: "text/plain", template: "+ curl -sS -u deploy:%s https://ci.example.com/api/deploy\n"),
             secret: "Tr0ub4dor" + "-and-3c"),
        Case(kind: "SMTP AUTH LOGIN password line",
             place: .text(type: "text/plain", template: "AUTH LOGIN\r\n334 VXNlcm5hbWU6\r\nYW5u\r\n334 UGFzc3dvcmQ6\r\n%s\r\n235 2.7.0 OK\r\n"),
             secret: Data(("Tr0ub4dor" + "-and-3d").utf8).base64EncodedString()),
        Case(kind: "password in XML written with character references", place: .text(type: "text/html", template: "<pre>&lt;password&gt;%s&lt;/password&gt;</pre>"),
             secret: "Tr0ub4dor" + "-and-3e"),
        Case(kind: "UTF-16 text", place: .utf16(type: "text/plain; charset=utf-16", template: "token: %s\nregion: eu\n"), secret: "op" + "aque-Qx7Qx7Qx7Qx7f"),
        Case(kind: "gzip JSON (Content-Encoding: gzip)", place: .gzip(type: "application/json", template: #"{"user":"ann","password":"%s"}"#),
             secret: "Tr0ub4dor" + "-and-3g"),
        Case(kind: "base64-wrapped JSON", place: .base64JSON(template: #"{"client_secret":"%s","return":"/home"}"#),
             secret: classSecret + "w", otherSpellings: [wrapped]),
        Case(kind: "hexadecimal key after a key segment", place: .pathShape("/api/key/%s/status"), secret: "9f86d081884c7d65" + "9a2feaa0"),
        Case(kind: "hexadecimal key after a version segment", place: .pathShape("/v3/%s"), secret: "9f86d081884c7d65" + "9a2feaa0c55ad015"),
        Case(kind: "OAuth callback code", place: .pathShape("/callback?code=%s&state=af0ifjsldkj"), secret: "Qx4mT9" + "vR2wL8pZ1cK7"),
    ]

    @Test("each credential is redacted in place, in the request and in the echo; none is in the file")
    func corpus() async throws {
        let upstream = StubServer()
        upstream.playback.stub(.any) { request in
            var echo: [String: String] = [:]
            for field in request.headers where field.name.lowercased().hasPrefix("x-") || field.name.contains("TOKEN")
                || field.name.lowercased().contains("auth") || field.name.contains("Key")
            {
                echo[field.name] = field.value
            }
            for item in request.query { echo["query " + item.name] = item.value ?? "" }
            // The body as a server that accepts it reads it: inflated, in its charset.
            echo["body"] = String(decoding: BodyContent.decoded(request.body, headers: request.headers), as: UTF8.self)
            let body = (try? JSONSerialization.data(withJSONObject: ["echo": echo], options: [.sortedKeys])) ?? Data()
            let firstCustom = request.headers.first { $0.name.lowercased().hasPrefix("x-") }?.value ?? ""
            return StubResponse(headers: ["Content-Type": "application/json", "X-Echo": firstCustom], body: body)
        }
        try await upstream.start()
        let recorder = StubServer()
        recorder.playback.recordUnmatched(through: UpstreamForwarder.patient(upstream.baseURL))
        try await recorder.start()

        let session = URLSession(configuration: .patient)
        defer { session.finishTasksAndInvalidate() }
        for (number, item) in Self.cases.enumerated() {
            var components = URLComponents(url: recorder.url("/items/\(number)"), resolvingAgainstBaseURL: false)!
            var request = URLRequest(url: recorder.url("/items/\(number)"))
            if case .path = item.place { request.url = recorder.url("/hooks/\(number)/\(item.secret)") }
            if case .pathShape(let template) = item.place {
                request.url = recorder.url(template.replacingOccurrences(of: "%s", with: item.secret))
            }
            request.httpMethod = "POST"
            switch item.place {
            case .header(let name):
                request.setValue(item.secret, forHTTPHeaderField: name)
            case .query(let name):
                components.queryItems = [URLQueryItem(name: name, value: item.secret)]
                request.url = components.url
            case .form(let name):
                request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
                request.httpBody = Data("title=milk&\(name)=\(item.secret)".utf8)
            case .json("connectionString"):
                request.setValue("application/json", forHTTPHeaderField: "Content-Type")
                let connection = "DefaultEndpointsProtocol=https;AccountName=a;AccountKey=\(item.secret);EndpointSuffix=x"
                request.httpBody = Data(#"{"title":"milk","connectionString":"\#(connection)"}"#.utf8)
            case .json(let name):
                request.setValue("application/json", forHTTPHeaderField: "Content-Type")
                request.httpBody = Data(#"{"title":"milk","nested":{"\#(name)":"\#(item.secret)"}}"#.utf8)
            case .text(let type, let template):
                request.setValue(type, forHTTPHeaderField: "Content-Type")
                request.httpBody = Data(template.replacingOccurrences(of: "%s", with: item.secret).utf8)
            case .pathShape:
                break
            case .utf16(let type, let template):
                request.setValue(type, forHTTPHeaderField: "Content-Type")
                request.httpBody = Data([0xFF, 0xFE]) + template.replacingOccurrences(of: "%s", with: item.secret).data(using: .utf16LittleEndian)!
            case .gzip(let type, let template):
                request.setValue(type, forHTTPHeaderField: "Content-Type")
                request.setValue("gzip", forHTTPHeaderField: "Content-Encoding")
                request.httpBody = Data(Gzip.compressed(Array(template.replacingOccurrences(of: "%s", with: item.secret).utf8)))
            case .base64JSON(let template):
                request.setValue("application/json", forHTTPHeaderField: "Content-Type")
                let state = Data(template.replacingOccurrences(of: "%s", with: item.secret).utf8).base64EncodedString()
                request.httpBody = Data(#"{"state":"\#(state)","page":2}"#.utf8)
            case .multipart(let name):
                request.setValue("multipart/form-data; boundary=corpus", forHTTPHeaderField: "Content-Type")
                request.httpBody = Data(
                    ("--corpus\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nmilk\r\n--corpus\r\n"
                        + "Content-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(item.secret)\r\n--corpus--\r\n").utf8)
            case .path:
                break
            case .xml(let name):
                request.setValue("application/xml", forHTTPHeaderField: "Content-Type")
                request.httpBody = Data("<login><user>ada</user><\(name)>\(item.secret)</\(name)></login>".utf8)
            }
            _ = try await session.data(for: request)
        }
        await recorder.stop()
        await upstream.stop()

        let file = FileManager.default.temporaryDirectory.appendingPathComponent("corpus-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: file) }
        let outcome = try #require(try recorder.saveRecording(to: file))
        #expect(outcome.recordedCount == Self.cases.count)
        // Searched as bytes: Foundation's `String.contains` compares Unicode text, which on Linux made these
        // few hundred searches most of the test's time; every secret is ASCII, so a byte search finds
        // each one wherever a text search would.
        let written = try Data(contentsOf: file)
        // And every body read through its encoding (gzip, UTF-16: stored as base64 in the file).
        let decoded = Data(try Fixture(contentsOf: file).interactions.map(CredentialClassCorpusTests.allText).joined(separator: "\n").utf8)
        #expect(Self.cases.allSatisfy { $0.secret.utf8.allSatisfy { $0 < 0x80 } }, "a byte search suits ASCII secrets")
        var leaked: [String] = []
        for item in Self.cases {
            let spellings = ([item.secret, Self.jsonEscaped(item.secret)] + item.otherSpellings).map { Data($0.utf8) }
            if spellings.contains(where: { written.range(of: $0) != nil || decoded.range(of: $0) != nil }) {
                leaked.append(item.description)
            }
        }
        #expect(leaked.isEmpty, "written to the fixture in clear: \(leaked)")
        #expect(SecretScan().findings(in: try Fixture(contentsOf: file)).isEmpty)
        print("[corpus] \(Self.cases.count) credentials (\(Self.classCases.count) known by class), \(Self.cases.count - leaked.count) redacted in place, \(leaked.count) leaked \(leaked)")
    }

    /// `secret` as a JSON string literal's content (`/` escaped as JSONSerialization writes it).
    private static func jsonEscaped(_ secret: String) -> String {
        secret.replacingOccurrences(of: "/", with: "\\/")
    }
}
