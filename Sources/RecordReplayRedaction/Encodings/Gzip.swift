/// Reads and writes gzip data (RFC 1952), so that a gzip file sent or returned as a payload (with no
/// `Content-Encoding`) is judged by what it holds. The root package may import no compression library,
/// so the inflater (RFC 1951) is written here: small, bounded, and refusing anything malformed.
///
/// Written data uses stored (uncompressed) deflate blocks: a redacted payload stays valid gzip that any
/// reader opens, at the cost of its compression.
enum Gzip {
    /// The most bytes a payload is inflated to; a larger one is judged as bytes.
    static let largestInflated = 32 << 20

    /// Whether `bytes` start a gzip member using deflate.
    static func isGzip(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 18 && bytes[0] == 0x1F && bytes[1] == 0x8B && bytes[2] == 8
    }

    /// The content of the first gzip member of `bytes`, or nil when it is no valid gzip (its length
    /// and checksum checked) or inflates to more than ``largestInflated`` bytes.
    static func decompressed(_ bytes: [UInt8]) -> [UInt8]? {
        guard isGzip(bytes) else { return nil }
        let flags = bytes[3]
        var position = 10
        if flags & 0x04 != 0 {
            guard position + 2 <= bytes.count else { return nil }
            position += 2 + (Int(bytes[position]) | Int(bytes[position + 1]) << 8)
        }
        for flag in [UInt8(0x08), 0x10] where flags & flag != 0 {
            while position < bytes.count, bytes[position] != 0 { position += 1 }
            position += 1
        }
        if flags & 0x02 != 0 { position += 2 }
        guard position < bytes.count else { return nil }
        var inflater = Inflater(bytes: bytes, position: position, limit: largestInflated)
        guard let output = inflater.inflate() else { return nil }
        let trailer = inflater.reader.bytePosition
        guard trailer + 8 <= bytes.count else { return nil }
        let crc = (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[trailer + $1]) << (8 * $1) }
        let size = (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[trailer + 4 + $1]) << (8 * $1) }
        guard crc == CRC32.checksum(output), size == UInt32(truncatingIfNeeded: output.count) else { return nil }
        return output
    }

    /// `bytes` as a gzip member of stored deflate blocks.
    static func compressed(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF]
        output += storedBlocks(bytes)
        let crc = CRC32.checksum(bytes)
        let size = UInt32(truncatingIfNeeded: bytes.count)
        output += (0..<4).map { UInt8((crc >> (8 * $0)) & 0xFF) } + (0..<4).map { UInt8((size >> (8 * $0)) & 0xFF) }
        return output
    }
}

extension Gzip {
    /// `bytes` as a deflate stream (RFC 1951) of stored blocks, the last one marked final.
    static func storedBlocks(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        var start = 0
        repeat {
            let end = min(bytes.count, start + 65_535)
            let length = end - start
            output.append(end == bytes.count ? 1 : 0)
            output += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
            output += bytes[start..<end]
            start = end
        } while start < bytes.count
        return output
    }
}

/// The CRC-32 of gzip (the IEEE polynomial, reflected).
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { index in
        (0..<8).reduce(UInt32(index)) { crc, _ in crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
    }

    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        ~bytes.reduce(UInt32.max) { crc, byte in table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    }
}
