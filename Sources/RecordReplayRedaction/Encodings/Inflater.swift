/// The bits of a deflate stream, least significant first.
struct DeflateBitReader {
    let bytes: [UInt8]
    private(set) var bytePosition: Int
    private var buffer: UInt32 = 0
    private var count = 0

    init(bytes: [UInt8], position: Int) {
        self.bytes = bytes
        self.bytePosition = position
    }

    /// The next `number` bits (at most 24), or nil at the end of the input.
    mutating func bits(_ number: Int) -> Int? {
        while count < number {
            guard bytePosition < bytes.count else { return nil }
            buffer |= UInt32(bytes[bytePosition]) << count
            bytePosition += 1
            count += 8
        }
        let value = Int(buffer & ((1 << number) - 1))
        buffer >>= number
        count -= number
        return value
    }

    /// Drops the bits left of the current byte (a stored block starts on a byte).
    mutating func alignToByte() {
        buffer = 0
        count = 0
    }
}

/// A canonical Huffman code, by the number of codes of each length and the symbols in code order.
private struct HuffmanCode {
    var counts = [Int](repeating: 0, count: 16)
    var symbols: [Int] = []

    /// The code of `lengths` (one per symbol, 0 for unused); nil when over-subscribed.
    init?(lengths: [Int]) {
        for length in lengths { counts[length] += 1 }
        counts[0] = 0
        var left = 1
        for length in 1..<16 {
            left = (left << 1) - counts[length]
            if left < 0 { return nil }
        }
        var offsets = [Int](repeating: 0, count: 16)
        for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
        symbols = [Int](repeating: 0, count: lengths.count)
        for (symbol, length) in lengths.enumerated() where length != 0 {
            symbols[offsets[length]] = symbol
            offsets[length] += 1
        }
    }

    /// The next symbol of `reader`, or nil.
    func decode(_ reader: inout DeflateBitReader) -> Int? {
        var code = 0
        var first = 0
        var index = 0
        for length in 1..<16 {
            guard let bit = reader.bits(1) else { return nil }
            code |= bit
            let count = counts[length]
            if code - first < count { return symbols[index + code - first] }
            index += count
            first = (first + count) << 1
            code <<= 1
        }
        return nil
    }
}

/// Inflates a raw deflate stream (RFC 1951): stored, fixed and dynamic Huffman blocks.
struct Inflater {
    private(set) var reader: DeflateBitReader
    let limit: Int

    init(bytes: [UInt8], position: Int, limit: Int) {
        reader = DeflateBitReader(bytes: bytes, position: position)
        self.limit = limit
    }

    private static let lengthBases = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    private static let lengthExtras = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    private static let distanceBases = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145,
        8193, 12289, 16385, 24577,
    ]
    private static let distanceExtras = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]
    private static let fixedLengths = HuffmanCode(
        lengths: [Int](repeating: 8, count: 144) + [Int](repeating: 9, count: 112) + [Int](repeating: 7, count: 24)
            + [Int](repeating: 8, count: 8))!
    private static let fixedDistances = HuffmanCode(lengths: [Int](repeating: 5, count: 30))!
    private static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// The inflated bytes, or nil when the stream is malformed, truncated or too large; afterwards the
    /// reader stands on the byte after the last block.
    mutating func inflate() -> [UInt8]? {
        var output: [UInt8] = []
        var last = false
        while !last {
            guard let final = reader.bits(1), let type = reader.bits(2) else { return nil }
            last = final == 1
            switch type {
            case 0:
                reader.alignToByte()
                guard let low = reader.bits(16), let inverse = reader.bits(16), low == ~inverse & 0xFFFF,
                    output.count + low <= limit
                else { return nil }
                for _ in 0..<low {
                    guard let byte = reader.bits(8) else { return nil }
                    output.append(UInt8(byte))
                }
            case 1:
                guard inflateBlock(Self.fixedLengths, Self.fixedDistances, into: &output) else { return nil }
            case 2:
                guard let (lengths, distances) = dynamicCodes(), inflateBlock(lengths, distances, into: &output) else {
                    return nil
                }
            default:
                return nil
            }
        }
        reader.alignToByte()
        return output
    }

    private mutating func dynamicCodes() -> (HuffmanCode, HuffmanCode)? {
        guard let literals = reader.bits(5).map({ $0 + 257 }), let distances = reader.bits(5).map({ $0 + 1 }),
            let codeLengths = reader.bits(4).map({ $0 + 4 }), literals <= 286, distances <= 30
        else { return nil }
        var lengthLengths = [Int](repeating: 0, count: 19)
        for index in 0..<codeLengths {
            guard let length = reader.bits(3) else { return nil }
            lengthLengths[Self.codeLengthOrder[index]] = length
        }
        guard let lengthCode = HuffmanCode(lengths: lengthLengths) else { return nil }
        var lengths: [Int] = []
        while lengths.count < literals + distances {
            guard let symbol = lengthCode.decode(&reader) else { return nil }
            switch symbol {
            case 0..<16:
                lengths.append(symbol)
            case 16:
                guard let previous = lengths.last, let repeats = reader.bits(2) else { return nil }
                lengths += [Int](repeating: previous, count: 3 + repeats)
            case 17:
                guard let repeats = reader.bits(3) else { return nil }
                lengths += [Int](repeating: 0, count: 3 + repeats)
            default:
                guard let repeats = reader.bits(7) else { return nil }
                lengths += [Int](repeating: 0, count: 11 + repeats)
            }
        }
        guard lengths.count == literals + distances, lengths[256] != 0,
            let literalCode = HuffmanCode(lengths: Array(lengths[..<literals])),
            let distanceCode = HuffmanCode(lengths: Array(lengths[literals...]))
        else { return nil }
        return (literalCode, distanceCode)
    }

    private mutating func inflateBlock(_ literals: HuffmanCode, _ distances: HuffmanCode, into output: inout [UInt8]) -> Bool {
        while true {
            guard let symbol = literals.decode(&reader) else { return false }
            if symbol < 256 {
                guard output.count < limit else { return false }
                output.append(UInt8(symbol))
                continue
            }
            if symbol == 256 { return true }
            let lengthIndex = symbol - 257
            guard lengthIndex < Self.lengthBases.count, let lengthExtra = reader.bits(Self.lengthExtras[lengthIndex]),
                let distanceSymbol = distances.decode(&reader), distanceSymbol < Self.distanceBases.count,
                let distanceExtra = reader.bits(Self.distanceExtras[distanceSymbol])
            else { return false }
            let length = Self.lengthBases[lengthIndex] + lengthExtra
            let distance = Self.distanceBases[distanceSymbol] + distanceExtra
            guard distance <= output.count, output.count + length <= limit else { return false }
            let start = output.count - distance
            for offset in 0..<length { output.append(output[start + offset]) }
        }
    }
}
