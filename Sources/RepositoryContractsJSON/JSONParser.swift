/// A strict RFC 8259 parser producing ``JSONValue``s; see ``JSONValue/init(parsing:maximumDepth:)``.
struct JSONParser {
    private let bytes: [UInt8]
    private let maximumDepth: Int
    private var position = 0
    private var depth = 0

    init(bytes: [UInt8], maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    /// Parses the whole input as one JSON text (a leading UTF-8 byte order mark is skipped).
    mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        guard position == bytes.count else {
            throw error("unexpected \(describeCurrent()) after the JSON value")
        }
        return value
    }

    // MARK: Values

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        guard position < bytes.count else { throw error("unexpected end of input, expected a value") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        default: throw error("expected a value, found \(describeWord())")
        }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
        try enterContainer()
        position += 1  // {
        var members: [JSONValue.Member] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            position += 1
            depth -= 1
            return .object(members)
        }
        while true {
            guard peek() == UInt8(ascii: "\"") else {
                throw error("expected a member name in double quotes, found \(describeCurrent())")
            }
            let name = try parseString()
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else {
                throw error("expected ':' after a member name, found \(describeCurrent())")
            }
            position += 1
            skipWhitespace()
            members.append(JSONValue.Member(name, try parseValue()))
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","):
                position += 1
                skipWhitespace()
            case UInt8(ascii: "}"):
                position += 1
                depth -= 1
                return .object(members)
            default:
                throw error("expected ',' or '}' after an object member, found \(describeCurrent())")
            }
        }
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        try enterContainer()
        position += 1  // [
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            position += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            elements.append(try parseValue())
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","):
                position += 1
                skipWhitespace()
            case UInt8(ascii: "]"):
                position += 1
                depth -= 1
                return .array(elements)
            default:
                throw error("expected ',' or ']' after an array element, found \(describeCurrent())")
            }
        }
    }

    private mutating func enterContainer() throws(JSONSyntaxError) {
        depth += 1
        guard depth <= maximumDepth else {
            throw error("nesting deeper than \(maximumDepth) levels")
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
        let start = position
        for expected in UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount) {
            guard peek() == expected else {
                position = start
                throw error("expected a value, found \(describeWord())")
            }
            position += 1
        }
    }

    // MARK: Numbers

    /// Checks the number grammar and returns the lexeme unchanged.
    private mutating func parseNumber() throws(JSONSyntaxError) -> String {
        let start = position
        if peek() == UInt8(ascii: "-") { position += 1 }
        switch peek() {
        case UInt8(ascii: "0"):
            position += 1
            if let next = peek(), next.isASCIIDigit {
                throw error("a number must not have a leading zero")
            }
        case let digit? where digit.isASCIIDigit:
            skipDigits()
        default:
            throw error("expected a digit, found \(describeCurrent())")
        }
        if peek() == UInt8(ascii: ".") {
            position += 1
            guard let digit = peek(), digit.isASCIIDigit else {
                throw error("expected a digit after '.', found \(describeCurrent())")
            }
            skipDigits()
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            position += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { position += 1 }
            guard let digit = peek(), digit.isASCIIDigit else {
                throw error("expected a digit in the exponent, found \(describeCurrent())")
            }
            skipDigits()
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private mutating func skipDigits() {
        while let byte = peek(), byte.isASCIIDigit { position += 1 }
    }

    // MARK: Strings

    /// Parses a string starting at its opening quote: escapes resolved, UTF-8 validated.
    private mutating func parseString() throws(JSONSyntaxError) -> String {
        position += 1  // "
        // Comparisons rather than range patterns, and plain ASCII taken a run at a time: a debug build
        // makes each range match a generic call, and this loop reads every byte of every fixture. A
        // string without escapes (nearly all) is made from its bytes in place; the bytes are copied into
        // `unescaped` only once an escape is met.
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        let bytes = self.bytes  // read through a local copy: see skipWhitespace()
        let start = position
        var unescaped: [UInt8]?
        var runStart = position
        while true {
            guard position < bytes.count else { throw error("unterminated string") }
            let byte = bytes[position]
            if byte == quote {
                defer { position += 1 }
                // Validated while reading.
                guard var text = unescaped else { return String(decoding: bytes[start..<position], as: UTF8.self) }
                text.append(contentsOf: bytes[runStart..<position])
                return String(decoding: text, as: UTF8.self)
            } else if byte == backslash {
                var text = unescaped ?? []
                unescaped = nil  // `text` alone holds the bytes: appending copies nothing
                text.append(contentsOf: bytes[runStart..<position])
                try appendEscape(to: &text)
                unescaped = text
                runStart = position
            } else if byte < 0x20 {
                throw error("control character U+\(hex4(UInt32(byte))) must be escaped in a string")
            } else if byte < 0x80 {
                var end = position + 1
                while end < bytes.count {
                    let next = bytes[end]
                    guard next >= 0x20, next < 0x80, next != quote, next != backslash else { break }
                    end += 1
                }
                position = end
            } else {
                position += try validatedScalarLength()
            }
        }
    }

    private mutating func appendEscape(to utf8: inout [UInt8]) throws(JSONSyntaxError) {
        position += 1  // backslash
        guard let escaped = peek() else { throw error("unterminated string") }
        let simple: UInt8? =
            switch escaped {
            case UInt8(ascii: "\""): UInt8(ascii: "\"")
            case UInt8(ascii: "\\"): UInt8(ascii: "\\")
            case UInt8(ascii: "/"): UInt8(ascii: "/")
            case UInt8(ascii: "b"): 0x08
            case UInt8(ascii: "f"): 0x0C
            case UInt8(ascii: "n"): 0x0A
            case UInt8(ascii: "r"): 0x0D
            case UInt8(ascii: "t"): 0x09
            default: nil
            }
        if let simple {
            utf8.append(simple)
            position += 1
            return
        }
        guard escaped == UInt8(ascii: "u") else {
            throw error("invalid escape '\\\(describeByte(escaped))'")
        }
        let escapeStart = position - 1
        position += 1
        let unit = try readHex4()
        var scalarValue = UInt32(unit)
        if (0xD800...0xDBFF).contains(unit) {
            guard peek() == UInt8(ascii: "\\"), peek(at: 1) == UInt8(ascii: "u") else {
                position = escapeStart
                throw error("high surrogate \\u\(hex4(UInt32(unit))) is not followed by a low surrogate")
            }
            position += 2
            let low = try readHex4()
            guard (0xDC00...0xDFFF).contains(low) else {
                position -= 6
                throw error(
                    "high surrogate \\u\(hex4(UInt32(unit))) is followed by \\u\(hex4(UInt32(low))), "
                        + "not a low surrogate")
            }
            scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(unit) {
            position = escapeStart
            throw error("lone low surrogate \\u\(hex4(UInt32(unit)))")
        }
        // Every value reaching here is a valid scalar (surrogates were handled above).
        utf8.append(contentsOf: Unicode.UTF8.encode(Unicode.Scalar(scalarValue)!)!)
    }

    private mutating func readHex4() throws(JSONSyntaxError) -> UInt16 {
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard let byte = peek(), let digit = byte.hexDigitValue else {
                throw error("expected four hexadecimal digits after \\u, found \(describeCurrent())")
            }
            value = value << 4 | UInt16(digit)
            position += 1
        }
        return value
    }

    /// The length of the well-formed multi-byte UTF-8 sequence at `position` (RFC 3629: no overlong
    /// forms, no surrogates, nothing above U+10FFFF).
    private func validatedScalarLength() throws(JSONSyntaxError) -> Int {
        let lead = bytes[position]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; secondRange = 0x80...0x9F
        case 0xF0: length = 4; secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; secondRange = 0x80...0x8F
        default: throw error("invalid UTF-8 byte 0x\(hex2(lead))")
        }
        for offset in 1..<length {
            let range = offset == 1 ? secondRange : 0x80...0xBF
            guard position + offset < bytes.count, range.contains(bytes[position + offset]) else {
                throw error("invalid UTF-8 sequence starting with byte 0x\(hex2(lead))")
            }
        }
        return length
    }

    // MARK: Helpers

    private func peek(at offset: Int = 0) -> UInt8? {
        position + offset < bytes.count ? bytes[position + offset] : nil
    }

    private mutating func skipWhitespace() {
        // Through a local copy of the array: in a debug build each read of the stored array retains and
        // releases it, and the indentation of pretty-printed fixtures makes this the loop that reads the
        // most bytes.
        let bytes = self.bytes
        var index = position
        while index < bytes.count, bytes[index].isJSONWhitespace { index += 1 }
        position = index
    }

    private func describeCurrent() -> String {
        guard let byte = peek() else { return "end of input" }
        return "'\(describeByte(byte))'"
    }

    /// The bare word at `position` (for `tru`, `nul`, `undefined`, …), quoted.
    private func describeWord() -> String {
        var end = position
        while end < bytes.count, end - position < 20,
            bytes[end].isASCIILetter || bytes[end].isASCIIDigit
        {
            end += 1
        }
        guard end > position else { return describeCurrent() }
        return "'\(String(decoding: bytes[position..<end], as: UTF8.self))'"
    }

    private func describeByte(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte) ? String(UnicodeScalar(byte)) : "0x\(hex2(byte))"
    }

    /// An error at `position`, with its line and column computed from the input.
    private func error(_ reason: String) -> JSONSyntaxError {
        let offset = min(position, bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<offset where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        // Columns count scalars: every byte that is not a UTF-8 continuation byte starts one.
        let column = 1 + bytes[lineStart..<offset].reduce(0) { $0 + ($1 & 0xC0 != 0x80 ? 1 : 0) }
        return JSONSyntaxError(line: line, column: column, byteOffset: offset, reason: reason)
    }
}

private func hex2(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return digits.count == 1 ? "0" + digits : digits
}

private func hex4(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}

extension UInt8 {
    // Comparisons, not ranges' `contains`: a generic call per byte in a debug build.
    fileprivate var isASCIIDigit: Bool { self >= 0x30 && self <= 0x39 }
    fileprivate var isASCIILetter: Bool { (self >= 0x41 && self <= 0x5A) || (self >= 0x61 && self <= 0x7A) }
    /// Space, tab, line feed or carriage return: JSON's whitespace.
    var isJSONWhitespace: Bool {
        self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0D
    }

    /// The value of an ASCII hexadecimal digit, either case.
    var hexDigitValue: UInt8? {
        switch self {
        case 0x30...0x39: self - 0x30
        case 0x41...0x46: self - 0x41 + 10
        case 0x61...0x66: self - 0x61 + 10
        default: nil
        }
    }
}
