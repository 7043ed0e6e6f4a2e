import Foundation
@_spi(Benchmarks) import RecordReplay

/// One body to record, made to a given size.
struct ScanCase: Sendable {
    var name: String
    var contentType: String
    var make: @Sendable (Int) -> String

    func fixture(size: Int) -> Fixture {
        let body = Data(make(size).utf8)
        let response = StubResponse(
            status: 200, headers: ["Content-Type": contentType, "Content-Length": String(body.count)], body: body)
        return Fixture(interactions: [Interaction(request: StubRequest(method: "GET", path: "/data"), response: response)])
    }

    /// `unit` repeated to at least `size` bytes.
    static func repeated(_ unit: String, _ size: Int) -> String {
        String(repeating: unit, count: size / unit.utf8.count + 1)
    }

    static let all: [ScanCase] = [
        ScanCase(name: "ordinary-json", contentType: "application/json") { size in
            var items: [String] = []
            var total = 2
            var id = 0
            while total < size {
                id += 1
                let item = "{\"id\":\(id),\"title\":\"Buy milk and bread number \(id)\",\"done\":\(id % 2 == 0),"
                    + "\"tags\":[\"home\",\"errand\"],\"updatedAt\":\"2026-11-24T08:\(id % 60):00Z\"}"
                items.append(item)
                total += item.utf8.count + 1
            }
            return "[" + items.joined(separator: ",") + "]"
        },
        ScanCase(name: "ordinary-text", contentType: "text/plain") { size in
            repeated("2026-11-24T08:16:04Z INFO request GET /todos/42 answered 200 in 3 ms by worker 7\n", size)
        },
        ScanCase(name: "xoxb- repeated", contentType: "text/plain") { repeated("xoxb-", $0) },
        ScanCase(name: "ghp_ repeated", contentType: "text/plain") { repeated("ghp_", $0) },
        ScanCase(name: "AKIA repeated", contentType: "text/plain") { repeated("AKIA", $0) },
        ScanCase(name: "sk_live_ repeated", contentType: "text/plain") { repeated("sk_live_", $0) },
        ScanCase(name: "glpat- repeated", contentType: "text/plain") { repeated("glpat-", $0) },
        ScanCase(name: "hvs. repeated", contentType: "text/plain") { repeated("hvs.", $0) },
        ScanCase(name: "eyJ repeated", contentType: "text/plain") { repeated("eyJ", $0) },
        ScanCase(name: "-----BEGIN repeated", contentType: "text/plain") { repeated("-----BEGIN ", $0) },
        ScanCase(name: "private keys, no END", contentType: "text/plain") {
            repeated("-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n", $0)
        },
        ScanCase(name: "PEM certificate bundle", contentType: "application/x-pem-file") { size in
            let line = String(repeating: "MIIDdzCCAl+gAwIBAgIEAgAAuTANBgkqhkiG9w0BAQUFADBaMQswCQYDVQQGEwJJ", count: 1)
            let certificate = "-----BEGIN CERTIFICATE-----\n" + String(repeating: line + "\n", count: 20)
                + "-----END CERTIFICATE-----\n"
            return repeated(certificate, size)
        },
        ScanCase(name: "JWT list (JSON)", contentType: "application/json") { size in
            var tokens: [String] = []
            var total = 2
            var id = 0
            while total < size {
                id += 1
                let payload = Data("{\"sub\":\"user-\(id)\",\"iat\":\(1_700_000_000 + id)}".utf8).base64EncodedString()
                    .replacingOccurrences(of: "=", with: "")
                let token = "\"eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.\(payload).c2lnbmF0dXJl\(id)\""
                tokens.append(token)
                total += token.utf8.count + 1
            }
            return "[" + tokens.joined(separator: ",") + "]"
        },
        ScanCase(name: "long base64", contentType: "text/plain") { size in
            var generator = SystemRandomNumberGenerator()
            let bytes = (0..<(size * 3 / 4)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            return Data(bytes).base64EncodedString()
        },
        ScanCase(name: "aws_secret repeated", contentType: "text/plain") {
            repeated("aws_secret=AbCdEfGhIjKlMnOpQrStUvWxYz0123456789+/AB ", $0)
        },
        // Credentials inside text: a configuration file of assignments, then the new rules' openings repeated.
        ScanCase(name: "ordinary .env/YAML", contentType: "text/plain") {
            repeated("APP_NAME=shop\nPORT=8080\nLOG_LEVEL=info\nfeature: enabled\nurl: https://api.example.com/v1/items?page=2\n", $0)
        },
        ScanCase(name: "password= repeated", contentType: "text/plain") { repeated("password=", $0) },
        ScanCase(name: "apiKey=\" unclosed", contentType: "text/plain") { repeated("apiKey=\"a b ", $0) },
        ScanCase(name: "://u:p@ repeated", contentType: "text/plain") { repeated("x://u:p@", $0) },
        ScanCase(name: "webhook paths repeated", contentType: "text/plain") {
            repeated("/services/T0AB12CD3/B0AB12CD3/webhooks/112233445566778899/IncomingWebhook/", $0)
        },
    ]
}
