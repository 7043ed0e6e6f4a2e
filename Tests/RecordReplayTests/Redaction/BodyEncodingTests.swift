import RecordReplayMessages
import Foundation
import Testing

@_spi(Benchmarks) @testable import RecordReplay
@_spi(Benchmarks) @testable import RecordReplayRedaction
import RecordReplayFixtures

/// The decodings a body is judged through: the inflater (against gzip written by another tool, and on
/// malformed input), the gzip and zlib writers, UTF-16 and ISO-8859-1 detection, and escaped text.
@Suite("Redaction: bodies and text read through their encodings")
struct BodyEncodingTests {
    /// `hello hello hello hello\n` compressed by Python's gzip module (fixed Huffman codes, a
    /// back-reference).
    static let fixedHuffman = Data(base64Encoded: "H4sIAAAAAAAC/8tIzcnJV8hAJ7kAAIhZCxgAAAA=")!
    /// Forty lines of `{"id":…,"title":"Todo number …","done":…}` compressed by Python's gzip module (a
    /// dynamic Huffman block).
    static let dynamicHuffman = Data(base64Encoded:
        "H4sIAAAAAAAC/5WVTQrCQAxG956izNrFJJnfnsMLKK1QqC1oXRXvrrgQAhlitsPj4+vkTbq7aXC9P7pt2ubR9e60Dmu3PG+X8d55d3TDunyOr+f5Mb4O+5cGmc4/ers/fzDKMIgwyXCRewSZRjE6ynAV4STDJPfIjU/0YnaR6SDCtRENjck0BhnFcGgMEuQbhMYoU6MLaVKx8GCRCqJmFa+SNK9YeLZ4BUUTi1epmlrs8XiTWgiaW6wLomoXSyeLXBhUuXiZqNnF0pNFLsyaXLxKsewsrBa5yGtysSoElrVFaJGLSJWLdwmWzUXRJBclTS7eJZtWFxWLXFT//B2+AeyEM7E9BwAA")!

    @Test("gzip written elsewhere is inflated; the writer's output is read back; malformed gzip is refused, never trapped")
    func gzip() {
        #expect(Gzip.decompressed([UInt8](Self.fixedHuffman)).map { String(decoding: $0, as: UTF8.self) } == "hello hello hello hello\n")
        #expect(Gzip.decompressed([UInt8](CredentialClassCorpusTests.gzipPayload))?.count == 249)
        let todos = (0..<40).map { #"{"id":\#($0),"title":"Todo number \#($0 * 7 % 13)","done":\#($0 % 3 == 0 ? "false" : "true")}"# + "\n" }
        #expect(Gzip.decompressed([UInt8](Self.dynamicHuffman)).map { String(decoding: $0, as: UTF8.self) } == todos.joined())
        let text = Array(String(repeating: "line of text 0123456789\n", count: 5_000).utf8)
        #expect(Gzip.decompressed(Gzip.compressed(text)) == text)
        #expect(Gzip.decompressed(Gzip.compressed([])) == [])
        var corrupt = [UInt8](Self.fixedHuffman)
        corrupt[corrupt.count - 9] ^= 0xFF
        #expect(Gzip.decompressed(corrupt) == nil)
        // Every truncation and every single-byte change: refused or read, never a crash or a hang.
        let valid = [UInt8](CredentialClassCorpusTests.gzipPayload)
        for length in 0..<valid.count { _ = Gzip.decompressed(Array(valid.prefix(length))) }
        for index in valid.indices {
            var changed = valid
            changed[index] ^= 0x5A
            _ = Gzip.decompressed(changed)
        }
    }

    @Test("zlib (Content-Encoding: deflate) written here is read back, checksum and all; only when declared")
    func zlib() {
        let text = Array(String(repeating: "password=Tr0ub4dor-and-3\n", count: 4_000).utf8)
        let written = CompressedBody.encoded(Data(text), contentEncoding: "deflate")!
        #expect(CompressedBody.decoded(written, contentEncoding: "deflate") == Data(text))
        #expect(Adler32.checksum(Array("Wikipedia".utf8)) == 0x11E6_0398)
        let declared: HTTPHeaders = ["Content-Type": "text/plain", "Content-Encoding": "deflate"]
        #expect(BodyEncoding.decoding(written, headers: declared)?.encoding == .contentCoding("deflate"))
        #expect(BodyEncoding.contentCoding("deflate").encoded(Data(text)) == written)
        // Undeclared, the same bytes are not taken for zlib; a corrupt stream is refused.
        #expect(BodyEncoding.decoding(written, headers: ["Content-Type": "text/plain"])?.encoding != .contentCoding("deflate"))
        var corrupt = [UInt8](written)
        corrupt[corrupt.count - 1] ^= 0xFF
        #expect(BodyEncoding.decoding(Data(corrupt), headers: declared)?.encoding != .contentCoding("deflate"))
    }

    @Test("UTF-16 with and without a byte order mark and ISO-8859-1 are read as text; UTF-8 and bytes are left alone")
    func detection() {
        let json: HTTPHeaders = ["Content-Type": "application/json"]
        let utf16 = Data([0xFF, 0xFE]) + "{\"a\":1}".data(using: .utf16LittleEndian)!
        #expect(BodyEncoding.decoding(utf16, headers: json)?.content == Data("{\"a\":1}".utf8))
        let bigEndian = "token: x".data(using: .utf16BigEndian)!
        #expect(BodyEncoding.decoding(bigEndian, headers: [:])?.encoding == .utf16(bigEndian: true, byteOrderMark: false))
        let latin1 = "Grüße".data(using: .isoLatin1)!
        #expect(BodyEncoding.decoding(latin1, headers: ["Content-Type": "text/plain"])?.content == Data("Grüße".utf8))
        #expect(BodyEncoding.decoding(Data("plain".utf8), headers: [:]) == nil)
        #expect(BodyEncoding.decoding(Data([0x89, 0x50, 0x4E, 0x47, 0xFF]), headers: ["Content-Type": "image/png"]) == nil)
        #expect(BodyEncoding.latin1.encoded(Data("Grüße REDACTED".utf8)) == "Grüße REDACTED".data(using: .isoLatin1))
    }

    @Test("escapes are decoded in rounds, and a range of the decoding maps back to the text as written")
    func escapes() throws {
        let text = Array(#"a%253Dtoken%253Dxyz\u0073k&b"#.utf8)
        let escaped = try #require(EscapedText(text))
        let decoded = String(decoding: escaped.bytes, as: UTF8.self)
        #expect(decoded == "a=token=xyzsk&b")
        let start = decoded.utf8.count - "xyzsk&b".utf8.count
        let range = escaped.textRange(of: start..<(start + 5))
        #expect(String(decoding: text[range], as: UTF8.self) == #"xyz\u0073k"#)
        #expect(EscapedText(Array("no escapes".utf8)) == nil)
    }
}
