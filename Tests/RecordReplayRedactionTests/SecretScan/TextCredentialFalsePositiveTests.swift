import RecordReplayMessages
import Foundation
import RepositoryContractsPrimitives
import Testing

@_spi(Benchmarks) @testable import RecordReplayFixtures
@_spi(Benchmarks) @testable import RecordReplayRedaction
import RepositoryContractsTestSupport


/// What the rules for credentials inside paths and text leave alone: the package's own fixtures and a
/// corpus of ordinary API bodies (URLs and paths, ids, hashes, base64 images, prose that mentions
/// passwords and tokens, scripts, styles, configuration without secrets). Nothing in them may be
/// redacted or reported.
@Suite("Redaction: ordinary text is not taken for a credential")
struct TextCredentialFalsePositiveTests {
    private typealias Samples = RecordingSamples

    static let pngBase64 =
        "iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAAGXRFWHRTb2Z0d2FyZQBBZG9iZSBJbWFnZVJlYWR5ccllPAAAAUFJREFUeNqk"
        + "k7FKw0AYx+9CX8BFcPENfAVfQRx8AAcXcXBwcXBwcBcHBxE3FxEHkVKoVFpKbRvTpEmapGmSXu5y/k4vJGmjOPjBd8nl+///ucvlOMYYiqIo"
        + "ikbO8n4n0/e9DsZxbBzH8YZh2Hu9Xn84HE7DMJwHQbCLouiC5/kbx3EOxpg4jrtK0/RaVdWJLMtjWZZHkiT1FEXpKYrSU1W1p2nam6ZpT+v1"
        + "=="

    static let bodies: [(name: String, type: String, body: String)] = [
        ("GitHub pull request", "application/json", #"""
            {"url":"https://api.github.com/repos/octocat/Hello-World/pulls/1347","id":1,"node_id":"MDExOlB1bGxSZXF1ZXN0MQ==",
             "html_url":"https://github.com/octocat/Hello-World/pull/1347","diff_url":"https://github.com/octocat/Hello-World/pull/1347.diff",
             "comments_url":"https://api.github.com/repos/octocat/Hello-World/issues/1347/comments?per_page=30&page=2",
             "hooks_url":"https://api.github.com/repos/octocat/Hello-World/hooks","state":"open",
             "head":{"sha":"6dcb09b5b57875f334f61aebed695e2e4193db5e","ref":"new-topic"},"created_at":"2011-01-26T19:01:12Z",
             "body":"Please pull these awesome changes in!\nSee /services/payments/refunds and C:\\Users\\ann\\notes.txt"}
            """#),
        ("webhook and hook resources by id", "application/json", #"""
            [{"id":12345678,"url":"https://api.github.com/repos/o/r/hooks/12345678/deliveries/1234","events":["push"]},
             {"id":"3f2a9c1e-7b4d-4e8a-9c2f-1a2b3c4d5e6f","href":"/v1/webhooks/3f2a9c1e-7b4d-4e8a-9c2f-1a2b3c4d5e6f/attempts"},
             {"href":"https://discord.com/developers/docs/resources/webhook","shop":"/services/T-shirts/Blue/Large"},
             {"href":"https://example.com/api/webhooks/123456789012345678/settings"},
             {"href":"https://example.com/bot/help/commands","chat":"https://t.me/examplebot"}]
            """#),
        ("Stripe charge", "application/json", #"""
            {"id":"ch_3MmlLrLkdIwHu7ix0snN0B15","object":"charge","amount":1099,"currency":"usd","livemode":false,
             "receipt_url":"https://pay.stripe.com/receipts/payment/CAcaFwoVYWNjdF8xTTJKVGtMa2RJd0h1N2l4KOvG06AGMgZfBXyr1aw6LBa9vaaSRWU96d8qBwz9z2J",
             "description":"Order 42: two mugs","metadata":{"order_id":"6735"},"created":1679090539}
            """#),
        ("image as a data URL and as base64", "application/json",
            #"{"avatar":"data:image/png;base64,\#(pngBase64)","thumbnail":"\#(pngBase64)","etag":"W/\"5e-1a2b3c\""}"#),
        ("hashes and integrity attributes", "text/html", #"""
            <link rel="stylesheet" href="/assets/app-6dcb09b5b578.css" integrity="sha384-oqVuAfXRKap7fdgcCY5uykM6+R9GqQ8K/uxy9rx7HNQlGYl1kPzQho1wx4JwY8wC" crossorigin="anonymous">
            <script src="https://cdn.example.com/lib@3.4.1/dist/lib.min.js" integrity="sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU="></script>
            """#),
        ("a login form", "text/html", #"""
            <form action="/session" method="post"><label for="password">Password:</label>
            <input type="password" name="password" id="password" autocomplete="current-password" placeholder="Password" required>
            <input type="hidden" name="authenticity_token" value="">
            <a href="/password/reset?token=">Forgot your password?</a> <a href="/signup">Sign up</a></form>
            """#),
        ("prose about passwords and tokens", "text/plain", """
            Reset your password: click the link below within 10 minutes.
            Your session: expires at 12:30:45 UTC. The API key: see the settings page, section "Tokens".
            Password: required. Token: none. Secret: ********
            Tip: a good password is long; never share your token with anyone, and rotate secrets yearly.
            Server at 2001:db8::1 and localhost:8080; see urn:isbn:0451450523 or mailto:ann@example.com.
            """),
        ("a script without secrets", "application/javascript", #"""
            const token = localStorage.getItem("token");
            let apiKey = config.apiKey || "";
            const secret = process.env.SECRET;
            if (password === confirmation && password.length >= 8) { password = password.trim(); }
            fetch(url, { headers: { Authorization: `Bearer ${token}` }, body: JSON.stringify({ token: token, password }) });
            const auth = { token, type: "password", password: "" };
            """#),
        ("a stylesheet", "text/css", """
            .password-field:focus { border-color: #333; }
            input[type=password], .token-list > li:hover { color: red; }
            @media (min-width: 600px) { .auth-box { width: 50%; } }
            """),
        ("configuration without secrets", "application/yaml", """
            auth:
              enabled: true
              provider: oauth
              password: ${DB_PASSWORD}
              token: "{{ vault.token }}"
            api_key: null
            secret: ~
            database:
              url: postgres://db.internal:5432/app
              user: app
            """),
        ("a .env template", "text/plain", """
            APP_NAME=shop
            DB_PASSWORD=
            API_TOKEN=${API_TOKEN}
            SECRET_KEY=changeme-in-production-please
            TOKEN_TTL_SECONDS
            """),
        ("links and redirects", "text/html", #"""
            <a href="https://example.com/hooks/deploy">deploy</a> <a href="https://example.com/services/Tea/Black/Assam">tea</a>
            <img src="https://res.cloudinary.com/demo/image/upload/w_300/sample.jpg"> <a href="https://user@example.com/">me</a>
            <a href="https://example.com/search?q=with/key/value&sort=asc">search</a>
            """#),
        ("an OAuth token response described", "text/plain",
            #"{"token_type":"bearer","expires_in":3600,"scope":"read write"}"#),
    ]

    /// Ordinary bodies aimed at the rules that judge body values by randomness, structure, encoding and
    /// position: ids of every common kind, hashes, ETags, commit SHAs, UUIDs, cursors, base64 images,
    /// public keys, URLs, CSV and event streams without secrets, command lines without credentials.
    static let classBodies: [(name: String, type: String, body: String)] = [
        ("ids of every common kind", "application/json", #"""
            {"id":"pi_3MtwBwLkdIwHu7ix28a3tqPa","customer":"cus_NffrFeUfNV2Hib","payment_intent":"pi_3MtwBwLkdIwHu7ix28a3tqPa",
             "latest_charge":"ch_3MmlLrLkdIwHu7ix0snN0B15","object_id":"507f1f77bcf86cd799439011","push_id":"-NxYz12AbCdEfGhIjKlM",
             "ulid":"01ARZ3NDEKTSV4RRFFQ69G5FAV","uuid":"3f2a9c1e-7b4d-4e8a-9c2f-1a2b3c4d5e6f","node_id":"MDQ6VXNlcjU4MzIzMQ==",
             "user":{"login":"octocat","avatar_url":"https://avatars.githubusercontent.com/u/583231?v=4","gravatar_id":""}}
            """#),
        ("hashes, SHAs and ETags", "application/json", #"""
            {"sha":"6dcb09b5b57875f334f61aebed695e2e4193db5e","tree":{"sha":"9fb037999f264ba9a7fc6274d15fa3ae2ab98312"},
             "parents":[{"sha":"553c2077f0edc3d5dc5d17262f6aa498e69d6f8e"}],"etag":"W/"a6bd8c0e3b6b4e1f"",
             "checksum":"sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=","md5":"d41d8cd98f00b204e9800998ecf8427e",
             "digest":"sha256:a3ed95caeb02ffe68cdd9fd84406680ae93d633cb16422d00e8c7c22955b46d4","version":"1.4.2+build.7"}
            """#),
        ("cursors and pagination", "application/json", #"""
            {"pageInfo":{"endCursor":"Y3Vyc29yOnYyOpK5MjAyNi0wMS0wMVQwMDowMDowMFo=","hasNextPage":true},
             "edges":[{"cursor":"YXJyYXljb25uZWN0aW9uOjE="}],"next":"https://api.example.com/items?after=YXJyYXljb25uZWN0aW9uOjE%3D",
             "after":"eyJwYWdlIjoyfQ"}
            """#),
        ("base64 images and documents", "application/json",
            #"{"data":"\#(pngBase64)","content":"JVBERi0xLjQKJcfsj6IKNSAwIG9iago8PC9MZW5ndGggNiAwIFI+PgpzdHJlYW0K","encoding":"base64"}"#),
        ("a public JSON Web Key set", "application/json", #"""
            {"keys":[{"kty":"RSA","kid":"2011-04-29","use":"sig","alg":"RS256","e":"AQAB",
              "n":"0vx7agoebGcQSuuPiLJXZptN9nndrQmbXEps2aiAFbWhM78LhWx4cbbfAAtVT86zwu1RK7aPFFxuhDR1L6tSoc_BJECPebWKRXjBZCiFV4n3oknjhMstn64tZ_2W-5JsGY4Hc5n9yBXArwl93lqt7_RN5w6Cf0h4QyQ5v-65YGjQR0_FDW2QvzqY368QQMicAtaSqzs8KJZgnYb9c7d0zgdAZHzu6qMQvRL5hajrn1n91CbOpbISD08qNLyrdkt-bFTWhAI4vMQFh6WeZu0fM4lFd2NcRwr3XPksINHaQ-G_xBniIqbw0Ls1jF44-csFCur-kEgU8awapJzKnqDKgw"},
              {"kty":"EC","crv":"P-256","kid":"ec1","x":"f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU","y":"x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0"}]}
            """#),
        ("a service account's public members", "application/json", #"""
            {"type":"service_account","project_id":"demo-project","client_email":"ci@demo-project.iam.gserviceaccount.com",
             "client_id":"113210987654321098765","auth_uri":"https://accounts.google.com/o/oauth2/auth",
             "token_uri":"https://oauth2.googleapis.com/token","auth_provider_x509_cert_url":"https://www.googleapis.com/oauth2/v1/certs",
             "client_x509_cert_url":"https://www.googleapis.com/robot/v1/metadata/x509/ci%40demo-project.iam.gserviceaccount.com",
             "universe_domain":"googleapis.com"}
            """#),
        ("URLs with long segments", "application/json", #"""
            {"html_url":"https://github.com/octocat/Hello-World/commit/6dcb09b5b57875f334f61aebed695e2e4193db5e",
             "download":"https://objects.example-cdn.com/releases/download/v2.3.1/app-2.3.1-x86_64-unknown-linux-gnu.tar.gz",
             "image":"https://images.example.com/photo-1500530855697-b586d89ba3ee?w=1200&q=80"}
            """#),
        ("prose and titles", "application/json", #"""
            {"title":"Token rotation and password resets","body":"We rotate keys monthly. Use `curl -u` only with a token you can revoke.\nSee docs: --password is read from stdin.","tags":["security","auth"]}
            """#),
        ("a CSV export without credential columns", "text/csv", """
            id,name,email,created_at
            1,Ann,ann@example.com,2026-01-01
            2,Bob,bob@example.com,2026-01-02
            """),
        ("an event stream without secrets", "text/event-stream",
            "event: message\ndata: {\"id\":\"msg_01XFDUDYJgAACzvnptvVoYEL\",\"delta\":{\"text\":\"Hello\"}}\n\nevent: done\ndata: [DONE]\n\n"),
        ("command lines without credentials", "text/plain", """
            $ curl -sS -H "Accept: application/json" https://api.example.com/v1/items
            $ git add -u && git commit -m "fix" && sort -u names.txt
            $ docker run -u 1000 -p 8080:80 nginx:1.25
            $ mysql -h db -u app -p
            127.0.0.1:6379> GET session:count
            uses: actions/checkout@v4
            """),
        ("a kubeconfig's public members", "application/yaml", """
            clusters:
            - cluster:
                certificate-authority-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUM=
                server: https://k8s.example.com:6443
              name: prod
            """),
    ]

    @Test("ordinary bodies for the class rules: no field redacted, nothing reported")
    func classCorpus() {
        var flagged: [String] = []
        for item in Self.classBodies {
            var headers: HTTPHeaders = ["Content-Type": item.type, "ETag": "\"33a64df551425fcc55e4d42a148795d9f25f89d4\""]
            headers.append(name: "X-Request-Id", value: "9f86d081884c7d659a2feaa0c55ad015")
            headers.append(name: "X-Content-Sha256", value: "a3ed95caeb02ffe68cdd9fd84406680ae93d633cb16422d00e8c7c22955b46d4")
            headers.append(name: "Sec-WebSocket-Protocol", value: "graphql-ws, graphql-transport-ws")
            let interaction = Samples.interaction(
                path: "/v1/repos/octocat/commits/6dcb09b5b57875f334f61aebed695e2e4193db5e",
                query: [QueryItem(name: "page", value: "2")], responseHeaders: headers, responseBody: item.body)
            let fixture = Samples.fixture(interaction)
            flagged += Redaction().redact(fixture).redactions.map { "\(item.name): \($0)" }
            flagged += SecretScan().findings(in: fixture).map { "\(item.name): \($0)" }
        }
        print("[false positives] class corpus: \(Self.classBodies.count) bodies, \(flagged.count) flagged \(flagged)")
        #expect(flagged == [
            // A Redis key written `name:value` at the end of a line reads as an assignment of `count` to
            // `session` (the assignment rule, older than these classes): kept as measured.
            "command lines without credentials: #0 response.body (inText)",
            "command lines without credentials: #0 response.body: assignedCredential coun…",
        ])
    }

    @Test("an ordinary corpus: no field redacted, nothing reported")
    func ordinaryCorpus() {
        var flagged: [String] = []
        for item in Self.bodies {
            let interaction = Samples.interaction(
                path: "/v1/items/3f2a9c1e-7b4d-4e8a-9c2f-1a2b3c4d5e6f", query: [QueryItem(name: "page", value: "2")],
                responseHeaders: ["Content-Type": item.type, "Link": "<https://api.example.com/items?page=3>; rel=\"next\""],
                responseBody: item.body)
            let fixture = Samples.fixture(interaction)
            let result = Redaction().redact(fixture)
            flagged += result.redactions.map { "\(item.name): \($0)" }
            flagged += SecretScan().findings(in: fixture).map { "\(item.name): \($0)" }
        }
        print("[false positives] ordinary corpus: \(Self.bodies.count) bodies, \(flagged.count) flagged \(flagged)")
        #expect(flagged == [
            // By the name rule, as a JSON member of that name is: the value is a placeholder, not a secret.
            "a .env template: #0 response.body (inText)",
            "a .env template: #0 response.body: assignedCredential chan…",
        ])
    }

    @Test("the package's own fixtures: no field redacted, nothing reported")
    func packageFixtures() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "json" } ?? []
        #expect(files.count >= 50)
        // Each file on its own, all cores at once.
        let checked = await files.concurrentMap { file in
            Result { () throws -> (interactions: Int, flagged: [String]) in
                let fixture = try Fixture(contentsOf: file)
                let flagged = Redaction().redact(fixture).redactions.map { "\(file.lastPathComponent): \($0)" }
                    + SecretScan().findings(in: fixture).map { "\(file.lastPathComponent): \($0)" }
                return (fixture.interactions.count, flagged)
            }
        }
        var flagged: [String] = []
        var strings = 0
        for file in checked {
            let (interactions, flaggedInFile) = try file.get()
            strings += interactions
            flagged += flaggedInFile
        }
        print("[false positives] package fixtures: \(files.count) files, \(strings) interactions, \(flagged.count) flagged \(flagged)")
        #expect(flagged.isEmpty)
    }
}
