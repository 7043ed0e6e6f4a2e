import RecordReplayMessages
import Foundation
import Testing

@_spi(Benchmarks) @testable import RecordReplay
@_spi(Benchmarks) @testable import RecordReplayRedaction
import RepositoryContractsTestSupport

/// Credentials that neither a credential name nor a provider's token shape gives away, written from
/// the classes of issue 43 (not from its examples only): body values judged by randomness and by the
/// structure around them, syntaxes other than `name=value`, encodings the scan must read through, and
/// places never scanned before (member names, hexadecimal keys by position). Each case is checked four
/// ways: redacted in place with the structure kept (native and HAR), refused by the secret scan
/// unredacted, passed by it redacted, and matched on replay.
@Suite("Redaction corpus: credentials known by class, not by name or shape")
struct CredentialClassCorpusTests {
    private typealias Samples = RecordingSamples

    struct Case: Sendable, CustomStringConvertible {
        var kind: String
        var name: String
        var interaction: Interaction
        /// The credentials: none may appear in the redacted fixture.
        var secrets: [String]
        /// Text the redacted fixture must still hold.
        var kept: [String]
        var description: String { "\(kind): \(name)" }
    }

    // Fake secrets, assembled from pieces so that this file does not look like a leak itself.
    static let jwkD = "Vx9Lq2" + "Rt7Pm4Nc8Wz1Kd5Hf3Yb6Gs0Ja2Qe9Tu4Io7Pl1Mn"
    static let jwkP = "9Kd5Hf3" + "Yb6Gs0Ja2Qe9Tu4Io7Pl1MnVx9Lq2Rt7Pm4Nc8Wz1"
    static let jwkQ = "Nc8Wz1Kd" + "5Hf3Yb6Gs0Ja2Qe9Tu4Io7Pl1MnVx9Lq2Rt7Pm4"
    static let jwkN = "0vx7agoebGcQSuuPiLJXZptN9nndrQmbXEps2aiAFbWhM78LhWx4cbbfAAtVT86zwu1RK7aPFFxuhDR1L6tSoc_BJECPebWKRXjBZCiFV4n3"
    static let deviceCode = "GmRhmhcxhw" + "AzkoEqiMEg_DnyEysNkuNhszIySk9eS"
    static let verifier = "dBjftJeZ4CVP" + "-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
    static let authCode = "SplxlOBeZQ" + "QYbYS6WxSbIA"
    static let randomValue = "nfx" + "7Kq2Lm9Pz4Rt8Vb3Nc6Wd1Yh5Jg0Fs2Ae"
    static let phrase = "correct" + "-horse-battery-staple"
    static let opaque = "op" + "aque-Qx7Qx7Qx7Qx7"
    static let password = "Tr0ub4dor" + "-and-3"
    static let hexKey = "9f86d081884c7d65" + "9a2feaa0c55ad015"
    static let gitHubToken = RecordingSamples.gitHubToken
    static let samlXML = #"<samlp:Response><saml:Assertion><ds:SignatureValue>"# + "c2lnbmF0dXJlLXZhbHVl" + "</ds:SignatureValue></saml:Assertion></samlp:Response>"
    static let saml = Data(samlXML.utf8).base64EncodedString()
    static let privateKeyPEM = "-----BEGIN " + "PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----\n"
    static let keyData = Data(privateKeyPEM.utf8).base64EncodedString()
    static let puttyLine = "AAAAIGn0pQ7" + "Wz1Kd5Hf3Yb6Gs0Ja2Qe9Tu4Io7Pl1Mn"
    static let kubernetesToken = Data(("eyJ" + "hbGciOiJSUzI1NiJ9.eyJzdWIiOiJjaSJ9.c2lnbmF0dXJlLXNpZ25hdHVyZQ").utf8)
        .base64EncodedString().replacingOccurrences(of: "=", with: "")

    static func json(_ body: String, type: String = "application/json") -> Interaction {
        Samples.interaction(responseHeaders: ["Content-Type": type], responseBody: body)
    }

    static func text(_ body: String, type: String = "text/plain") -> Interaction {
        Samples.interaction(responseHeaders: ["Content-Type": type], responseBody: body)
    }

    static let valueCases: [Case] = [
        Case(kind: "body value", name: "JSON Web Key set with private RSA members",
             interaction: json(#"{"keys":[{"kty":"RSA","kid":"k1","use":"sig","n":"\#(jwkN)","e":"AQAB","d":"\#(jwkD)","p":"\#(jwkP)","q":"\#(jwkQ)","dp":"\#(jwkP)x","dq":"\#(jwkQ)x","qi":"\#(jwkD)x"}]}"#),
             secrets: [jwkD, jwkP, jwkQ], kept: [#""kty":"RSA","kid":"k1","use":"sig","n":"\#(jwkN)","e":"AQAB","d":"REDACTED""#]),
        Case(kind: "body value", name: "EC and symmetric JSON Web Keys",
             interaction: json(#"[{"kty":"EC","crv":"P-256","x":"f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU","d":"\#(jwkQ)"},{"kty":"oct","k":"\#(jwkP)"}]"#),
             secrets: [jwkQ, jwkP], kept: [#""x":"f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU","d":"REDACTED"}"#]),
        Case(kind: "body value", name: "OAuth device authorization answer",
             interaction: json(#"{"device_code":"\#(deviceCode)","user_code":"WDJB-MJHT","verification_uri":"https://example.com/device","expires_in":1800}"#),
             secrets: [deviceCode], kept: [#""user_code":"WDJB-MJHT","verification_uri":"https://example.com/device""#]),
        Case(kind: "body value", name: "PKCE token request with a random authorization code",
             interaction: Samples.interaction(
                requestHeaders: ["Content-Type": "application/x-www-form-urlencoded"],
                requestBody: "grant_type=authorization_code&code=\(authCode)&code_verifier=\(verifier)&redirect_uri=https%3A%2F%2Fapp.example.com%2Fcb"),
             secrets: [verifier, authCode], kept: ["grant_type=authorization_code&", "&redirect_uri=https%3A%2F%2Fapp.example.com%2Fcb"]),
        Case(kind: "body value", name: "SAML response form post",
             interaction: Samples.interaction(
                requestHeaders: ["Content-Type": "application/x-www-form-urlencoded"],
                requestBody: "SAMLResponse=\(saml.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)&RelayState=%2Fhome"),
             secrets: [saml, String(saml.prefix(40))], kept: ["&RelayState=%2Fhome"]),
        Case(kind: "body value", name: "a provider's create-token answer under value",
             interaction: json(#"{"id":"tok_01","name":"ci","value":"\#(randomValue)","created_at":"2026-01-01T00:00:00Z"}"#),
             secrets: [randomValue], kept: [#""name":"ci","value":"REDACTED""#]),
        Case(kind: "body value", name: "a token resource's readable value with an expiry",
             interaction: json(#"{"data":{"value":"\#(phrase)","expires_at":"2026-01-01T00:00:00Z"}}"#, type: "application/vnd.api+json"),
             secrets: [phrase], kept: [#""expires_at":"2026-01-01T00:00:00Z""#]),
        Case(kind: "body value", name: "a parameter store's SecureString (application/x-amz-json-1.1)",
             interaction: json(#"{"Parameter":{"Name":"/prod/db/password","Type":"SecureString","Value":"\#(phrase)","Version":3}}"#, type: "application/x-amz-json-1.1"),
             secrets: [phrase], kept: [#""Name":"/prod/db/password","Type":"SecureString","Value":"REDACTED""#]),
        Case(kind: "body value", name: "environment variables as name/value pairs",
             interaction: json(#"{"env":[{"name":"PORT","value":"8080"},{"name":"STRIPE_WEBHOOK_SECRET","value":"\#(phrase)"}]}"#),
             secrets: [phrase], kept: [#"{"name":"PORT","value":"8080"}"#]),
        Case(kind: "body value", name: "a Kubernetes Secret's data",
             interaction: json(#"{"kind":"Secret","metadata":{"name":"db"},"data":{"user":"YWRtaW4=","pass-phrase":"\#(Data(phrase.utf8).base64EncodedString())"}}"#),
             secrets: [Data(phrase.utf8).base64EncodedString(), "YWRtaW4="], kept: [#""metadata":{"name":"db"}"#]),
        Case(kind: "body value", name: "a nested client_secret.value in a server-sent events stream",
             interaction: text("event: created\ndata: {\"id\":\"app_1\",\"client_secret\":{\"value\":\"\(opaque)\",\"expires_at\":1}}\n\n", type: "text/event-stream"),
             secrets: [opaque], kept: ["event: created\ndata: {\"id\":\"app_1\",\"client_secret\":{\"value\":\"REDACTED\""]),
        Case(kind: "body value", name: "a random token as a whole text body",
             interaction: text(randomValue + "\n"),
             secrets: [randomValue], kept: []),
    ]

    static let syntaxCases: [Case] = [
        Case(kind: "syntax", name: "curl -u user:password in a CI log",
             interaction: text("$ ./deploy.sh\n+ curl -sS -u deploy:\(password) https://ci.example.com/api/deploy\n{\"ok\":true}\n"),
             secrets: [password], kept: ["+ curl -sS -u deploy:REDACTED https://ci.example.com/api/deploy"]),
        Case(kind: "syntax", name: "curl --user with an API key as the user",
             interaction: text("curl https://api.example.com/v1/charges --user '\(opaque):' -d amount=400\n"),
             secrets: [opaque], kept: ["--user 'REDACTED:' -d amount=400"]),
        Case(kind: "syntax", name: "a Redis AUTH command in a transcript",
             interaction: text("127.0.0.1:6379> AUTH default \(password)\nOK\n127.0.0.1:6379> GET greeting\n\"hi\"\n"),
             secrets: [password], kept: ["127.0.0.1:6379> AUTH default REDACTED\nOK\n"]),
        Case(kind: "syntax", name: "redis-cli -a",
             interaction: text("redis-cli -h cache.internal -a '\(password)' ping\n"),
             secrets: [password], kept: ["redis-cli -h cache.internal -a 'REDACTED' ping"]),
        Case(kind: "syntax", name: "a JDBC thin URL with user/password@",
             interaction: json(#"{"url":"jdbc:oracle:thin:scott/\#(password)@//db.example.com:1521/ORCL","pool":5}"#),
             secrets: [password], kept: ["jdbc:oracle:thin:scott/REDACTED@//db.example.com:1521/ORCL"]),
        Case(kind: "syntax", name: "sqlplus user/password@db",
             interaction: text("sqlplus -s app/\(password)@ORCL @migrate.sql\n"),
             secrets: [password], kept: ["sqlplus -s app/REDACTED@ORCL @migrate.sql"]),
        Case(kind: "syntax", name: "a Netscape cookies.txt row",
             interaction: text("# Netscape HTTP Cookie File\n.example.com\tTRUE\t/\tTRUE\t1767225600\tsid\t\(opaque)\n"),
             secrets: [opaque], kept: ["\t1767225600\tsid\tREDACTED\n"]),
        Case(kind: "syntax", name: "a CSV export with an api_key column",
             interaction: text("id,name,api_key,created\n1,ann,\(opaque)1,2026-01-01\n2,bob,\"\(opaque)2\",2026-01-02\n", type: "text/csv"),
             secrets: [opaque + "1", opaque + "2"], kept: ["1,ann,REDACTED,2026-01-01\n2,bob,\"REDACTED\",2026-01-02"]),
        Case(kind: "syntax", name: "a TSV export with a Password column",
             interaction: text("User\tPassword\tRole\nann\t\(password)\tadmin\n", type: "text/tab-separated-values"),
             secrets: [password], kept: ["ann\tREDACTED\tadmin"]),
        Case(kind: "syntax", name: "a kubeconfig's client-key-data",
             interaction: text("users:\n- name: ci\n  user:\n    client-certificate-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t\n    client-key-data: \(keyData)\n", type: "application/yaml"),
             secrets: [keyData], kept: ["client-certificate-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t\n    client-key-data: REDACTED\n"]),
        Case(kind: "syntax", name: "a PuTTY private key file",
             interaction: text("PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nComment: ci\nPublic-Lines: 1\nAAAAC3NzaC1lZDI1NTE5AAAAIB\nPrivate-Lines: 2\n\(puttyLine)\n\(puttyLine.reversed().map(String.init).joined())\nPrivate-MAC: 0123abcd\n"),
             secrets: [puttyLine, puttyLine.reversed().map(String.init).joined()], kept: ["Public-Lines: 1\nAAAAC3NzaC1lZDI1NTE5AAAAIB\nPrivate-Lines: 2\nREDACTED\nREDACTED\nPrivate-MAC:"]),
        Case(kind: "syntax", name: "pass= inside a cookie-like custom header",
             interaction: Samples.interaction(requestHeaders: ["X-Legacy-Prefs": "user=ann; pass=\(password); theme=dark"]),
             secrets: [password], kept: ["user=ann; pass=REDACTED; theme=dark"]),
        Case(kind: "syntax", name: "a --password flag followed by a space",
             interaction: text("docker login registry.example.com --username ci --password \(opaque)\nLogin Succeeded\n"),
             secrets: [opaque], kept: ["--username ci --password REDACTED\nLogin Succeeded"]),
        Case(kind: "syntax", name: "SQL IDENTIFIED BY",
             interaction: text("CREATE USER app IDENTIFIED BY \"\(password)\";\nGRANT SELECT ON t TO app;\n", type: "application/sql"),
             secrets: [password], kept: ["CREATE USER app IDENTIFIED BY \"REDACTED\";"]),
    ]

    static let placeCases: [Case] = [
        Case(kind: "place", name: "a map keyed by a GitHub token",
             interaction: json(#"{"grants":{"\#(gitHubToken)":{"scopes":["repo"]}}}"#),
             secrets: [gitHubToken], kept: [#"{"grants":{"REDACTED":{"scopes":["repo"]}}}"#]),
        Case(kind: "place", name: "a map keyed by random tokens",
             interaction: json(#"{"shares":{"\#(randomValue)":{"user":"ann"}}}"#),
             secrets: [randomValue], kept: [#"{"shares":{"REDACTED":{"user":"ann"}}}"#]),
        Case(kind: "place", name: "a hexadecimal key after a version segment",
             interaction: Samples.interaction(path: "/v3/\(hexKey)"),
             secrets: [hexKey], kept: ["/v3/REDACTED"]),
        Case(kind: "place", name: "a hexadecimal key after a key segment",
             interaction: Samples.interaction(path: "/api/key/\(hexKey.prefix(24))/status"),
             secrets: [String(hexKey.prefix(24))], kept: ["/api/key/REDACTED/status"]),
        Case(kind: "place", name: "a hexadecimal key in a provider header",
             interaction: Samples.interaction(requestHeaders: ["X-Honeycomb-Team": hexKey, "X-Request-Id": hexKey.uppercased()]),
             secrets: [hexKey], kept: ["X-Honeycomb-Team: REDACTED", "X-Request-Id: \(hexKey.uppercased())"]),
        Case(kind: "place", name: "a token after a prefix in Sec-WebSocket-Protocol",
             interaction: Samples.interaction(requestHeaders: ["Sec-WebSocket-Protocol": "graphql-ws, base64url.bearer.authorization.k8s.io.\(kubernetesToken)"]),
             secrets: [kubernetesToken], kept: ["graphql-ws, base64url.bearer.authorization.k8s.io.REDACTED"]),
    ]

    /// A response whose body is `body`'s bytes.
    static func bytes(_ body: Data, type: String) -> Interaction {
        Interaction(
            request: StubRequest(method: "GET", path: "/export"),
            response: StubResponse(status: 200, headers: ["Content-Type": type], body: body))
    }

    static func utf16(_ text: String, byteOrderMark: Bool) -> Data {
        Data(byteOrderMark ? [0xFF, 0xFE] : []) + text.data(using: .utf16LittleEndian)!
    }

    /// A gzip file (compressed with deflate's Huffman codes, not stored blocks) of three lines of
    /// `export API_TOKEN=<opaque>` and other settings, thrice.
    static let gzipPayload = Data(base64Encoded:
        "H4sIAAAAAAAC/0utKMgvKlFwDPCMD/H3dvWzzS9ILCxN1Q2sMIcjrlSIoiBXd09/P9vUUt3y1OISXUOYuI+/e7yPa5irj21mXlo+THSQGwkAtxFLAPkAAAA=")!
    /// `{"user":"ann","password":"<password>"}` compressed by Python's zlib module (a zlib stream, as
    /// `Content-Encoding: deflate` means).
    static let deflateLogin = Data(base64Encoded: "eJyrViotTi1SslJKzMtT0lEqSCwuLs8vSgEKhBQZlCaZpOQX6SbmpegaK9UCADmfDh4=")!
    static let wrappedState = Data(#"{"client_secret":"\#(opaque)","return":"/home"}"#.utf8).base64EncodedString()
    static let wrappedStateRedacted = Data(#"{"client_secret":"REDACTED","return":"/home"}"#.utf8).base64EncodedString()
    static let stripeKey = RecordingSamples.stripeKey

    static let encodingCases: [Case] = [
        Case(kind: "encoding", name: "an ISO-8859-1 text body (stored as base64)",
             interaction: bytes("Grüße aus Köln\nDB_PASSWORD=\(password)\n".data(using: .isoLatin1)!, type: "text/plain; charset=iso-8859-1"),
             secrets: [password], kept: ["Grüße aus Köln\nDB_PASSWORD=REDACTED\n"]),
        Case(kind: "encoding", name: "UTF-16 JSON with a byte order mark",
             interaction: bytes(utf16(#"{"user":"ann","password":"\#(password)"}"#, byteOrderMark: true), type: "application/json; charset=utf-16"),
             secrets: [password], kept: [#"{"user":"ann","password":"REDACTED"}"#]),
        Case(kind: "encoding", name: "UTF-16 text without a byte order mark",
             interaction: bytes(utf16("token: \(opaque)\nregion: eu\n", byteOrderMark: false), type: "application/octet-stream"),
             secrets: [opaque], kept: ["token: REDACTED\nregion: eu\n"]),
        Case(kind: "encoding", name: "a gzip file as a payload, no Content-Encoding",
             interaction: bytes(gzipPayload, type: "application/gzip"),
             secrets: [opaque], kept: ["export API_TOKEN=REDACTED\nexport REGION=eu-west-1\n"]),
        Case(kind: "encoding", name: "a request body with Content-Encoding: deflate (zlib)",
             interaction: Interaction(
                request: StubRequest(method: "POST", path: "/login", headers: ["Content-Type": "application/json", "Content-Encoding": "deflate"], body: deflateLogin),
                response: StubResponse(status: 204)),
             secrets: [password], kept: [#"{"user":"ann","password":"REDACTED"}"#]),
        Case(kind: "encoding", name: "JSON wrapped in base64 in a JSON string",
             interaction: json(#"{"state":"\#(wrappedState)","page":2}"#),
             secrets: [opaque, wrappedState], kept: [#"{"state":"\#(wrappedStateRedacted)","page":2}"#]),
        Case(kind: "encoding", name: "a double percent-encoded return URL",
             interaction: Samples.interaction(query: [QueryItem(name: "return_to", value: "https%3A%2F%2Fapp.example.com%2Fcb%3Faccess_token%3D\(opaque)%26lang%3Den")]),
             secrets: [opaque], kept: ["https%3A%2F%2Fapp.example.com%2Fcb%3Faccess_token%3DREDACTED%26lang%3Den"]),
        Case(kind: "encoding", name: "a redacted secret echoed with JSON unicode escapes",
             interaction: Samples.interaction(
                requestHeaders: ["Content-Type": "application/json"], requestBody: #"{"api_key":"\#(stripeKey)"}"#,
                responseHeaders: ["Content-Type": "text/plain"], responseBody: "received key \\u0073" + stripeKey.dropFirst() + " for ann"),
             secrets: [stripeKey, "\\u0073" + stripeKey.dropFirst()], kept: ["received key REDACTED for ann"]),
    ]

    static var cases: [Case] { valueCases + syntaxCases + encodingCases + placeCases + oauthCodeCases + entityCases + mailCases }

    /// Every piece of text of an interaction, so a check sees the path, query, headers and bodies, and
    /// the text of bodies that are not UTF-8 (gzip, UTF-16, ISO-8859-1).
    static func allText(_ interaction: Interaction) -> String {
        var text = TextCredentialCorpusTests.allText(interaction)
        for (body, headers) in [(interaction.request.body, interaction.request.headers), (interaction.response.body, interaction.response.headers)] {
            if let (_, content) = BodyEncoding.decoding(body, headers: headers) {
                text += "\n" + (BodyEncoding.decoding(content, headers: headers).map { String(decoding: $0.content, as: UTF8.self) }
                    ?? String(decoding: content, as: UTF8.self))
            }
        }
        return text
    }

    @Test("redacted in place, the rest kept; refused by the scan before, passed after", arguments: cases)
    func corpus(_ item: Case) throws {
        let fixture = Samples.fixture(item.interaction)
        #expect(!SecretScan().findings(in: fixture).isEmpty, "the secret scan does not refuse it unredacted")
        let redacted = Redaction().redact(fixture).fixture
        let text = Self.allText(redacted.interactions[0])
        for secret in item.secrets {
            #expect(!text.contains(secret), "written in clear: \(text)")
            for format in [FixtureFormat.native, .har] {
                #expect(!String(decoding: redacted.encoded(as: format), as: UTF8.self).contains(secret), "\(format)")
            }
        }
        for kept in item.kept {
            #expect(text.contains(kept), "the structure around it is lost: \(text)")
        }
        #expect(SecretScan().findings(in: redacted).isEmpty, "the redacted fixture is still refused: \(SecretScan().findings(in: redacted))")
    }

    @Test("replay matches the request the client sends, real credential and all", arguments: cases)
    func replay(_ item: Case) {
        let redacted = Redaction().redact(Samples.fixture(item.interaction)).fixture
        let playback = Playback()
        playback.load(redacted, source: "corpus.json")
        let plan = playback.plan(for: item.interaction.request)
        #expect(playback.journal.unmatched.isEmpty, "\(item.interaction.request.path): \(plan)")
    }

    @Test("the corpus: counts by class")
    func counts() {
        var refused = 0
        var redacted = 0
        for item in Self.cases {
            let fixture = Samples.fixture(item.interaction)
            if !SecretScan().findings(in: fixture).isEmpty { refused += 1 }
            let text = Self.allText(Redaction().redact(fixture).fixture.interactions[0])
            if !item.secrets.contains(where: text.contains) { redacted += 1 }
        }
        let byKind = Dictionary(grouping: Self.cases, by: \.kind).mapValues(\.count).sorted { $0.key < $1.key }
        print("[class corpus] \(Self.cases.count) shapes \(byKind): \(redacted) redacted in place, \(refused) refused unredacted")
        #expect(redacted == Self.cases.count)
        #expect(refused == Self.cases.count)
    }
}
