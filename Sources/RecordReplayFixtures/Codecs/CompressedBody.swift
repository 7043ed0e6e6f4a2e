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
    package static func decoded(_ body: Data, contentEncoding: String) -> Data? {
        let codings = contentEncoding.split(separator: ",").map { $0.trimmingSpacesAndTabs().lowercased() }.filter { !$0.isEmpty }
        guard codings.count == 1 else { return nil }
        let bytes = [UInt8](body)
        let decoded: [UInt8]?
        switch codings[0] {
        case "gzip", "x-gzip": decoded = bytes.withUnsafeBufferPointer(gunzip)
        case "deflate": decoded = bytes.withUnsafeBufferPointer(unwrapZlib)
        default: decoded = nil
        }
        return decoded.map { Data($0) }
    }

    /// One or more gzip members (RFC 1952), each checked against its CRC-32 and size.
    private static func gunzip(_ input: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
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
                    UnsafeBufferPointer(rebasing: input[index...]), limit: decodedLimit - output.count)
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
    private static func unwrapZlib(_ input: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        if input.count >= 6, input[0] & 0x0F == 8, (UInt16(input[0]) << 8 | UInt16(input[1])) % 31 == 0, input[1] & 0x20 == 0,
            let (output, consumed) = try? Inflate.decode(UnsafeBufferPointer(rebasing: input[2...]), limit: decodedLimit)
        {
            let end = 2 + consumed
            guard end + 4 == input.count, bigEndian(input, at: end) == Adler32.checksum(output) else { return nil }
            return output
        }
        guard let (output, consumed) = try? Inflate.decode(input, limit: decodedLimit), consumed == input.count else { return nil }
        return output
    }

    private static func littleEndian(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 | UInt32(bytes[index + $1]) << (8 * UInt32($1)) }
    }

    private static func bigEndian(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 << 8 | UInt32(bytes[index + $1]) }
    }
}

/// The CRC-32 of gzip (ISO 3309, reflected polynomial `0xEDB88320`).
private enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { byte in
        (0..<8).reduce(UInt32(byte)) { crc, _ in crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
    }

    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        ~bytes.reduce(~UInt32(0)) { crc, byte in table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    }
}

/// The Adler-32 of zlib.
private enum Adler32 {
    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var low: UInt32 = 1
        var high: UInt32 = 0
        for chunk in stride(from: 0, to: bytes.count, by: 5552) {
            for byte in bytes[chunk..<min(chunk + 5552, bytes.count)] {
                low += UInt32(byte)
                high += low
            }
            low %= 65521
            high %= 65521
        }
        return high << 16 | low
    }
}
