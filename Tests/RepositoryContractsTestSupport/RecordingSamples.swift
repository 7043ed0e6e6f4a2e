package import Foundation
package import RecordReplayFixtures
package import RecordReplayMessages

/// Builders shared by the redaction and secret scan tests. Fake secrets are assembled from pieces so
/// that the test sources themselves do not look like leaked credentials.
package enum RecordingSamples {
    package static func fixture(_ interactions: Interaction...) -> Fixture {
        Fixture(interactions: interactions, upstream: "https://api.example.com")
    }

    package static func interaction(
        path: String = "/items", query: [QueryItem] = [], requestHeaders: HTTPHeaders = [:],
        requestBody: String = "", responseHeaders: HTTPHeaders = [:], responseBody: String = ""
    ) -> Interaction {
        Interaction(
            request: StubRequest(
                method: "POST", path: path, query: query, headers: requestHeaders, body: Data(requestBody.utf8)),
            response: StubResponse(status: 200, headers: responseHeaders, body: Data(responseBody.utf8)))
    }

    package static func text(_ data: Data) -> String {
        String(decoding: data, as: UTF8.self)
    }

    package static let jwt = "eyJ" + "hbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"
    package static let awsAccessKeyID = "AK" + "IAIOSFODNN7EXAMPLE"
    package static let awsSecret = "wJalrXUtnFEMI/K7MDENG/" + "bPxRfiCYEXAMPLEKEY"
    package static let gitHubToken = "gh" + "p_" + "abcdefghijklmnopqrstuvwxyz0123456789"
    package static let gitHubPAT = "github" + "_pat_" + "11ABCDEFG0123456789_abcdefghij"
    package static let slackToken = "xo" + "xb-" + "123456789012-abcdefABCDEF"
    package static let slackAppToken = "xa" + "pp-" + "1-A0123456789-abcdef"
    package static let stripeKey = "sk" + "_live_" + "4eC39HqLyjWDarjtT1zdp7dc"
    package static let stripeTestKey = "sk" + "_test_" + "4eC39HqLyjWDarjtT1zdp7dc"
    package static let stripeRestrictedKey = "rk" + "_live_" + "4eC39HqLyjWDarjtT1zdp7dc"
    package static let googleAPIKey = "AI" + "za" + "SyA1234567890abcdefghijklmnopqrstuv"
    package static let privateKey = "-----BEGIN " + "RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA\n-----END RSA PRIVATE KEY-----"
}
