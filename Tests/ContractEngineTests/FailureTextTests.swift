import ContractEngine
import Foundation
import Testing

/// How failures print what they compare and what was thrown: dates at full precision, a driver error's
/// details that its plain description hides.
@Suite("Failure text: dates in full, errors with their details")
struct FailureTextTests {
    struct Event: Equatable {
        var name: String
        var at: Date
        var end: Date?
    }

    @Test("two dates a microsecond apart, or less, print differently, alone or inside a value")
    func datesInFull() {
        let date = Date(timeIntervalSince1970: 1_700_000_000.123456)
        #expect(abbreviate(date) == "2023-11-14T22:13:20.123456Z")
        #expect(abbreviate(date.addingTimeInterval(0.000_001)) == "2023-11-14T22:13:20.123457Z")
        #expect(abbreviate(Date(timeIntervalSince1970: 1_700_000_000.123456789)) == "2023-11-14T22:13:20.1234567Z")
        #expect(abbreviate(Date(timeIntervalSince1970: 1_700_000_000)) == "2023-11-14T22:13:20Z")
        #expect(abbreviate(Date(timeIntervalSince1970: 1_700_000_000.5)) == "2023-11-14T22:13:20.5Z")
        #expect(abbreviate(Date(timeIntervalSince1970: -2_208_988_800.25)) == "1899-12-31T23:59:59.75Z")
        let event = Event(name: "launch", at: date, end: nil)
        #expect(abbreviate(event) == #"Event(name: "launch", at: 2023-11-14T22:13:20.123456Z, end: nil)"#)
        let later = Event(name: "launch", at: date.addingTimeInterval(0.000_001), end: date)
        #expect(abbreviate(later) == #"Event(name: "launch", at: 2023-11-14T22:13:20.123457Z, end: Optional(2023-11-14T22:13:20.123456Z))"#)
        #expect(abbreviate([date]) == "[2023-11-14T22:13:20.123456Z]")
        // A value without dates prints as Swift prints it.
        #expect(abbreviate(["a": 1]) == String(describing: ["a": 1]))
    }

    @Test("whole seconds read as ISO8601DateFormatter writes them, Julian dates before 1582 and years past 9999 too")
    func wholeSecondsAsTheFormatterWrites() {
        let formatter = ISO8601DateFormatter()
        // The edges of the Gregorian range, leap days, the epoch, and a spread of seconds between them.
        var seconds: [Double] = [
            -12_219_292_800, -12_219_292_801, 253_402_300_799, 253_402_300_800, 0, -1, 86_399, 86_400,
            951_782_400, 951_868_799, 4_107_542_400, -62_135_596_800, Date.distantPast.timeIntervalSince1970,
            Date.distantFuture.timeIntervalSince1970,
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<2_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            seconds.append(-13_000_000_000 + Double(state >> 30 % 266_500_000_000))
        }
        let differing = seconds.filter { abbreviate(Date(timeIntervalSince1970: $0)) != formatter.string(from: Date(timeIntervalSince1970: $0)) }
        #expect(differing.isEmpty, "\(differing.prefix(5).map { (abbreviate(Date(timeIntervalSince1970: $0)), formatter.string(from: Date(timeIntervalSince1970: $0))) })")
        #expect(abbreviate(Date(timeIntervalSince1970: -12_219_292_801)) == "1582-10-04T23:59:59Z")
        #expect(abbreviate(Date(timeIntervalSince1970: 951_782_400)) == "2000-02-29T00:00:00Z")
    }

    /// An error whose description hides its fields, as a database driver's does.
    struct Withheld: Error, CustomStringConvertible {
        var sqlState: String
        var code: Int
        var description: String { "a database error occurred" }
    }

    /// An error with a debug description that says more than its description.
    struct Detailed: Error, CustomStringConvertible, CustomDebugStringConvertible {
        var description: String { "server error" }
        var debugDescription: String { "server error: SQLSTATE 22021, invalid byte sequence" }
    }

    struct WithCredential: Error, CustomStringConvertible {
        var status = 401
        var accessToken = "eyJhbGciOiJIUzI1NiJ9.c2VjcmV0.c2lnbmF0dXJl"
        var apiKey: String? = "sk_live_0123456789abcdef"
        var description: String { "unauthorized" }
    }

    @Test("a hidden field named like a credential is named, its value never shown")
    func credentialFieldsAreWithheld() {
        let text = describe(WithCredential())
        #expect(text == "WithCredential: unauthorized [status: 401, accessToken: <redacted>, apiKey: <redacted>]", "\(text)")
        #expect(!text.contains("eyJ") && !text.contains("sk_live"))
    }

    @Test("a thrown error's hidden fields and debug description are shown")
    func errorDetails() {
        #expect(describe(Withheld(sqlState: "22021", code: 7)) == #"Withheld: a database error occurred [sqlState: "22021", code: 7]"#)
        #expect(describe(Detailed()) == "Detailed: server error (debug description: server error: SQLSTATE 22021, invalid byte sequence)")
        // Errors that already say everything print as before.
        #expect(describe(RepositoryError.conflict("note 1 exists")) == "\(RepositoryError.conflict("note 1 exists"))")
        #expect(describe(CocoaError(.fileNoSuchFile)).contains("CocoaError"))
    }
}
