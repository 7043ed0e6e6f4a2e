#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
import Foundation
import RecordReplay
import Testing

@testable import RepoContractsCLI

/// Browser- and proxy-shaped HAR files (Chrome, Firefox, Safari, Charles), written here, each holding
/// credentials of every kind the rules cover in the places those tools put them: headers, cookie
/// arrays, `Set-Cookie`, query strings and URLs, `postData` params and text (form, JSON, multipart),
/// base64 response bodies. For every credential, `convert` and `redact` must redact it or refuse the
/// file naming it, never write it; loading the file in a test must fail naming what it holds.
@Suite("HAR corpus: imports never carry a credential")
struct HARCorpusTests {
    /// Credentials by kind: provider shapes, a JWT, and opaque values only their names give away.
    static let credentials: [(kind: String, value: String)] = [
        ("GitHub token", "ghp_" + "Xk9pL2mQ7rT4vB8wZ1cF6hJ3nD5gA0eYs2Uq"),
        ("GitHub fine-grained token", "github_pat_" + String(repeating: "11ABCDEFG0", count: 8) + "ab"),
        ("Slack bot token", "xoxb-" + "2934857261-4839201746-Qw8Er7Ty6Ui5Op4As3Df2Gh"),
        ("Stripe live key", "sk_live_" + "51HqT7pLmN4vB8rTxY6sD3fG5hJ0aC2kQ"),
        ("Google API key", "AIza" + "SyD3fG5hJ0aC2kQ51HqT7pLmN4vB8rTxY6s"),
        ("AWS access key id", "AKIA" + "QX7Z3M5N8P2R4T6V"),
        ("GitLab token", "glpat-" + "Xk9pL2mQ7rT4vB8wZ1cF"),
        ("Hugging Face token", "hf_" + "aB3dE6gH9jK2mN5pQ8sT1vW4yZ7bC0eF3h"),
        ("JSON Web Token", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyLTQyIn0.c2lnbmF0dXJlLXNpZ25hdHVyZQ"),
        ("opaque session", "opaque-session-Qx7Qx7Qx7Qx7Qx7Qx7"),
        ("opaque password", "opaque-password-Qx7Qx7Qx7Qx7Qx7"),
        ("opaque client secret", "opaque-client-secret-Qx7Qx7Qx7Qx7"),
    ]

    /// Where a producer puts a value, as HAR JSON fragments.
    enum Place: CaseIterable {
        case authorizationHeader, cookieHeaderAndArray, setCookie, queryInURL, formParams, jsonPostData, multipart,
            base64ResponseBody, credentialHeader
    }

    static let producers = ["Chrome", "Firefox", "Safari", "Charles"]

    /// One entry holding `value` at `place`, with the producer's own extras.
    static func entry(_ value: String, at place: Place, index: Int, producer: String) -> String {
        var headers = [#"{"name": "Accept", "value": "application/json"}"#]
        var cookies: [String] = []
        var query = ""
        var queryItems: [String] = []
        var postData = ""
        var responseHeaders = [#"{"name": "Content-Type", "value": "application/json"}"#]
        var content = #"{"size": 2, "mimeType": "application/json", "text": "{}"}"#
        var method = "GET"
        switch place {
        case .authorizationHeader:
            headers.append(#"{"name": "Authorization", "value": "Bearer \#(value)"}"#)
        case .cookieHeaderAndArray:
            headers.append(#"{"name": "Cookie", "value": "theme=dark; sid=\#(value)"}"#)
            cookies.append(#"{"name": "sid", "value": "\#(value)", "httpOnly": true}"#)
        case .setCookie:
            responseHeaders.append(#"{"name": "Set-Cookie", "value": "sid=\#(value); Path=/; HttpOnly; Secure"}"#)
        case .queryInURL:
            query = "?api_key=\(value)&page=\(index)"
            queryItems = [#"{"name": "api_key", "value": "\#(value)"}"#, #"{"name": "page", "value": "\#(index)"}"#]
        case .formParams:
            method = "POST"
            postData = #", "postData": {"mimeType": "application/x-www-form-urlencoded", "text": "user=ann&password=\#(value)", "params": [{"name": "user", "value": "ann"}, {"name": "password", "value": "\#(value)"}]}"#
        case .jsonPostData:
            method = "POST"
            postData = #", "postData": {"mimeType": "application/json", "text": "{\"client_secret\":\"\#(value)\",\"grant\":\"x\"}"}"#
        case .multipart:
            method = "POST"
            let body = "--b0\\r\\nContent-Disposition: form-data; name=\\\"token\\\"\\r\\n\\r\\n\(value)\\r\\n--b0--\\r\\n"
            postData = #", "postData": {"mimeType": "multipart/form-data; boundary=b0", "text": "\#(body)"}"#
            headers.append(#"{"name": "Content-Type", "value": "multipart/form-data; boundary=b0"}"#)
        case .base64ResponseBody:
            let json = Data(#"{"access_token":"\#(value)","expires_in":3600}"#.utf8).base64EncodedString()
            content = #"{"size": 64, "mimeType": "application/json", "encoding": "base64", "text": "\#(json)"}"#
        case .credentialHeader:
            headers.append(#"{"name": "X-Api-Key", "value": "\#(value)"}"#)
        }
        let extras = producer == "Chrome" ? #", "_initiator": {"type": "script"}, "_priority": "High""#
            : producer == "Charles" ? #", "comment": "captured by Charles""# : ""
        return """
            {"startedDateTime": "2026-11-24T08:00:0\(index % 10).000Z", "time": 12\(extras),
             "request": {"method": "\(method)", "url": "https://api.example.com/v1/item/\(index)\(query)",
               "httpVersion": "HTTP/2", "headers": [\(headers.joined(separator: ", "))],
               "queryString": [\(queryItems.joined(separator: ", "))], "cookies": [\(cookies.joined(separator: ", "))],
               "headersSize": -1, "bodySize": -1\(postData)},
             "response": {"status": 200, "statusText": "OK", "httpVersion": "HTTP/2",
               "headers": [\(responseHeaders.joined(separator: ", "))], "cookies": [], "content": \(content),
               "redirectURL": "", "headersSize": -1, "bodySize": -1},
             "cache": {}, "timings": {"blocked": -1, "send": 1, "wait": 10, "receive": 1}}
            """
    }

    /// A producer's HAR: every credential, each at the next place in turn.
    static func har(by producer: String) -> String {
        let places = Place.allCases
        let entries = credentials.enumerated().flatMap { index, credential in
            // Each credential in two places, so every place holds several kinds.
            [places[index % places.count], places[(index + 4) % places.count]].enumerated().map { offset, place in
                entry(credential.value, at: place, index: index * 2 + offset, producer: producer)
            }
        }
        return #"{"log": {"version": "1.2", "creator": {"name": "\#(producer)", "version": "1"}, "entries": ["#
            + entries.joined(separator: ",\n") + "]}}"
    }

    /// How one command treated the credentials of one file.
    struct Tally: CustomStringConvertible {
        var redacted = 0
        var refused = 0
        var leaked = 0
        var description: String { "\(redacted) redacted, \(refused) refused, \(leaked) leaked" }
    }

    /// Counts each credential: written (leaked), absent from what was written (redacted), or the file
    /// refused (nothing written).
    static func tally(written: String?) -> Tally {
        var tally = Tally()
        for credential in credentials {
            guard let written else {
                tally.refused += 1
                continue
            }
            if written.contains(credential.value) { tally.leaked += 1 } else { tally.redacted += 1 }
        }
        return tally
    }

    @Test("convert, redact and loading in a test: every credential of every producer's HAR redacted or refused, none written", arguments: producers)
    func corpus(producer: String) async throws {
        let directory = try makeTemporaryDirectory("har-corpus")
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = directory.appendingPathComponent("\(producer).har")
        try Data(Self.har(by: producer).utf8).write(to: source)
        #expect(try HARCodec.decode(try Data(contentsOf: source), source: producer).fixture.interactions.count == 2 * Self.credentials.count)

        // convert, to both formats
        var convert = Tally()
        for name in ["out.json", "out.har"] {
            let output = directory.appendingPathComponent(name)
            let status = try await ConvertCommand(input: source.path, output: output.path).run(ConsoleCapture().console)
            let written = status == .success ? String(decoding: try Data(contentsOf: output), as: UTF8.self) : nil
            let tally = Self.tally(written: written)
            convert.redacted += tally.redacted
            convert.refused += tally.refused
            convert.leaked += tally.leaked
        }

        // redact, in place, on a copy
        let copy = directory.appendingPathComponent("copy.har")
        try FileManager.default.copyItem(at: source, to: copy)
        let status = try await RedactCommand(fixtures: [copy.path]).run(ConsoleCapture().console)
        let redact = Self.tally(written: status == .success ? String(decoding: try Data(contentsOf: copy), as: UTF8.self) : nil)

        // loading the unredacted file in a test scope fails it, naming what it holds
        let server = StubServer()
        try server.loadFixture(at: source)
        let leakFinding = server.report.findings.first { $0.message.contains("a recording would have redacted") }
        // The message: a heading, one line per finding, the command that fixes it.
        let findingCount = leakFinding.map { $0.message.split(separator: "\n").count - 2 } ?? 0

        print("[har corpus] \(producer): \(Self.credentials.count) credentials × 2 places; convert (to .json and .har): \(convert); redact: \(redact); loading: \(leakFinding == nil ? "passed silently" : "fails the test, naming \(findingCount) findings")")
        #expect(convert.leaked == 0)
        #expect(redact.leaked == 0)
        #expect(leakFinding?.severity == .error)
        #expect(findingCount >= Self.credentials.count)
        #expect(!(leakFinding?.message.contains(Self.credentials[0].value) ?? true), "the failure shows a secret")
    }

    /// Webhook and bot URLs as a browser records them, and a connection string in a response.
    static let webhookSecrets = [
        "aaaabbbbccccddddeeee" + "1234", "123456789:" + "AAH" + "dqTcvCH1vGWJxfSeofSAs0K5PALDsaw",
        "Eby8vdM02xNOcqFlqUwJPLlm" + "==",
    ]

    static var webhookHAR: String {
        let urls = [
            "https://hooks.slack.com/services/T0AB12CD3/B0AB12CD3/\(webhookSecrets[0])",
            "https://api.telegram.org/bot\(webhookSecrets[1])/sendMessage?chat_id=42",
        ]
        let entries = urls.enumerated().map { index, url in
            let body = #"{\"ok\":true,\"storage\":\"DefaultEndpointsProtocol=https;AccountName=a;AccountKey=\#(webhookSecrets[2]);EndpointSuffix=core.windows.net\"}"#
            return """
                {"startedDateTime": "2026-11-24T08:00:0\(index).000Z", "time": 12, "_priority": "High",
                 "request": {"method": "POST", "url": "\(url)", "httpVersion": "HTTP/2",
                   "headers": [{"name": "Content-Type", "value": "application/json"}], "queryString": [], "cookies": [],
                   "headersSize": -1, "bodySize": -1, "postData": {"mimeType": "application/json", "text": "{\\"text\\":\\"hi\\"}"}},
                 "response": {"status": 200, "statusText": "OK", "httpVersion": "HTTP/2",
                   "headers": [{"name": "Content-Type", "value": "application/json"}], "cookies": [],
                   "content": {"size": 2, "mimeType": "application/json", "text": "\(body)"},
                   "redirectURL": "", "headersSize": -1, "bodySize": -1},
                 "cache": {}, "timings": {"send": 1, "wait": 10, "receive": 1}}
                """
        }
        return #"{"log": {"version": "1.2", "creator": {"name": "Chrome", "version": "1"}, "entries": ["#
            + entries.joined(separator: ",\n") + "]}}"
    }

    @Test("a HAR calling a Slack webhook and a Telegram bot: convert keeps the paths' structure and writes no secret; redact --check and inspect flag it")
    func webhookPaths() async throws {
        let directory = try makeTemporaryDirectory("har-webhooks")
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = directory.appendingPathComponent("webhooks.har")
        try Data(Self.webhookHAR.utf8).write(to: source)
        for name in ["out.json", "out.har"] {
            let output = directory.appendingPathComponent(name)
            let capture = ConsoleCapture()
            #expect(try await ConvertCommand(input: source.path, output: output.path).run(capture.console) == .success, "\(capture.error)")
            let written = String(decoding: try Data(contentsOf: output), as: UTF8.self)
            for secret in Self.webhookSecrets { #expect(!written.contains(secret), "\(name) holds a secret") }
            #expect(written.contains("/services/T0AB12CD3/B0AB12CD3/REDACTED"))
            #expect(written.contains("/REDACTED/sendMessage"))
            #expect(written.contains("AccountName=a;AccountKey=REDACTED;EndpointSuffix"))
        }
        let capture = ConsoleCapture()
        #expect(try await RedactCommand(fixtures: [source.path], check: true).run(capture.console) == .failure)
        #expect(capture.error.contains("request.path"), "\(capture.error)")
        let fixture = try HARCodec.decode(try Data(contentsOf: source), source: "webhooks").fixture
        let notes = InspectCommand.securityNotes(for: fixture, redaction: Redaction()).joined(separator: "\n")
        #expect(notes.contains("webhookPath") && notes.contains("assignedCredential"), "\(notes)")
        for secret in Self.webhookSecrets { #expect(!notes.contains(secret)) }
    }
}
#endif
