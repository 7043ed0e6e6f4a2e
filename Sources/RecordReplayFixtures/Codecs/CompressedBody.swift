package import Foundation

/// Undoes the `gzip` and `deflate` content codings (RFC 9110 §8.4.1) of a body, checking each
/// wrapper's checksum: what a recording over the package's own client does with a body the upstream
/// compressed although `identity` was asked for, as URLSession would, so fixtures stay readable.
package enum CompressedBody {
    /// The most a body may decode to; a larger one is kept as it came.
    package static let decodedLimit = 256 * 1024 * 1024

    /// `body` decoded from `contentEncoding` when that is one coding, `gzip` (`x-gzip`) or `deflate`,
    /// and the body is valid in it (checksums included); `nil` otherwise (another coding, several, or a
    /// body that does not decode): the body is then kept as it came, with its `Content-Encoding`.
    ///
    /// `limit` bounds what the body may decode to: a body that would pass it is not decoded.
    package static func decoded(_ body: Data, contentEncoding: String, limit: Int = decodedLimit) -> Data? {
        guard let coding = Coding(contentEncoding) else { return nil }
        let bytes = [UInt8](body)
        let decoded: [UInt8]? =
            switch coding {
            case .gzip: bytes.withUnsafeBufferPointer { gunzip($0, limit: limit) }
            case .deflate: bytes.withUnsafeBufferPointer { unwrapZlib($0, limit: limit) }
            }
        return decoded.map { Data($0) }
    }

    /// `content` encoded in `contentEncoding` (`gzip`, `x-gzip` or `deflate`, as ``decoded(_:contentEncoding:limit:)``
    /// reads them) with stored DEFLATE blocks: valid for any reader, at the cost of compression (what a
    /// redacted body is written back as); `nil` for any other coding.
    package static func encoded(_ content: Data, contentEncoding: String) -> Data? {
        guard let coding = Coding(contentEncoding) else { return nil }
        let bytes = [UInt8](content)
        switch coding {
        case .gzip:
            let crc = CRC32.checksum(bytes)
            let size = UInt32(truncatingIfNeeded: bytes.count)
            return Data([0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF] + storedBlocks(bytes) + littleEndianBytes(crc) + littleEndianBytes(size))
        case .deflate:
            let adler = Adler32.checksum(bytes)
            return Data([0x78, 0x01] + storedBlocks(bytes) + littleEndianBytes(adler).reversed())
        }
    }

    /// The one coding of a `Content-Encoding` value this type reads and writes.
    private enum Coding {
        case gzip
        case deflate

        init?(_ contentEncoding: String) {
            let codings = contentEncoding.split(separator: ",").map { $0.trimmingSpacesAndTabs().lowercased() }.filter { !$0.isEmpty }
            guard codings.count == 1 else { return nil }
            switch codings[0] {
            case "gzip", "x-gzip": self = .gzip
            case "deflate": self = .deflate
            default: return nil
            }
        }
    }

    /// `bytes` as DEFLATE stored blocks (RFC 1951 §3.2.4) of at most 65,535 bytes, the last one marked.
    private static func storedBlocks(_ bytes: [UInt8]) -> [UInt8] {
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

    private static func littleEndianBytes(_ value: UInt32) -> [UInt8] {
        (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) }
    }

    /// One or more gzip members (RFC 1952), each checked against its CRC-32 and size.
    private static func gunzip(_ input: UnsafeBufferPointer<UInt8>, limit: Int) -> [UInt8]? {
        var output: [UInt8] = []
        var position = 0
        repeat {
            guard input.count - position >= 18, input[position] == 0x1F, input[position + 1] == 0x8B, input[position + 2] == 8
            else { return nil }
            let flags = input[position + 3]
            var index = position + 10
            if flags & 0x04 != 0 {  // FEXTRA
                guard index + 2 <= input.count else { return nil }
                index += 2 + (Int(input[index]) | Int(input[index + 1]) << 8)
            }
            for flag: UInt8 in [0x08, 0x10] where flags & flag != 0 {  // FNAME, FCOMMENT: zero-terminated
                while index < input.count && input[index] != 0 { index += 1 }
                index += 1
            }
            if flags & 0x02 != 0 { index += 2 }  // FHCRC
            guard index < input.count,
                let (member, consumed) = try? Inflate.decode(
                    UnsafeBufferPointer(rebasing: input[index...]), limit: limit - output.count)
            else { return nil }
            index += consumed
            guard index + 8 <= input.count, littleEndian(input, at: index) == CRC32.checksum(member),
                littleEndian(input, at: index + 4) == UInt32(truncatingIfNeeded: member.count)
            else { return nil }
            output += member
            position = index + 8
        } while position < input.count
        return output
    }

    /// A zlib stream (RFC 1950) checked against its Adler-32; without the wrapper (as some servers send
    /// `deflate`), the raw stream when it is all of the body.
    private static func unwrapZlib(_ input: UnsafeBufferPointer<UInt8>, limit: Int) -> [UInt8]? {
        if input.count >= 6, input[0] & 0x0F == 8, (UInt16(input[0]) << 8 | UInt16(input[1])) % 31 == 0, input[1] & 0x20 == 0,
            let (output, consumed) = try? Inflate.decode(UnsafeBufferPointer(rebasing: input[2...]), limit: limit)
        {
            let end = 2 + consumed
            guard end + 4 == input.count, bigEndian(input, at: end) == Adler32.checksum(output) else { return nil }
            return output
        }
        guard let (output, consumed) = try? Inflate.decode(input, limit: limit), consumed == input.count else { return nil }
        return output
    }

    private static func littleEndian(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 | UInt32(bytes[index + $1]) << (8 * UInt32($1)) }
    }

    private static func bigEndian(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 << 8 | UInt32(bytes[index + $1]) }
    }
}
