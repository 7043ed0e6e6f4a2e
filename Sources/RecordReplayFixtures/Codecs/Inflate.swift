/// Decodes a DEFLATE stream (RFC 1951): stored, fixed-Huffman and dynamic-Huffman blocks.
///
/// The decoder behind ``CompressedBody``: a recording that reaches its upstream over the package's own
/// client gets a body compressed although `identity` was asked for, and stores it decoded, as it would
/// over URLSession (the toolchain offers no zlib to Swift on every platform). Codes are read one bit at
/// a time (as in zlib's `puff`): simple and bounded, fast enough for API bodies.
enum Inflate {
    /// A stream that is not valid DEFLATE, or would decode to more than the limit.
    struct Failure: Error {}

    /// The bytes `input` decodes to, and how many bytes of `input` the stream took (the rest follows it:
    /// a gzip trailer, a zlib checksum).
    ///
    /// - Throws: ``Failure`` when the stream is malformed or cut short, or its output would pass
    ///   `limit` bytes.
    static func decode(_ input: UnsafeBufferPointer<UInt8>, limit: Int) throws(Failure) -> (output: [UInt8], consumed: Int) {
        var bits = BitReader(bytes: input)
        var output: [UInt8] = []
        var isLast = false
        while !isLast {
            isLast = try bits.read(1) == 1
            switch try bits.read(2) {
            case 0:
                try copyStored(&bits, into: &output)
            case 1:
                try inflateBlock(&bits, literals: Self.fixedLiterals, distances: Self.fixedDistances, into: &output, limit: limit)
            case 2:
                let (literals, distances) = try dynamicCodes(&bits)
                try inflateBlock(&bits, literals: literals, distances: distances, into: &output, limit: limit)
            default:
                throw Failure()
            }
            if output.count > limit { throw Failure() }
        }
        return (output, bits.consumedBytes)
    }

    /// A stored block: aligned to a byte, `LEN`, its complement, then `LEN` bytes as they are.
    private static func copyStored(_ bits: inout BitReader, into output: inout [UInt8]) throws(Failure) {
        bits.alignToByte()
        let length = try bits.read(16)
        guard try bits.read(16) == ~length & 0xFFFF else { throw Failure() }
        for _ in 0..<length { output.append(UInt8(try bits.read(8))) }
    }

    /// Decodes literals and length–distance pairs until the end-of-block symbol.
    private static func inflateBlock(
        _ bits: inout BitReader, literals: HuffmanCode, distances: HuffmanCode, into output: inout [UInt8], limit: Int
    ) throws(Failure) {
        while true {
            let symbol = try literals.decode(&bits)
            if symbol < 256 {
                output.append(UInt8(symbol))
                continue
            }
            if symbol == 256 { return }
            let lengthIndex = symbol - 257
            guard lengthIndex < lengthBases.count else { throw Failure() }
            let length = lengthBases[lengthIndex] + (try bits.read(lengthExtraBits[lengthIndex]))
            let distanceIndex = try distances.decode(&bits)
            guard distanceIndex < distanceBases.count else { throw Failure() }
            let distance = distanceBases[distanceIndex] + (try bits.read(distanceExtraBits[distanceIndex]))
            guard distance <= output.count, output.count + length <= limit else { throw Failure() }
            let start = output.count - distance
            for offset in 0..<length { output.append(output[start + offset]) }
        }
    }

    /// The literal/length and distance codes of a dynamic block, read from its header.
    private static func dynamicCodes(_ bits: inout BitReader) throws(Failure) -> (HuffmanCode, HuffmanCode) {
        let literalCount = try bits.read(5) + 257
        let distanceCount = try bits.read(5) + 1
        let lengthCodeCount = try bits.read(4) + 4
        guard literalCount <= 286, distanceCount <= 30 else { throw Failure() }
        var lengthCodeLengths = [Int](repeating: 0, count: 19)
        for index in 0..<lengthCodeCount { lengthCodeLengths[codeLengthOrder[index]] = try bits.read(3) }
        let lengthCode = try HuffmanCode(lengths: lengthCodeLengths)
        var lengths: [Int] = []
        while lengths.count < literalCount + distanceCount {
            let symbol = try lengthCode.decode(&bits)
            switch symbol {
            case 0...15:
                lengths.append(symbol)
            case 16:
                guard let previous = lengths.last else { throw Failure() }
                lengths += repeatElement(previous, count: 3 + (try bits.read(2)))
            case 17:
                lengths += repeatElement(0, count: 3 + (try bits.read(3)))
            default:
                lengths += repeatElement(0, count: 11 + (try bits.read(7)))
            }
        }
        guard lengths.count == literalCount + distanceCount, lengths[256] > 0 else { throw Failure() }
        return (
            try HuffmanCode(lengths: Array(lengths[..<literalCount])),
            try HuffmanCode(lengths: Array(lengths[literalCount...]))
        )
    }

    private static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
    private static let lengthBases = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
    ]
    private static let lengthExtraBits = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    private static let distanceBases = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145,
        8193, 12289, 16385, 24577,
    ]
    private static let distanceExtraBits = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    // The fixed codes of block type 1 (RFC 1951 §3.2.6); both are valid, so building them cannot fail.
    private static let fixedLiterals = try! HuffmanCode(
        lengths: Array(repeating: 8, count: 144) + Array(repeating: 9, count: 112) + Array(repeating: 7, count: 24)
            + Array(repeating: 8, count: 8))
    private static let fixedDistances = try! HuffmanCode(lengths: Array(repeating: 5, count: 30))
}

/// The bits of a DEFLATE stream, least significant first.
private struct BitReader {
    let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    private var buffer: UInt64 = 0
    private var count = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The bytes taken so far, the partial byte last read included.
    var consumedBytes: Int { position - count / 8 }

    /// The next `width` bits (up to 32) as a number.
    mutating func read(_ width: Int) throws(Inflate.Failure) -> Int {
        while count < width {
            guard position < bytes.count else { throw Inflate.Failure() }
            buffer |= UInt64(bytes[position]) << UInt64(count)
            position += 1
            count += 8
        }
        let value = Int(buffer & ((1 << UInt64(width)) - 1))
        buffer >>= UInt64(width)
        count -= width
        return value
    }

    /// Drops the bits left of the current byte.
    mutating func alignToByte() {
        let partial = count % 8
        buffer >>= UInt64(partial)
        count -= partial
    }
}

/// A canonical Huffman code (RFC 1951 §3.2.2), from the code length of each symbol (0: unused).
private struct HuffmanCode {
    /// How many codes have each length, 0 to 15.
    private var counts = [Int](repeating: 0, count: 16)
    /// The symbols, by code length, then by value.
    private var symbols: [Int] = []

    init(lengths: [Int]) throws(Inflate.Failure) {
        for length in lengths { counts[length] += 1 }
        var left = 1
        for length in 1...15 {
            left = left * 2 - counts[length]
            guard left >= 0 else { throw Inflate.Failure() }  // more codes than the lengths allow
        }
        for length in 1...15 {
            for (symbol, symbolLength) in lengths.enumerated() where symbolLength == length { symbols.append(symbol) }
        }
    }

    /// The next symbol: the code read one bit at a time, most significant first.
    func decode(_ bits: inout BitReader) throws(Inflate.Failure) -> Int {
        var code = 0
        var first = 0
        var index = 0
        for length in 1...15 {
            code |= try bits.read(1)
            let count = counts[length]
            if code - first < count { return symbols[index + code - first] }
            index += count
            first = (first + count) << 1
            code <<= 1
        }
        throw Inflate.Failure()
    }
}
