#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
import Foundation
import RecordReplay
import Testing

@_spi(Benchmarks) @testable import RecordReplayRedaction
@testable import RepoContractsCLI

/// A HAR holding credentials that only their class gives away (issue 43): a JSON Web Key's private
/// member, a CI log's `curl -u`, a CSV column, a PKCE verifier in a form, a gzip payload, a token after a
/// prefix in `Sec-WebSocket-Protocol`, a hexadecimal key after a version segment, a parameter store's
/// SecureString, an OAuth callback's `code`, a password in XML written with character references, an
/// SMTP `AUTH LOGIN` password. `convert` (to both formats) and `redact` must write none of them, and what
/// they write must pass the secret scan; loading the file unredacted must fail the test.
@Suite("HAR corpus: credentials known by class")
struct HARClassCorpusTests {
    static let secrets = [
        "Vx9Lq2" + "Rt7Pm4Nc8Wz1Kd5Hf3Yb6Gs0Ja2Qe9Tu4Io7Pl1Mn", "Tr0ub4dor" + "-and-3", "op" + "aque-Qx7Qx7Qx7Qx7",
        "dBjftJeZ4CVP" + "-mB92K27uhbUJU1p1r_wW1gFWFOEjXk", "ZXlKaGJH" + "Y2lPaUpTVXpJMU5pSjkuZXlKemRXSWlPaUpqYVNKOQ",
        "9f86d081884c7d65" + "9a2feaa0c55ad015", "correct" + "-horse-battery-staple",
        // An OAuth callback's code, a password in escaped XML shown in HTML, an SMTP AUTH LOGIN password.
        "Qx4mT9" + "vR2wL8pZ1cK7", "Wq8-fiddle" + "-Zx3", Data(("Tr0ub4dor" + "-and-3").utf8).base64EncodedString(),
    ]

    static func entry(
        method: String = "GET", url: String, requestHeaders: [[String: String]] = [], postData: [String: Any]? = nil,
        mimeType: String = "application/json", text: String = "{}", encoding: String? = nil
    ) -> [String: Any] {
        var request: [String: Any] = [
            "method": method, "url": url, "httpVersion": "HTTP/1.1", "headers": requestHeaders, "queryString": [],
            "cookies": [], "headersSize": -1, "bodySize": -1,
        ]
        if let postData { request["postData"] = postData }
        var content: [String: Any] = ["size": text.utf8.count, "mimeType": mimeType, "text": text]
        if let encoding { content["encoding"] = encoding }
        return [
            "startedDateTime": "2026-11-24T08:00:00.000Z", "time": 1, "request": request,
            "response": [
                "status": 200, "statusText": "OK", "httpVersion": "HTTP/1.1",
                "headers": [["name": "Content-Type", "value": mimeType]], "cookies": [], "content": content,
                "redirectURL": "", "headersSize": -1, "bodySize": -1,
            ],
            "cache": [:], "timings": ["send": 0, "wait": 1, "receive": 0],
        ]
    }

    static var har: Data {
        let gzip = Gzip.compressed(Array("export API_TOKEN=\(secrets[2])\nexport REGION=eu\n".utf8))
        let entries = [
            entry(url: "https://auth.example.com/jwks", text: #"{"keys":[{"kty":"EC","crv":"P-256","x":"f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU","d":"\#(secrets[0])"}]}"#),
            entry(url: "https://ci.example.com/logs/1", mimeType: "text/plain", text: "+ curl -sS -u deploy:\(secrets[1]) https://ci.example.com/api\n"),
            entry(url: "https://api.example.com/export.csv", mimeType: "text/csv", text: "id,name,api_key\n1,ann,\(secrets[2])\n"),
            entry(
                method: "POST", url: "https://auth.example.com/token",
                postData: ["mimeType": "application/x-www-form-urlencoded", "text": "grant_type=authorization_code&code_verifier=\(secrets[3])"]),
            entry(url: "https://files.example.com/env.gz", mimeType: "application/gzip", text: Data(gzip).base64EncodedString(), encoding: "base64"),
            entry(
                url: "https://k8s.example.com/api/v1/watch",
                requestHeaders: [["name": "Sec-WebSocket-Protocol", "value": "base64url.bearer.authorization.k8s.io.\(secrets[4])"]]),
            entry(url: "https://mainnet.example.io/v3/\(secrets[5])"),
            entry(
                method: "POST", url: "https://ssm.example.com/", mimeType: "application/x-amz-json-1.1",
                text: #"{"Parameter":{"Name":"/prod/db/password","Type":"SecureString","Value":"\#(secrets[6])"}}"#),
            entry(url: "https://app.example.com/callback?code=\(secrets[7])&state=af0ifjsldkj"),
            entry(url: "https://docs.example.com/soap", mimeType: "text/html", text: "<pre>&lt;password&gt;\(secrets[8])&lt;/password&gt;</pre>"),
            entry(
                url: "https://mail.example.com/log", mimeType: "text/plain",
                text: "AUTH LOGIN\r\n334 VXNlcm5hbWU6\r\nYW5u\r\n334 UGFzc3dvcmQ6\r\n\(secrets[9])\r\n235 2.7.0 OK\r\n"),
        ]
        let log: [String: Any] = ["log": ["version": "1.2", "creator": ["name": "Chrome", "version": "1"], "entries": entries]]
        return try! JSONSerialization.data(withJSONObject: log, options: [.sortedKeys])
    }

    @Test("convert (to .json and .har) and redact write none of them and pass the scan; loading the file fails the test")
    func corpus() async throws {
        let directory = try makeTemporaryDirectory("har-class-corpus")
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = directory.appendingPathComponent("classes.har")
        try Self.har.write(to: source)
        var outputs: [URL] = []
        for name in ["out.json", "out.har"] {
            let output = directory.appendingPathComponent(name)
            let capture = ConsoleCapture()
            #expect(try await ConvertCommand(input: source.path, output: output.path).run(capture.console) == .success, "\(capture.error)")
            outputs.append(output)
        }
        let copy = directory.appendingPathComponent("copy.har")
        try FileManager.default.copyItem(at: source, to: copy)
        #expect(try await RedactCommand(fixtures: [copy.path]).run(ConsoleCapture().console) == .success)
        outputs.append(copy)
        var leaked: [String] = []
        for output in outputs {
            let written = String(decoding: try Data(contentsOf: output), as: UTF8.self)
            leaked += Self.secrets.filter(written.contains).map { "\(output.lastPathComponent): \($0.prefix(4))…" }
            let fixture = try Fixture(contentsOf: output)
            #expect(SecretScan().findings(in: fixture).isEmpty, "\(output.lastPathComponent)")
            // The gzip payload, read back: its token is gone, the rest kept.
            let gzip = try #require(fixture.interactions.first { $0.request.path == "/env.gz" }?.response.body)
            let inflated = String(decoding: Gzip.decompressed([UInt8](gzip)) ?? [], as: UTF8.self)
            #expect(inflated == "export API_TOKEN=REDACTED\nexport REGION=eu\n", "\(output.lastPathComponent)")
        }
        let server = StubServer()
        try server.loadFixture(at: source)
        let refusal = server.report.findings.first { $0.message.contains("a recording would have redacted") }
        print("[har class corpus] \(Self.secrets.count) credentials; convert and redact: \(leaked.count) leaked; loading: \(refusal == nil ? "passed silently" : "fails the test")")
        #expect(leaked.isEmpty)
        #expect(refusal?.severity == .error)
    }
}
#endif
