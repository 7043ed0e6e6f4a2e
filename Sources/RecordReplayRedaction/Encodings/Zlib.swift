/// Writes zlib data (RFC 1950), what `Content-Encoding: deflate` means: a redacted body is written
/// back in the coding it came in, so its `Content-Encoding` stays true. Reading is
/// ``CompressedBody`` (checksums checked). Like ``Gzip``, the writer uses stored deflate blocks.
enum Zlib {
    /// `bytes` as a zlib stream of stored deflate blocks: the header (deflate, 32 KiB window, no
    /// dictionary), the blocks, and the Adler-32 of `bytes`.
    static func compressed(_ bytes: [UInt8]) -> [UInt8] {
        let checksum = adler32(bytes)
        return [0x78, 0x01] + Gzip.storedBlocks(bytes) + (0..<4).map { UInt8((checksum >> (24 - 8 * $0)) & 0xFF) }
    }

    /// The Adler-32 checksum of `bytes`.
    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }
}
