import RecordReplayMessages
import Foundation
import Testing

@_spi(Benchmarks) @testable import RecordReplay
import RepositoryContractsTestSupport

/// Credentials that are not a whole value of their own: webhook and bot-token path segments, URL
/// passwords, connection strings and assignments inside text bodies and string values. Each case is one
/// interaction holding one credential where the field rules do not reach it (the rules before these
/// classes wrote every one of them to the fixture); each must be redacted in place, the rest of its text
/// kept, the unredacted fixture refused by the secret scan, and the redacted one passed.
@Suite("Redaction corpus: credentials inside URL paths and text values")
struct TextCredentialCorpusTests {
    private typealias Samples = RecordingSamples

    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var interaction: Interaction
        /// The credential: it must appear nowhere in the redacted fixture.
        var secret: String
        /// Text the redacted fixture must still hold: the structure around the credential.
        var kept: String
        var description: String { name }
    }

    // Fake secrets, assembled from pieces so that this file does not look like a leak itself.
    static let slackSecret = "Xy7" + "Pq2Lm9Rt4Vb8Nc3Zk6Wd1Fh"
    static let discordToken = "k9Pq" + String(repeating: "Lm2Rt5Vb8Nc", count: 5) + "Zx7Wd1Fh9"
    static let telegramToken = "123456789:" + "AAH" + "dqTcvCH1vGWJxfSeofSAs0K5PALDsaw"
    static let teamsKey = "0f1e2d3c" + "4b5a69788796a5b4c3d2e1f0a1b2c3d4"
    static let uuid = "3f2a9c1e-7b4d-4e8a-9c2f-1a2b3c4d5e6f"
    static let opaque = "op" + "aqueQx7Qx7Qx7Qx7Qx7"
    static let password = "hu" + "nter2"
    static let accountKey = "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw" + "=="

    static func json(_ body: String) -> Interaction {
        Samples.interaction(responseHeaders: ["Content-Type": "application/json"], responseBody: body)
    }

    static func text(_ body: String, type: String = "text/plain") -> Interaction {
        Samples.interaction(responseHeaders: ["Content-Type": type], responseBody: body)
    }

    static func path(_ path: String) -> Interaction {
        Samples.interaction(path: path)
    }

    static let cases: [Case] = [
        // Webhook, bot-token and signed paths.
        Case(
            name: "Slack incoming webhook path in a JSON string (relay host)",
            interaction: json(#"{"hook":"https://relay.example.com/services/T0AB12CD3/B0AB12CD3/\#(slackSecret)"}"#),
            secret: slackSecret, kept: "/services/T0AB12CD3/B0AB12CD3/REDACTED"),
        Case(
            name: "Slack workflow webhook path in a text body",
            interaction: text("posting to /workflows/T0AB12CD3/A0AB12CD3/412345678/\(slackSecret) now"),
            secret: slackSecret, kept: "/workflows/T0AB12CD3/A0AB12CD3/412345678/REDACTED now"),
        Case(
            name: "Slack trigger webhook path in HTML",
            interaction: text(#"<a href="https://hooks.example.net/triggers/T0AB12CD3/412345678/\#(slackSecret)">go</a>"#, type: "text/html"),
            secret: slackSecret, kept: "/triggers/T0AB12CD3/412345678/REDACTED\">go</a>"),
        Case(
            name: "Slack webhook path in a query value",
            interaction: Samples.interaction(query: [QueryItem(name: "callback", value: "https://relay.example.com/services/T0AB12CD3/B0AB12CD3/\(slackSecret)")]),
            secret: slackSecret, kept: "/services/T0AB12CD3/B0AB12CD3/REDACTED"),
        Case(
            name: "Discord webhook path in YAML",
            interaction: text("alerts:\n  url: https://relay.example.com/api/webhooks/112233445566778899/\(discordToken)\n", type: "application/yaml"),
            secret: discordToken, kept: "/api/webhooks/112233445566778899/REDACTED\n"),
        Case(
            name: "Microsoft Teams incoming webhook path in a JSON string",
            interaction: json(#"{"teams":"https://relay.example.com/webhookb2/\#(uuid)@\#(uuid)/IncomingWebhook/\#(teamsKey)/\#(uuid)"}"#),
            secret: teamsKey, kept: "/IncomingWebhook/REDACTED/REDACTED"),
        Case(
            name: "Telegram bot token in the request path",
            interaction: path("/bot\(telegramToken)/getMe"),
            secret: telegramToken, kept: "/REDACTED/getMe"),
        Case(
            name: "Telegram bot token in a Location header",
            interaction: Samples.interaction(responseHeaders: ["Location": "https://api.telegram.org/bot\(telegramToken)/sendMessage"]),
            secret: telegramToken, kept: "https://api.telegram.org/botREDACTED/sendMessage"),
        Case(
            name: "Telegram file path in a JSON string",
            interaction: json(#"{"file":"https://api.telegram.org/file/bot\#(telegramToken)/photos/file_1.jpg"}"#),
            secret: telegramToken, kept: "/file/botREDACTED/photos/file_1.jpg"),
        Case(
            name: "Mattermost incoming webhook path in a JSON string",
            interaction: json(#"{"mm":"https://chat.example.com/hooks/\#("xq8m3k" + "9w2p7r4t1y6u5i0o3a8s")"}"#),
            secret: "xq8m3k" + "9w2p7r4t1y6u5i0o3a8s", kept: "/hooks/REDACTED"),
        Case(
            name: "Rocket.Chat webhook path in a text body",
            interaction: text("POST https://rc.example.com/hooks/aBcDeFgHiJkLmNoPq/\(opaque)Zz9\n"),
            secret: opaque + "Zz9", kept: "/hooks/aBcDeFgHiJkLmNoPq/REDACTED\n"),
        Case(
            name: "Zapier catch hook in the request path (a short secret)",
            interaction: path("/hooks/catch/1234567/ab1c2de/"),
            secret: "ab1c2de", kept: "/hooks/catch/1234567/REDACTED/"),
        Case(
            name: "IFTTT maker key in a JSON string",
            interaction: json(#"{"ifttt":"https://maker.ifttt.com/trigger/door/with/key/\#(opaque)"}"#),
            secret: opaque, kept: "/trigger/door/with/key/REDACTED"),
        Case(
            name: "Feishu bot hook in the request path",
            interaction: path("/open-apis/bot/v2/hook/\(uuid)"),
            secret: uuid, kept: "/open-apis/bot/v2/hook/REDACTED"),
        Case(
            name: "n8n webhook in the request path",
            interaction: path("/webhook/\(uuid)"),
            secret: uuid, kept: "/webhook/REDACTED"),
        Case(
            name: "PagerDuty integration key in the request path",
            interaction: path("/integration/c0ffee00c0ffee11c0ffee22c0ffee33/enqueue"),
            secret: "c0ffee00c0ffee11c0ffee22c0ffee33", kept: "/integration/REDACTED/enqueue"),
        Case(
            name: "Webex incoming webhook in a JSON string",
            interaction: json(#"{"webex":"https://webexapis.com/v1/webhooks/incoming/\#(opaque)"}"#),
            secret: opaque, kept: "/v1/webhooks/incoming/REDACTED"),
        Case(
            name: "Cloudinary signature segment in the request path",
            interaction: path("/demo/image/upload/s--Ab12Cd34--/v1/sample.jpg"),
            secret: "s--Ab12Cd34--", kept: "/demo/image/upload/REDACTED/v1/sample.jpg"),
        Case(
            name: "imgproxy signature in an HTML image",
            interaction: text(#"<img src="https://img.example.com/oKfUtW34Dvo2BGQehJFR4Nr0_rIjOtdtzJ3QFsUcXH8/rs:fill:300:400/plain/a.jpg">"#, type: "text/html"),
            secret: "oKfUtW34Dvo2BGQehJFR4Nr0_rIjOtdtzJ3QFsUcXH8", kept: "/REDACTED/rs:fill:300:400/plain/a.jpg"),
        Case(
            name: "Thumbor signature in a JSON string",
            interaction: json(#"{"thumb":"https://thumbor.example.com/l42l54VqaV_J-EcB5quNMP6CnsN9=/300x200/smart/a.jpg"}"#),
            secret: "l42l54VqaV_J-EcB5quNMP6CnsN9", kept: "/REDACTED/300x200/smart/a.jpg"),
        Case(
            name: "session id as a path parameter",
            interaction: path("/cart;jsessionid=0A1B2C3D4E5F6A7B8C9D0E1F2A3B4C5D/items"),
            secret: "0A1B2C3D4E5F6A7B8C9D0E1F2A3B4C5D", kept: "/REDACTED/items"),
        // URLs with a password.
        Case(
            name: "PostgreSQL URL with a password in a JSON string",
            interaction: json(#"{"databaseUrl":"postgres://app:\#(password)x9@db.internal:5432/app"}"#),
            secret: password + "x9", kept: "postgres://app:REDACTED@db.internal:5432/app"),
        Case(
            name: "MySQL URL with a password in a .env body",
            interaction: text("DATABASE_URL=mysql://root:\(opaque)@localhost:3306/shop\nDEBUG=1\n"),
            secret: opaque, kept: "mysql://root:REDACTED@localhost:3306/shop\nDEBUG=1\n"),
        Case(
            name: "Redis URL with a password and no user",
            interaction: json(#"{"cache":"redis://:\#(password)y7@cache:6379/0"}"#),
            secret: password + "y7", kept: "redis://:REDACTED@cache:6379/0"),
        Case(
            name: "AMQP URL with a password in YAML",
            interaction: text("broker: amqp://guest:\(opaque)@rabbit:5672/vhost\n", type: "application/yaml"),
            secret: opaque, kept: "amqp://guest:REDACTED@rabbit:5672/vhost\n"),
        Case(
            name: "MongoDB SRV URL in a script",
            interaction: text(#"<script>connect("mongodb+srv://admin:\#(opaque)@cluster0.example.net/db")</script>"#, type: "text/html"),
            secret: opaque, kept: "mongodb+srv://admin:REDACTED@cluster0.example.net/db"),
        Case(
            name: "Git remote with a token as the password",
            interaction: json(#"{"remote":"https://x-access-token:\#(opaque)@git.example.com/org/repo.git"}"#),
            secret: opaque, kept: "https://x-access-token:REDACTED@git.example.com/org/repo.git"),
        Case(
            name: "JDBC URL with a password parameter",
            interaction: json(#"{"jdbc":"jdbc:postgresql://db:5432/app?user=app&password=\#(password)z5&ssl=true"}"#),
            secret: password + "z5", kept: "?user=app&password=REDACTED&ssl=true"),
        // Connection strings.
        Case(
            name: "Azure storage connection string in a JSON member",
            interaction: json(#"{"connectionString":"DefaultEndpointsProtocol=https;AccountName=acct;AccountKey=\#(accountKey);EndpointSuffix=core.windows.net"}"#),
            secret: accountKey, kept: "AccountName=acct;AccountKey=REDACTED;EndpointSuffix=core.windows.net"),
        Case(
            name: "Azure Service Bus connection string in XML",
            interaction: text(#"<config><bus connection="Endpoint=sb://ns.servicebus.windows.net/;SharedAccessKeyName=Root;SharedAccessKey=\#(opaque)="/></config>"#, type: "application/xml"),
            secret: opaque, kept: "SharedAccessKeyName=Root;SharedAccessKey=REDACTED\"/></config>"),
        Case(
            name: "Azure SAS connection string in a text body",
            interaction: text("BlobEndpoint=https://acct.blob.core.windows.net/;SharedAccessSignature=sv=2022-11-02&ss=b&sig=\(opaque)%3D\n"),
            secret: opaque, kept: "&ss=b&sig=REDACTED\n"),
        Case(
            name: "SQL Server connection string in a JSON member",
            interaction: json(#"{"db":"Server=tcp:db.example.com,1433;Database=app;User Id=sa;Password=\#(password)w3;Encrypt=True"}"#),
            secret: password + "w3", kept: "User Id=sa;Password=REDACTED;Encrypt=True"),
        Case(
            name: "ODBC connection string in a text body",
            interaction: text("Driver={ODBC Driver 18};Server=db;Uid=app;Pwd=\(password)v4;\n"),
            secret: password + "v4", kept: "Uid=app;Pwd=REDACTED;\n"),
        Case(
            name: "JDBC SQL Server string in YAML",
            interaction: text("url: jdbc:sqlserver://db:1433;databaseName=app;user=app;password=\(password)u6\n", type: "application/yaml"),
            secret: password + "u6", kept: ";user=app;password=REDACTED\n"),
        // Assignments inside text.
        Case(
            name: "apiKey assigned in an HTML script",
            interaction: text(#"<html><script>var apiKey="\#(opaque)";init(apiKey);</script></html>"#, type: "text/html"),
            secret: opaque, kept: #"<script>var apiKey="REDACTED";init(apiKey);</script>"#),
        Case(
            name: "constant assigned in JavaScript",
            interaction: text("const API_TOKEN = '\(opaque)';\nexport default API_TOKEN;\n", type: "application/javascript"),
            secret: opaque, kept: "const API_TOKEN = 'REDACTED';\n"),
        Case(
            name: "object literal member in JavaScript",
            interaction: text("window.config = { clientSecret: \"\(opaque)\", region: \"eu\" };", type: "text/javascript"),
            secret: opaque, kept: #"{ clientSecret: "REDACTED", region: "eu" }"#),
        Case(
            name: ".env secret",
            interaction: text("APP_NAME=shop\nPAYMENT_SECRET=\(opaque)\nPORT=8080\n"),
            secret: opaque, kept: "APP_NAME=shop\nPAYMENT_SECRET=REDACTED\nPORT=8080\n"),
        Case(
            name: ".env exported password",
            interaction: text("export DB_PASSWORD=\(password)t8\n"),
            secret: password + "t8", kept: "export DB_PASSWORD=REDACTED\n"),
        Case(
            name: "YAML unquoted password",
            interaction: text("database:\n  user: app\n  password: \(password)s1\n", type: "application/yaml"),
            secret: password + "s1", kept: "  user: app\n  password: REDACTED\n"),
        Case(
            name: "YAML quoted API key",
            interaction: text("service:\n  api_key: \"\(opaque)\"\n", type: "application/x-yaml"),
            secret: opaque, kept: "  api_key: \"REDACTED\"\n"),
        Case(
            name: "TOML token",
            interaction: text("[registry]\ntoken = \"\(opaque)\"\nurl = \"https://r.example.com\"\n", type: "application/toml"),
            secret: opaque, kept: "[registry]\ntoken = \"REDACTED\"\n"),
        Case(
            name: "Java properties password",
            interaction: text("db.user=app\ndb.password=\(password)r2\n"),
            secret: password + "r2", kept: "db.user=app\ndb.password=REDACTED\n"),
        Case(
            name: ".NET appSettings key and value in XML",
            interaction: text(#"<appSettings><add key="StripeApiKey" value="\#(opaque)"/></appSettings>"#, type: "application/xml"),
            secret: opaque, kept: #"<add key="StripeApiKey" value="REDACTED"/>"#),
        Case(
            name: "CSRF token in an HTML meta tag",
            interaction: text(#"<head><meta name="csrf-token" content="\#(opaque)"></head>"#, type: "text/html"),
            secret: opaque, kept: #"<meta name="csrf-token" content="REDACTED">"#),
        Case(
            name: "Authorization header quoted in a text log",
            interaction: text("curl -H 'Authorization: Bearer \(opaque)' https://api.example.com\n"),
            secret: opaque, kept: "Authorization: Bearer REDACTED' https://api.example.com\n"),
        Case(
            name: "Go short variable declaration",
            interaction: text("package main\n\nvar x = 1\nfunc main() { token := \"\(opaque)\" }\n", type: "text/x-go"),
            secret: opaque, kept: "token := \"REDACTED\" }"),
        Case(
            name: "PHP array member",
            interaction: text("<?php return ['password' => '\(password)q3', 'host' => 'db'];", type: "text/x-php"),
            secret: password + "q3", kept: "['password' => 'REDACTED', 'host' => 'db']"),
        Case(
            name: "JSON held in a JSON string (an echoed request body)",
            interaction: json(#"{"data":"{\"user\":\"ann\",\"password\":\"\#(password)p4\"}","origin":"1.2.3.4"}"#),
            secret: password + "p4", kept: #"{\"user\":\"ann\",\"password\":\"REDACTED\"}"#),
        Case(
            name: "connection string in a form value",
            interaction: Samples.interaction(
                requestHeaders: ["Content-Type": "application/x-www-form-urlencoded"],
                requestBody: "name=prod&settings=Server%3Ddb%3BPassword%3D\(password)n5%3B"),
            secret: password + "n5", kept: "name=prod&settings=Server%3Ddb%3BPassword%3DREDACTED%3B"),
        Case(
            name: "a .env file uploaded as a multipart part",
            interaction: Samples.interaction(
                requestHeaders: ["Content-Type": "multipart/form-data; boundary=b0"],
                requestBody: "--b0\r\nContent-Disposition: form-data; name=\"file\"; filename=\".env\"\r\n\r\nMAIL_PASSWORD=\(password)m6\r\n--b0--\r\n"),
            secret: password + "m6", kept: "MAIL_PASSWORD=REDACTED\r\n--b0--"),
        Case(
            name: "a seven-character password echoed in an HTML attribute",
            interaction: Samples.interaction(
                requestHeaders: ["Content-Type": "application/x-www-form-urlencoded"], requestBody: "user=ann&password=\(password)",
                responseHeaders: ["Content-Type": "text/html"], responseBody: #"<input name="confirm" value="\#(password)">"#),
            secret: password, kept: #"<input name="confirm" value="REDACTED">"#),
        Case(
            name: "a seven-character password echoed inside a JSON string holding JSON",
            interaction: Samples.interaction(
                requestHeaders: ["Content-Type": "application/json"], requestBody: #"{"password":"\#(password)"}"#,
                responseHeaders: ["Content-Type": "application/json"], responseBody: #"{"echo":"[\"\#(password)\", 42]"}"#),
            secret: password, kept: #"[\"REDACTED\", 42]"#),
    ]

    /// Every piece of text of an interaction, so a check sees the path, query, headers and bodies.
    static func allText(_ interaction: Interaction) -> String {
        let request = interaction.request
        let response = interaction.response
        var parts = [request.path] + request.query.map { "\($0.name)=\($0.value ?? "")" }
        parts += request.headers.map { "\($0.name): \($0.value)" } + response.headers.map { "\($0.name): \($0.value)" }
        parts += [String(decoding: request.body, as: UTF8.self), String(decoding: response.body, as: UTF8.self)]
        return parts.joined(separator: "\n")
    }

    @Test("redacted in place, the rest kept; refused by the scan before, passed after", arguments: cases)
    func corpus(_ item: Case) throws {
        let fixture = Samples.fixture(item.interaction)
        #expect(!SecretScan().findings(in: fixture).isEmpty, "the secret scan does not refuse it unredacted")
        let redacted = Redaction().redact(fixture).fixture
        let text = Self.allText(redacted.interactions[0])
        #expect(!text.contains(item.secret), "written in clear: \(text)")
        #expect(text.contains(item.kept), "the structure around it is lost: \(text)")
        for format in [FixtureFormat.native, .har] {
            #expect(!String(decoding: redacted.encoded(as: format), as: UTF8.self).contains(item.secret))
        }
        #expect(SecretScan().findings(in: redacted).isEmpty, "the redacted fixture is still refused")
    }

    @Test("replay matches the request the client sends, real credential and all", arguments: cases)
    func replay(_ item: Case) {
        let redacted = Redaction().redact(Samples.fixture(item.interaction)).fixture
        let playback = Playback()
        playback.load(redacted, source: "corpus.json")
        let plan = playback.plan(for: item.interaction.request)
        #expect(playback.journal.unmatched.isEmpty, "\(item.interaction.request.path): \(plan)")
    }

    @Test("a value redacted inside its text matches only the same text around a non-empty run")
    func partialPlaceholders() {
        let pattern = "Server=db;Password=REDACTED;Encrypt=REDACTED"
        #expect(RedactedSlots.fits("Server=db;Password=pw;Encrypt=True", pattern: pattern))
        #expect(!RedactedSlots.fits("Server=other;Password=pw;Encrypt=True", pattern: pattern))
        #expect(!RedactedSlots.fits("Server=db;Password=;Encrypt=True", pattern: pattern))
        #expect(!RedactedSlots.fits("Server=db;Password=pw;Encrypt=", pattern: pattern))
        #expect(RedactedSlots.fits("a;b;Encrypt=x", pattern: "a;REDACTED;Encrypt=REDACTED"))
        let recorded = Samples.interaction(
            query: [QueryItem(name: "dsn", value: "postgres://app:REDACTED@db/app")],
            requestHeaders: ["Content-Type": "application/json"], requestBody: #"{"conn":"Server=db;Password=REDACTED"}"#)
        let playback = Playback()
        playback.load(Samples.fixture(recorded), source: "partial.json")
        func matches(_ dsn: String, _ conn: String) -> Bool {
            var request = recorded.request
            request.query = [QueryItem(name: "dsn", value: dsn)]
            request.body = Data(#"{"conn":"\#(conn)"}"#.utf8)
            let before = playback.journal.unmatched.count
            _ = playback.plan(for: request)
            return playback.journal.unmatched.count == before
        }
        // The misses first: the one recording is still unused when each is tried.
        #expect(!matches("postgres://app:s3cret@other/app", "Server=db;Password=s3cret"))
        #expect(!matches("postgres://app:s3cret@db/app", "Server=other;Password=s3cret"))
        #expect(matches("postgres://app:s3cret@db/app", "Server=db;Password=s3cret"))
    }

    @Test("the corpus holds at least 40 shapes")
    func corpusSize() {
        #expect(Self.cases.count >= 40)
    }
}
