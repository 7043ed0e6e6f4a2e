/// Text with its escapes decoded, and where each decoded byte came from in the text, so that what is
/// found in the decoding is replaced in the text as written: a double percent-encoded return URL
/// (`%253Ftoken%253D…`), JSON escapes in an echo (`\u0073k_live_…`, `\"password\":`), HTML and XML
/// character references (`&#115;k_live_…`, `api_key=&quot;…&quot;`, `&lt;password&gt;`).
///
/// Each round decodes `%XX` escapes, JSON escapes (`\uXXXX`, surrogate pairs, `\"`, `\\`, `\/`,
/// `\n`, `\r`, `\t`) and character references (``CharacterReferences``) once; rounds repeat, at most
/// ``rounds`` times, while one changes something (`&amp;amp;lt;` takes three). Each round is linear in
/// the text: a reference is read in a bounded number of bytes.
struct EscapedText {
    /// The most rounds of decoding.
    static let rounds = 4

    /// The decoded bytes.
    let bytes: [UInt8]
    /// For each decoded byte, where its escape starts in the text; one more entry, the text's length.
    private let origins: [Int]

    /// The decoding of `text`, or nil when it holds no escape.
    init?(_ text: [UInt8]) {
        var work = ScanWork()
        self.init(text, work: &work)
    }

    /// The decoding of `text`, or nil when it holds no escape; `work` counts the steps taken (each byte
    /// read in each round, a reference's look-ahead included), whether anything was decoded or not.
    init?(_ text: [UInt8], work: inout ScanWork) {
        work.add(text.count)
        guard Self.mayHoldEscape(text) else { return nil }
        var bytes = text
        // Written in place: copying a range into an array is a generic call per element in a debug build.
        var origins = [Int](unsafeUninitializedCapacity: text.count + 1) { buffer, initialized in
            var position = 0
            while position <= text.count {
                buffer[position] = position
                position += 1
            }
            initialized = text.count + 1
        }
        var changed = false
        for _ in 0..<Self.rounds {
            guard let (decoded, positions) = Self.round(bytes, work: &work) else { break }
            origins = positions.map { origins[$0] }
            bytes = decoded
            changed = true
        }
        guard changed else { return nil }
        self.bytes = bytes
        self.origins = origins
    }

    /// Whether `text` holds a byte an escape starts with (`%`, `\\`, `&`): read by position, since this
    /// runs on every text scanned and a debug build makes each generic step a call.
    private static func mayHoldEscape(_ text: [UInt8]) -> Bool {
        var index = 0
        while index < text.count {
            let byte = text[index]
            if byte == percent || byte == backslash || byte == ampersand { return true }
            index += 1
        }
        return false
    }

    private static let (percent, backslash, ampersand, letterU): (UInt8, UInt8, UInt8, UInt8) = (0x25, 0x5C, 0x26, 0x75)

    /// The range of the text that `range` of the decoding came from.
    func textRange(of range: Range<Int>) -> Range<Int> {
        origins[range.lowerBound]..<origins[range.upperBound]
    }

    /// One round of decoding and, per decoded byte (and one past the end), its position in `bytes`; nil
    /// when nothing was decoded.
    private static func round(_ bytes: [UInt8], work: inout ScanWork) -> ([UInt8], [Int])? {
        var output: [UInt8] = []
        var positions: [Int] = []
        output.reserveCapacity(bytes.count)
        positions.reserveCapacity(bytes.count + 1)
        var changed = false
        var position = 0
        func emit(_ decoded: [UInt8], from start: Int) {
            output += decoded
            positions += [Int](repeating: start, count: decoded.count)
        }
        let (percent, backslash, ampersand, letterU) = (Self.percent, Self.backslash, Self.ampersand, Self.letterU)
        while position < bytes.count {
            work.add()
            let byte = bytes[position]
            if byte == percent, position + 2 < bytes.count, let high = hex(bytes[position + 1]), let low = hex(bytes[position + 2]) {
                emit([UInt8(high << 4 | low)], from: position)
                position += 3
                changed = true
                continue
            }
            if byte == ampersand, let reference = CharacterReferences.decoded(bytes, at: position, work: &work) {
                emit(reference.bytes, from: position)
                position += reference.length
                changed = true
                continue
            }
            if byte == backslash, position + 1 < bytes.count {
                let next = bytes[position + 1]
                if next == letterU, let scalar = unicodeEscape(bytes, at: position) {
                    emit(Array(String(Character(scalar.value)).utf8), from: position)
                    position += scalar.length
                    changed = true
                    continue
                }
                let simple: UInt8? =
                    switch next {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "'"): next
                    case UInt8(ascii: "n"): 0x0A
                    case UInt8(ascii: "r"): 0x0D
                    case UInt8(ascii: "t"): 0x09
                    default: nil
                    }
                if let simple {
                    emit([simple], from: position)
                    position += 2
                    changed = true
                    continue
                }
            }
            // A plain byte: appended as it is, without an array of one.
            output.append(byte)
            positions.append(position)
            position += 1
        }
        positions.append(bytes.count)
        return changed ? (output, positions) : nil
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }

    /// The scalar of a `\uXXXX` escape at `position` (a surrogate pair counts as one), and its length.
    private static func unicodeEscape(_ bytes: [UInt8], at position: Int) -> (value: Unicode.Scalar, length: Int)? {
        func unit(at start: Int) -> UInt32? {
            guard start + 6 <= bytes.count, bytes[start] == UInt8(ascii: "\\"), bytes[start + 1] == UInt8(ascii: "u") else { return nil }
            var value: UInt32 = 0
            for offset in 2..<6 {
                guard let digit = hex(bytes[start + offset]) else { return nil }
                value = value << 4 | UInt32(digit)
            }
            return value
        }
        guard let first = unit(at: position) else { return nil }
        if (0xD800..<0xDC00).contains(first), let second = unit(at: position + 6), (0xDC00..<0xE000).contains(second) {
            return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)).map { ($0, 12) }
        }
        return Unicode.Scalar(first).map { ($0, 6) }
    }
}
