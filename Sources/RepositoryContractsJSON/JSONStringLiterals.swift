/// Where each string literal of a JSON text is, byte for byte, and where it stands in the document:
/// what lets an edit replace one value's spelling and keep every other byte (whitespace, member
/// order, escapes, numbers as written).
package struct JSONStringLiteral: Sendable, Hashable {
    /// One step of a literal's place: a member name or an array index.
    package enum Step: Sendable, Hashable {
        case member(String)
        case index(Int)
    }

    /// The literal's bytes in the text, its quotes included.
    package var range: Range<Int>
    /// The members and indices leading to it from the root; for a member name, to its object.
    package var path: [Step]
    /// Whether it is a member name rather than a value.
    package var isMemberName: Bool

    /// Every string literal of `bytes`, a valid JSON text (check it first: the scan does not), in the
    /// order they appear.
    package static func all(in bytes: [UInt8]) -> [JSONStringLiteral] {
        var scanner = Scanner()
        var literals: [JSONStringLiteral] = []
        var position = 0
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                let end = endOfString(in: bytes, from: position)
                let isName = scanner.expectsMemberName
                literals.append(JSONStringLiteral(range: position..<end, path: scanner.path, isMemberName: isName))
                if isName, case .string(let name)? = JSONValue(parsingIfValid: Array(bytes[position..<end])) {
                    scanner.name(name)
                }
                position = end
                continue
            case UInt8(ascii: "{"): scanner.frames.append(.object(name: nil, expectsName: true))
            case UInt8(ascii: "["): scanner.frames.append(.array(index: 0))
            case UInt8(ascii: "}"), UInt8(ascii: "]"): scanner.frames.removeLast()
            case UInt8(ascii: ","): scanner.nextElement()
            case UInt8(ascii: ":"): scanner.nameEnded()
            default: break
            }
            position += 1
        }
        return literals
    }

    /// The index just past the string literal that opens at `start`.
    private static func endOfString(in bytes: [UInt8], from start: Int) -> Int {
        var position = start + 1
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "\\"): position += 2
            case UInt8(ascii: "\""): return position + 1
            default: position += 1
            }
        }
        return bytes.count
    }

    /// The containers open at the scan's position.
    private struct Scanner {
        enum Frame {
            case object(name: String?, expectsName: Bool)
            case array(index: Int)
        }

        var frames: [Frame] = []

        var expectsMemberName: Bool {
            if case .object(_, true)? = frames.last { return true }
            return false
        }

        var path: [Step] {
            frames.compactMap { frame in
                switch frame {
                case .object(let name?, _): .member(name)
                case .object(nil, _): nil
                case .array(let index): .index(index)
                }
            }
        }

        mutating func name(_ name: String) {
            frames[frames.count - 1] = .object(name: name, expectsName: true)
        }

        mutating func nameEnded() {
            if case .object(let name, _)? = frames.last { frames[frames.count - 1] = .object(name: name, expectsName: false) }
        }

        mutating func nextElement() {
            switch frames.last {
            case .array(let index)?: frames[frames.count - 1] = .array(index: index + 1)
            case .object?: frames[frames.count - 1] = .object(name: nil, expectsName: true)
            case nil: break
            }
        }
    }
}
