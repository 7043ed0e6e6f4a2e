import Foundation
import Testing

@testable import RecordReplayFixtures

/// The gzip and deflate decoder a recording over the package's own client stores compressed bodies
/// with: streams made by zlib (Python's `gzip` and `zlib` modules) in every block type, checked by
/// their checksums; anything else is left alone.
@Suite("Compressed bodies")
struct CompressedBodyTests {
    /// `hello hello … abcabc…` three times: what the gzip and raw deflate streams hold.
    static let text = Data(
        String(repeating: "hello hello hello hello, a body long enough to need back-references: abcabcabcabcabcabc", count: 3).utf8)
    /// `text` gzipped, then a second member holding `second member` (fixed-Huffman blocks).
    static let twoGzipMembers = Data(base64Encoded: """
        H4sIAAAAAAACA8tIzcnJV8hAJ3UUEhWS8lMqFXLy89IVUvPyS9MzFEryFfJSU1MUkhKTs3WLUtNSi1LzklOLrRQSk5LRUMaQMhYAWBVPhQUBAAAfiwgAAAAAAAIDK05Nzs9LUchNzU1KLQIAJHT6nw0AAAA=
        """)!
    /// `text` as a raw deflate stream, without the zlib wrapper (as some servers send `deflate`).
    static let rawDeflate = Data(base64Encoded: "y0jNyclXyEAndRQSFZLyUyoVcvLz0hVS8/JL0zMUSvIV8lJTUxSSEpOzdYtS01KLUvOSU4utFBKTktFQxpAyFgA=")!
    /// `text` in a zlib stream of one stored block (level 0).
    static let stored = Data(base64Encoded: """
        eAEBBQH6/mhlbGxvIGhlbGxvIGhlbGxvIGhlbGxvLCBhIGJvZHkgbG9uZyBlbm91Z2ggdG8gbmVlZCBiYWNrLXJlZmVyZW5jZXM6IGFiY2FiY2FiY2FiY2FiY2FiY2hlbGxvIGhlbGxvIGhlbGxvIGhlbGxvLCBhIGJvZHkgbG9uZyBlbm91Z2ggdG8gbmVlZCBiYWNrLXJlZmVyZW5jZXM6IGFiY2FiY2FiY2FiY2FiY2FiY2hlbGxvIGhlbGxvIGhlbGxvIGhlbGxvLCBhIGJvZHkgbG9uZyBlbm91Z2ggdG8gbmVlZCBiYWNrLXJlZmVyZW5jZXM6IGFiY2FiY2FiY2FiY2FiY2FiY3H0Xts=
        """)!
    /// 40 todos as JSON (`json.dumps`), zlib level 9: a dynamic-Huffman block.
    static let dynamic = Data(base64Encoded: """
        eNp91btqw1AQhOFXOZzahXZGVz+HO5MiQQoYHAscuTJ+9ziQwhD+7QRi2AF92j3e62mu+9LsSt1O23l5PtfDOq/lcvv6WK6lqc8383r5fbFdb8tjV/4iQZF4iXy+n79fMqKMOGPKGKu1FGl5TEeZjjM9ZXqsNlBk4DEjZUbOTJSZ+IMigmh4ULCDBEKghBAXRArhZBRqiIRDoIfouCCCiD4ZhSYiQRGoIkYuiCxiSv5ahKEEhhCGAguKN0SyIoQwlMAQwlDLBdGFkkUhhKEEhhCGBi6ILpSsCyEMJTCMMMx3w+jCycIwwnB2O/h48PUwunCyMIwwnMAwwjDfEKMLJwvDCMMJDCMM/7skbz+cTG95
        """)!

    @Test("gzip: every member, each checked")
    func gzip() throws {
        let decoded = try #require(CompressedBody.decoded(Self.twoGzipMembers, contentEncoding: "gzip"))
        #expect(decoded == Self.text + Data("second member".utf8))
        #expect(CompressedBody.decoded(Self.twoGzipMembers, contentEncoding: "x-gzip") == decoded)
    }

    @Test("deflate: zlib-wrapped (stored and dynamic blocks) and raw")
    func deflate() throws {
        #expect(CompressedBody.decoded(Self.stored, contentEncoding: "deflate") == Self.text)
        #expect(CompressedBody.decoded(Self.rawDeflate, contentEncoding: " Deflate ") == Self.text)
        let todos = try #require(CompressedBody.decoded(Self.dynamic, contentEncoding: "deflate"))
        let list = try #require(try JSONSerialization.jsonObject(with: todos) as? [[String: Any]])
        #expect(list.count == 40)
        #expect(list.last?["title"] as? String == "Todo number 39")
    }

    @Test("a body that does not decode, a checksum that does not match, or another coding is left alone")
    func leftAlone() {
        var corrupted = Self.twoGzipMembers
        corrupted[corrupted.count - 8] ^= 0xFF  // the second member's CRC-32
        #expect(CompressedBody.decoded(corrupted, contentEncoding: "gzip") == nil)
        #expect(CompressedBody.decoded(Self.twoGzipMembers.dropLast(3), contentEncoding: "gzip") == nil)
        #expect(CompressedBody.decoded(Data("plain text".utf8), contentEncoding: "gzip") == nil)
        #expect(CompressedBody.decoded(Data("plain text".utf8), contentEncoding: "deflate") == nil)
        #expect(CompressedBody.decoded(Self.twoGzipMembers, contentEncoding: "br") == nil)
        #expect(CompressedBody.decoded(Self.twoGzipMembers, contentEncoding: "gzip, gzip") == nil)
        #expect(CompressedBody.decoded(Data(), contentEncoding: "gzip") == nil)
    }
}
