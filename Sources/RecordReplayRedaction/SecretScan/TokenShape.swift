/// The shape of one provider's credential: a literal anchor (`ghp_`, `glpat-`, `SG.`) followed by runs
/// of characters of one class and further literals, as the widely used secret scanners describe them.
///
/// A shape matches where its anchor starts a word (the character before it is not a letter, digit or
/// `_`) and each run has a length within its range, taken greedily; with ``endsAtBoundary``, the
/// character after the match must not continue the last run's class or be a letter or digit. Matching
/// costs at most the shape's longest length per occurrence of the anchor: linear in the text.
final class TokenShape: Sendable {
    /// One part of a shape.
    enum Segment: Sendable {
        /// These exact characters.
        case literal(String)
        /// Characters of `characterClass`, between `lengths.lowerBound` and `lengths.upperBound` of them.
        case run(CharacterClass, ClosedRange<Int>)
    }

    /// The characters a run may hold.
    enum CharacterClass: Int, CaseIterable, Sendable {
        /// `0-9 a-f`.
        case lowerHex
        /// `0-9 a-f A-F`.
        case hex
        /// `0-9`.
        case digits
        /// `A-Z 0-9`.
        case upperAlphanumeric
        /// `a-z 0-9`.
        case lowerAlphanumeric
        /// `A-Z a-z 0-9`.
        case alphanumeric
        /// `A-Z a-z 0-9 _`.
        case word
        /// `A-Z a-z 0-9 - _` (base64url).
        case base64URL
        /// `A-Z a-z 0-9 + /` (base64, without padding).
        case base64
        /// `A-Z a-z 0-9 - _ .`.
        case dottedBase64URL
        /// `A-Z a-z 0-9 -` (the rest of a Slack token).
        case slackToken

        func contains(_ byte: UInt8) -> Bool {
            Self.memberships[Int(byte)] & (1 << rawValue) != 0
        }

        /// The class's bit in ``memberships``.
        var bit: UInt16 { 1 << rawValue }

        /// The classes each byte belongs to, a bit a class: the scan asks for every byte it reads, and one
        /// table look-up costs less than the comparisons below, which a debug build makes generic calls.
        static let memberships: [UInt16] = (0...255).map { byte in
            allCases.reduce(0) { bits, characterClass in
                characterClass.holds(UInt8(byte)) ? bits | 1 << characterClass.rawValue : bits
            }
        }

        private func holds(_ byte: UInt8) -> Bool {
            let isUpper = byte >= 0x41 && byte <= 0x5A
            let isLower = byte >= 0x61 && byte <= 0x7A
            let isDigit = byte >= 0x30 && byte <= 0x39
            let isLowerHexLetter = byte >= 0x61 && byte <= 0x66
            switch self {
            case .lowerHex: return isDigit || isLowerHexLetter
            case .hex: return isDigit || isLowerHexLetter || (byte >= 0x41 && byte <= 0x46)
            case .digits: return isDigit
            case .upperAlphanumeric: return isUpper || isDigit
            case .lowerAlphanumeric: return isLower || isDigit
            case .alphanumeric: return isUpper || isLower || isDigit
            case .word: return isUpper || isLower || isDigit || byte == UInt8(ascii: "_")
            case .base64URL: return isUpper || isLower || isDigit || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
            case .base64: return isUpper || isLower || isDigit || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "/")
            case .dottedBase64URL:
                return isUpper || isLower || isDigit || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
                    || byte == UInt8(ascii: ".")
            case .slackToken: return isUpper || isLower || isDigit || byte == UInt8(ascii: "-")
            }
        }

        /// The characters of the class, for making samples.
        var members: [UInt8] { (0...127).map(UInt8.init).filter(contains) }
    }

    /// The provider and the kind of credential ("GitLab personal access token").
    let name: String
    /// The parts, starting with a literal anchor.
    let segments: [Segment]
    /// Whether the match must not be followed by a letter, digit or a character of its last run.
    let endsAtBoundary: Bool
    /// The literals' bytes, by segment (empty for a run): spelled out once, not on every try.
    private let literalBytes: [[UInt8]]
    /// Each segment's class bit (zero for a literal) and lengths, read by position: a match is tried at
    /// every anchor, and taking the segments' enum payloads apart on each try cost more than the try.
    private let runBits: [UInt16]
    private let runLengths: [ClosedRange<Int>]

    init(_ name: String, _ segments: [Segment], endsAtBoundary: Bool = true) {
        precondition({ if case .literal = segments.first { true } else { false } }(), "\(name): a shape starts with a literal")
        self.name = name
        self.segments = segments
        self.endsAtBoundary = endsAtBoundary
        self.literalBytes = segments.map { if case .literal(let text) = $0 { Array(text.utf8) } else { [] } }
        self.runBits = segments.map { if case .run(let characterClass, _) = $0 { characterClass.bit } else { 0 } }
        self.runLengths = segments.map { if case .run(_, let lengths) = $0 { lengths } else { 0...0 } }
    }

    /// The anchor: the first literal's bytes.
    var anchor: [UInt8] { literalBytes[0] }
}

extension TokenShape {
    /// Every match of the shape in `bytes`, in order.
    func matches(in bytes: [UInt8]) -> [String] {
        var found: [String] = []
        var position = 0
        while position < bytes.count {
            if let text = match(in: bytes, at: position) {
                found.append(text)
                position += text.utf8.count
            } else {
                position += 1
            }
        }
        return found
    }

    /// The match that starts at `position`, if one does: the anchor is there, at the start of a word.
    func match(in bytes: [UInt8], at position: Int) -> String? {
        if position > 0, CharacterClass.word.contains(bytes[position - 1]) { return nil }
        var work = ScanWork()
        var firstRunEnd = 0
        guard let end = matchEnd(in: bytes, from: position, firstRunEnd: &firstRunEnd, work: &work) else { return nil }
        return String(decoding: bytes[position..<end], as: UTF8.self)
    }

    /// Where a match that starts at `start` ends, or `nil` when none does.
    ///
    /// `firstRunEnd` carries, from one call to the next, where the last run of the first run segment's
    /// class that this shape measured ends: starts come in increasing order, so a first run that begins
    /// inside that run ends where it does, and repeated anchors (`xoxb-xoxb-…`) cost no more than the
    /// text's length. The other segments look at no more bytes than their longest length, plus one.
    func matchEnd(in bytes: [UInt8], from start: Int, firstRunEnd: inout Int, work: inout ScanWork) -> Int? {
        // Through the buffers: an array read costs several calls in a debug build (`swift test`).
        bytes.withUnsafeBufferPointer { bytes in
            CharacterClass.memberships.withUnsafeBufferPointer { memberships in
                matchEnd(in: bytes, from: start, memberships: memberships, firstRunEnd: &firstRunEnd, work: &work)
            }
        }
    }

    /// ``matchEnd(in:from:firstRunEnd:work:)`` on buffers the caller holds for a whole scan (with
    /// ``CharacterClass/memberships``'s).
    func matchEnd(
        in bytes: UnsafeBufferPointer<UInt8>, from start: Int, memberships: UnsafeBufferPointer<UInt16>, firstRunEnd: inout Int,
        work: inout ScanWork
    ) -> Int? {
        // The shape's tables as locals: each read of a stored array retains and releases it in a debug build.
        let (runBits, literalBytes, runLengths) = (runBits, literalBytes, runLengths)
        var position = start
        var lastBit: UInt16 = 0
        for index in 0..<runBits.count {
            let bit = runBits[index]
            if bit == 0 {
                let literal = literalBytes[index]
                guard position + literal.count <= bytes.count else { return nil }
                var offset = 0
                while offset < literal.count, bytes[position + offset] == literal[offset] { offset += 1 }
                work.add(offset + 1)
                guard offset == literal.count else { return nil }
                position += literal.count
                lastBit = 0
                continue
            }
            let lengths = runLengths[index]
            if index == 1 {
                if position >= firstRunEnd {
                    var end = position
                    while end < bytes.count, memberships[Int(bytes[end])] & bit != 0 { end += 1 }
                    work.add(end - position + 1)
                    firstRunEnd = end
                }
                let length = min(firstRunEnd - position, lengths.upperBound)
                guard length >= lengths.lowerBound else { return nil }
                position += length
            } else {
                var length = 0
                while length < lengths.upperBound, position + length < bytes.count,
                    memberships[Int(bytes[position + length])] & bit != 0
                {
                    length += 1
                }
                work.add(length + 1)
                guard length >= lengths.lowerBound else { return nil }
                position += length
            }
            lastBit = bit
        }
        if endsAtBoundary, position < bytes.count {
            let next = memberships[Int(bytes[position])]
            if next & CharacterClass.alphanumeric.bit != 0 || next & lastBit != 0 { return nil }
        }
        return position
    }
}
