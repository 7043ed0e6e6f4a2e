import RecordReplayMessages
import Foundation
import Testing

@_spi(Benchmarks) @testable import RecordReplayFixtures
@_spi(Benchmarks) @testable import RecordReplayRedaction

/// Bodies stored in a content coding: one the redaction reads (gzip, deflate) is redacted inside and
/// written back in the same coding; one it cannot read (br, zstd, compress, codings stacked, gzip that
/// does not decode) is withheld whole, since it cannot be checked, and the scan refuses it unredacted.
/// (`.ci/httpbin` found the case: httpbin's `/brotli` echoes the request's `Authorization` inside a
/// brotli body, which the recorder kept as it came.)
@Suite("Redaction: bodies in a content coding")
struct ContentCodingRedactionTests {
    /// A brotli stream (made with Python's `brotli`, quality 11) of a JSON echo holding
    /// `Authorization: Bearer <token>` and `X-Api-Key: <token>`, then twelve todos; the token does not
    /// appear in the compressed bytes.
    static let brotliEcho = Data(base64Encoded:
        "GwACSCwK7DbiBEOFmdV/VHnPsUoJHHLk8UUiiKC1ILA5lW1Olx5I6UqGjT9dTDabkBUUZkP/g708dAIEInca4+1STl5Lk9oCiqRUA+J0cnTB354cKAhatRFuO/myH1T7T44Bs7Evq4/INfQ8fFrO5TfTj7RLiHPMbSyZOgEa/DfRW5DmoeqL4qs95DHmA5rByNlCuKBwSemKyjW1Gxq3tO7o3NN7YLiLHIfIkRFJrMDj1T71nJbEHw==")!
    static let echoedToken = "7f3kQ9zX" + "2mW8pL4vT6nR1sY5uA0cE3hJ"
    static let password = "Tr0ub4dor" + "-and-3-q8Zr"

    static func fixture(responseBody: Data, headers: HTTPHeaders) -> Fixture {
        Fixture(interactions: [
            Interaction(
                request: StubRequest(method: "GET", path: "/brotli"),
                response: StubResponse(status: 200, headers: headers, body: responseBody))
        ])
    }

    /// A JSON body holding a password, compressed (stored blocks) in `coding`.
    static func compressedJSON(_ coding: String) -> Data {
        CompressedBody.encoded(Data(#"{"id":7,"password":"\#(password)","name":"ann"}"#.utf8), contentEncoding: coding)!
    }

    struct Unreadable: Sendable, CustomTestStringConvertible {
        var name: String
        var coding: String
        var body: Data
        var testDescription: String { name }
    }

    static let unreadable: [Unreadable] = [
        Unreadable(name: "brotli (a real stream)", coding: "br", body: brotliEcho),
        Unreadable(name: "zstd (its magic)", coding: "zstd", body: Data([0x28, 0xB5, 0x2F, 0xFD, 0x00, 0x58, 0x61, 0x00, 0x9A, 0xF1])),
        Unreadable(name: "codings stacked (gzip, br)", coding: "gzip, br", body: brotliEcho),
        Unreadable(name: "gzip that does not decode", coding: "gzip", body: Data([0x1F, 0x8B, 8, 0] + Array(repeating: 0xC3, count: 40))),
        Unreadable(name: "compress (LZW)", coding: "compress", body: Data([0x1F, 0x9D, 0x90, 0x7B, 0x22, 0xE8, 0xC1])),
    ]

    @Test("a body nothing can read is refused by the scan, withheld whole by the redaction, and then passes", arguments: unreadable)
    func withheld(_ item: Unreadable) throws {
        let fixture = Self.fixture(responseBody: item.body, headers: ["Content-Type": "application/json", "Content-Encoding": item.coding])
        let findings = SecretScan().findings(in: fixture)
        #expect(findings.map(\.kind) == [.unreadableBody], "\(findings)")
        #expect(findings.first?.description == "#0 response.body: unreadableBody Content-Encoding: \(item.coding)")

        let result = Redaction().redact(fixture)
        let response = try #require(result.fixture.interactions.first?.response)
        #expect(response.body == Data(Redaction.placeholder.utf8))
        #expect(response.headers["Content-Encoding"] == nil, "the coding of a body no longer in it")
        #expect(response.headers["Content-Type"] == "application/json")
        #expect(result.redactions == [RedactedField(interaction: 0, field: "response.body (Content-Encoding \(item.coding))", reason: .unreadableEncoding)])
        #expect(SecretScan().findings(in: result.fixture).isEmpty)
        for format in [FixtureFormat.native, .har] {
            let written = result.fixture.encoded(as: format)
            #expect(written.range(of: Data(Self.echoedToken.utf8)) == nil)
            #expect(try Fixture(decoding: written, format: format, source: "withheld") == result.fixture, "\(format)")
        }
    }

    @Test("a gzip or deflate body is redacted inside and written back in its coding, which any reader opens", arguments: ["gzip", "deflate", "x-gzip"])
    func readable(_ coding: String) throws {
        let fixture = Self.fixture(
            responseBody: Self.compressedJSON(coding), headers: ["Content-Type": "application/json", "Content-Encoding": coding])
        let findings = SecretScan().findings(in: fixture)
        #expect(findings.map(\.field) == ["response.body $.password"], "\(findings)")

        let redacted = Redaction().redact(fixture).fixture
        let response = try #require(redacted.interactions.first?.response)
        #expect(response.headers["Content-Encoding"] == coding)
        let decoded = try #require(CompressedBody.decoded(response.body, contentEncoding: coding))
        #expect(String(decoding: decoded, as: UTF8.self) == #"{"id":7,"password":"REDACTED","name":"ann"}"#)
        #expect(SecretScan().findings(in: redacted).isEmpty)
    }

    @Test("what stays: text stored decoded under its coding's name, identity, a binary body with no coding")
    func kept() {
        let text = Data(#"{"id":7,"title":"Walk the dog"}"#.utf8)
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0xFF, 0xD8])
        let fixtures = [
            Self.fixture(responseBody: text, headers: ["Content-Type": "application/json", "Content-Encoding": "br"]),
            Self.fixture(responseBody: png, headers: ["Content-Type": "image/png", "Content-Encoding": "identity"]),
            Self.fixture(responseBody: png, headers: ["Content-Type": "image/png"]),
        ]
        for fixture in fixtures {
            #expect(SecretScan().findings(in: fixture).isEmpty)
            #expect(Redaction().redact(fixture).fixture == fixture)
        }
    }

    @Test("the writer's gzip and deflate are read back by the reader, empty and across stored-block boundaries")
    func writerRoundTrips() throws {
        for coding in ["gzip", "deflate"] {
            for length in [0, 1, 65_535, 65_536, 200_000] {
                let content = Data((0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31) })
                let encoded = try #require(CompressedBody.encoded(content, contentEncoding: coding))
                #expect(CompressedBody.decoded(encoded, contentEncoding: coding) == content, "\(coding) \(length)")
            }
        }
        #expect(CompressedBody.encoded(Data("x".utf8), contentEncoding: "br") == nil)
    }
}
