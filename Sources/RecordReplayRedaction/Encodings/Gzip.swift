import Foundation
import RecordReplayFixtures

/// Reads and writes gzip data (RFC 1952), so that a gzip file sent or returned as a payload (with no
/// `Content-Encoding`) is judged by what it holds. The decoder is the fixtures' (``CompressedBody``,
/// checksums checked); written data uses stored DEFLATE blocks, so a redacted payload stays valid gzip
/// that any reader opens, at the cost of its compression.
enum Gzip {
    /// The most bytes a payload is inflated to; a larger one is judged as bytes.
    static let largestInflated = 32 << 20

    /// Whether `bytes` start a gzip member using deflate.
    static func isGzip(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 18 && bytes[0] == 0x1F && bytes[1] == 0x8B && bytes[2] == 8
    }

    /// What `bytes` hold, or nil when they are no valid gzip (lengths and checksums checked) or inflate
    /// to more than ``largestInflated`` bytes.
    static func decompressed(_ bytes: [UInt8]) -> [UInt8]? {
        guard isGzip(bytes) else { return nil }
        return CompressedBody.decoded(Data(bytes), contentEncoding: "gzip", limit: largestInflated).map { [UInt8]($0) }
    }

    /// `bytes` as a gzip member of stored deflate blocks.
    static func compressed(_ bytes: [UInt8]) -> [UInt8] {
        CompressedBody.encoded(Data(bytes), contentEncoding: "gzip").map { [UInt8]($0) } ?? bytes
    }
}
