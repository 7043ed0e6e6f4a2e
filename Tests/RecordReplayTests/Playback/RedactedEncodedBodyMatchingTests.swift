import RecordReplayMessages
import Foundation
import Testing

@_spi(Benchmarks) @testable import RecordReplay
@_spi(Benchmarks) @testable import RecordReplayRedaction
import RecordReplayFixtures
import RepositoryContractsTestSupport

/// A request body the redaction read through an encoding (`Content-Encoding: gzip` or `deflate`, a
/// gzip file sent as a payload, UTF-16 text) is stored redacted and written back in that encoding; the client under
/// test still sends its real body, encoded its own way. Replay must compare the two as it does plain
/// bodies: decoded, with the placeholder in the places the recording redacted, and nothing else
/// loosened.
@Suite("Playback matching: redacted bodies read through an encoding")
struct RedactedEncodedBodyMatchingTests {
    private typealias Samples = RecordingSamples

    private static let password = "Tr0ub4dor" + "-and-3"
    /// `{"user":"ann","password":"<password>","remember":true}` compressed by Python's gzip module
    /// (Huffman codes, not the stored blocks the redaction writes back).
    private static let gzipJSON = Data(base64Encoded:
        "H4sIAAAAAAACA6tWKi1OLVKyUkrMy1PSUSpILC4uzy9KAQqEFBmUJpmk5BfpJual6BoDJYtSc1Nzk0CqS4pKU2sBdeTLnjsAAAA=")!
    /// `user=ann&password=<password>&remember=1`, compressed the same way.
    private static let gzipForm = Data(base64Encoded:
        "H4sIAAAAAAACAystTi2yTczLUytILC4uzy9KsQ0pMihNMknJL9JNzEvRNVYrSs1NzU0CqjIEAMcsrKIsAAAA")!

    private static func request(_ body: Data, type: String, encoding: String? = "gzip") -> StubRequest {
        var headers: HTTPHeaders = ["Content-Type": type]
        if let encoding { headers.append(name: "Content-Encoding", value: encoding) }
        return StubRequest(method: "POST", path: "/login", headers: headers, body: body)
    }

    private static func gzip(_ text: String) -> Data { Data(Gzip.compressed(Array(text.utf8))) }

    /// Whether `sent` is answered by the recording of `recorded`, redacted; and the redacted fixture
    /// no longer holds the password (read through its encoding).
    private static func replays(_ sent: StubRequest, recorded: StubRequest) -> Bool {
        let interaction = Interaction(request: recorded, response: StubResponse(status: 200, body: Data("hit".utf8)))
        let redacted = Redaction().redact(Samples.fixture(interaction)).fixture
        #expect(!CredentialClassCorpusTests.allText(redacted.interactions[0]).contains(password), "the recording is not redacted")
        let playback = Playback()
        playback.load(redacted, source: "encoded.json")
        _ = playback.plan(for: sent)
        return playback.journal.unmatched.isEmpty
    }

    @Test("a gzip JSON body (Content-Encoding: gzip) matches the client's real one; another user does not")
    func gzipJSONBody() {
        let recorded = Self.request(Self.gzipJSON, type: "application/json")
        #expect(Self.replays(recorded, recorded: recorded))
        // The same content compressed another way, and another password: both the same request.
        let other = Self.gzip(#"{"user":"ann","password":"s3cret-other","remember":true}"#)
        #expect(Self.replays(Self.request(other, type: "application/json"), recorded: recorded))
        let bob = Self.gzip(#"{"user":"bob","password":"\#(Self.password)","remember":true}"#)
        #expect(!Self.replays(Self.request(bob, type: "application/json"), recorded: recorded))
    }

    @Test("a gzip form body matches the client's real one; another field value does not")
    func gzipFormBody() {
        let recorded = Self.request(Self.gzipForm, type: "application/x-www-form-urlencoded")
        #expect(Self.replays(recorded, recorded: recorded))
        let forgetful = Self.gzip("user=ann&password=\(Self.password)&remember=0")
        #expect(!Self.replays(Self.request(forgetful, type: "application/x-www-form-urlencoded"), recorded: recorded))
    }

    @Test("a gzip file sent as a payload (no Content-Encoding) matches; other content does not")
    func gzipPayload() {
        let recorded = Self.request(Self.gzip("export API_TOKEN=\(Self.password)\nexport REGION=eu\n"), type: "application/gzip", encoding: nil)
        #expect(Self.replays(recorded, recorded: recorded))
        let otherRegion = Self.gzip("export API_TOKEN=\(Self.password)\nexport REGION=us\n")
        #expect(!Self.replays(Self.request(otherRegion, type: "application/gzip", encoding: nil), recorded: recorded))
    }

    @Test("a deflate JSON body (Content-Encoding: deflate) matches the client's real one; another user does not")
    func deflateJSONBody() {
        let recorded = Self.request(CredentialClassCorpusTests.deflateLogin, type: "application/json", encoding: "deflate")
        #expect(Self.replays(recorded, recorded: recorded))
        let bob = CompressedBody.encoded(Data(Array(#"{"user":"bob","password":"\#(Self.password)"}"#.utf8)), contentEncoding: "deflate")!
        #expect(!Self.replays(Self.request(bob, type: "application/json", encoding: "deflate"), recorded: recorded))
    }

    @Test("a UTF-16 JSON body matches the client's real one; another user does not")
    func utf16Body() {
        func utf16(_ text: String) -> Data { Data([0xFF, 0xFE]) + text.data(using: .utf16LittleEndian)! }
        let type = "application/json; charset=utf-16"
        let recorded = Self.request(utf16(#"{"user":"ann","password":"\#(Self.password)"}"#), type: type, encoding: nil)
        #expect(Self.replays(recorded, recorded: recorded))
        #expect(!Self.replays(Self.request(utf16(#"{"user":"bob","password":"\#(Self.password)"}"#), type: type, encoding: nil), recorded: recorded))
    }

    @Test("an unredacted gzip body matches the same content however it is compressed, and nothing else")
    func unredactedGzipBody() {
        let recorded = Self.request(Self.gzip(#"{"title":"milk"}"#), type: "application/json")
        let playback = Playback()
        playback.load(Samples.fixture(Interaction(request: recorded, response: StubResponse(status: 200))), source: "plain.json")
        _ = playback.plan(for: Self.request(Self.gzip(#"{"title":"eggs"}"#), type: "application/json"))
        #expect(playback.journal.unmatched.count == 1)
        _ = playback.plan(for: Self.request(Data(base64Encoded: "H4sIAAAAAAACA6tWKsksyUlVslLKzczJVqoFABAiuAUQAAAA")!, type: "application/json"))
        #expect(playback.journal.unmatched.count == 1, "the same JSON compressed by another tool")
    }
}
