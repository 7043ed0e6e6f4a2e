@testable import RecordReplayMessages
import Foundation

@testable import RecordReplay
@testable import RecordReplayFixtures
@testable import RecordReplayRedaction
@testable import RecordReplayWire

/// Builders shared by the redaction and secret scan tests. Fake secrets are assembled from pieces so
/// that the test sources themselves do not look like leaked credentials.
enum RecordingSamples {
    static func fixture(_ interactions: Interaction...) -> Fixture {
        Fixture(interactions: interactions, upstream: "https://api.example.com")
    }

    static func interaction(
        path: String = "/items", query: [QueryItem] = [], requestHeaders: HTTPHeaders = [:],
        requestBody: String = "", responseHeaders: HTTPHeaders = [:], responseBody: String = ""
    ) -> Interaction {
        Interaction(
            request: StubRequest(
                method: "POST", path: path, query: query, headers: requestHeaders, body: Data(requestBody.utf8)),
            response: StubResponse(status: 200, headers: responseHeaders, body: Data(responseBody.utf8)))
    }

    static func text(_ data: Data) -> String {
        String(decoding: data, as: UTF8.self)
    }

    static let jwt = "eyJ" + "hbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"
    static let awsAccessKeyID = "AK" + "IAIOSFODNN7EXAMPLE"
    static let awsSecret = "wJalrXUtnFEMI/K7MDENG/" + "bPxRfiCYEXAMPLEKEY"
    static let gitHubToken = "gh" + "p_" + "abcdefghijklmnopqrstuvwxyz0123456789"
    static let gitHubPAT = "github" + "_pat_" + "11ABCDEFG0123456789_abcdefghij"
    static let slackToken = "xo" + "xb-" + "123456789012-abcdefABCDEF"
    static let slackAppToken = "xa" + "pp-" + "1-A0123456789-abcdef"
    static let stripeKey = "sk" + "_live_" + "4eC39HqLyjWDarjtT1zdp7dc"
    static let stripeTestKey = "sk" + "_test_" + "4eC39HqLyjWDarjtT1zdp7dc"
    static let stripeRestrictedKey = "rk" + "_live_" + "4eC39HqLyjWDarjtT1zdp7dc"
    static let googleAPIKey = "AI" + "za" + "SyA1234567890abcdefghijklmnopqrstuv"
    static let privateKey = "-----BEGIN " + "RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA\n-----END RSA PRIVATE KEY-----"
}
