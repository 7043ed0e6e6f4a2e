extension JSONSerializationStyle {
    /// The style in which `value` serializes to exactly `bytes`, or `nil` when none does.
    ///
    /// `value` must be what `bytes` parse to. The bytes are scanned once for what their serializer
    /// shows: the escapes used in strings (`\/`, `\uXXXX` for non-ASCII, HTML-sensitive or line
    /// separator characters, `\u000a` for a short-escapable control character, the case of hex
    /// digits), the separators after the first `,` and `:`, the indentation of the first indented line,
    /// the first empty container of indented output, and a final line feed. What the bytes do not show
    /// keeps the default. The style is returned only when it rebuilds the bytes exactly, so bytes whose
    /// style is mixed (`\/` in one string, `/` in another) or irregular (uneven indentation, a space
    /// before one comma only, leading whitespace, a byte order mark) give `nil`.
    package init?(reproducing bytes: [UInt8], of value: JSONValue) {
        var scanner = StyleScanner(bytes: bytes)
        let style = scanner.scan()
        guard value.serialized(style: style).utf8.elementsEqual(bytes) else { return nil }
        self = style
    }
}

/// One pass over a JSON text, noting the style its serializer shows (see
/// ``JSONSerializationStyle/init(reproducing:of:)``).
private struct StyleScanner {
    private let bytes: [UInt8]
    private var style = JSONSerializationStyle()
    private var position = 0
    private var depth = 0
    private var isIndented = false
    private var sawItemSeparator = false
    private var sawKeySeparator = false
    private var sawEmptyContainer = false
    private var sawLowercaseHex = false
    private var sawUppercaseHex = false

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The style the bytes show; parts they do not show are the default's.
    mutating func scan() -> JSONSerializationStyle {
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "\""): scanString()
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                noteOpening()
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
            case UInt8(ascii: ","): noteItemSeparator()
            case UInt8(ascii: ":"): noteKeySeparator()
            case UInt8(ascii: "\n"): noteLineFeed()
            default: break
            }
            position += 1
        }
        if isIndented, style.indent == nil { style.indent = "  " }  // only empty containers were indented
        if style.indent == nil { style.emptyContainers = .compact }
        if style.escapedNonASCII { style.escapedLineSeparators = false }
        style.hexCase = sawUppercaseHex && !sawLowercaseHex ? .upper : .lower
        return style
    }

    /// Reads a string from its opening quote up to its closing quote (where `position` is left), noting
    /// its escapes.
    private mutating func scanString() {
        position += 1
        while position < bytes.count, bytes[position] != UInt8(ascii: "\"") {
            guard bytes[position] == UInt8(ascii: "\\"), position + 1 < bytes.count else {
                position += 1
                continue
            }
            switch bytes[position + 1] {
            case UInt8(ascii: "/"):
                style.escapedSlash = true
                position += 2
            case UInt8(ascii: "u") where position + 6 <= bytes.count:
                noteUnicodeEscape(hexDigits: bytes[position + 2..<position + 6])
                position += 6
            default:
                position += 2
            }
        }
    }

    private mutating func noteUnicodeEscape(hexDigits: ArraySlice<UInt8>) {
        var unit: UInt32 = 0
        for digit in hexDigits {
            switch digit {
            case UInt8(ascii: "a")...UInt8(ascii: "f"): sawLowercaseHex = true
            case UInt8(ascii: "A")...UInt8(ascii: "F"): sawUppercaseHex = true
            default: break
            }
            unit = unit << 4 | UInt32(digit.hexDigitValue ?? 0)
        }
        switch unit {
        case 0x08, 0x09, 0x0A, 0x0C, 0x0D: style.controlCharacters = .unicode
        case 0x3C, 0x3E, 0x26: style.escapedHTML = true
        case 0x2028, 0x2029: style.escapedLineSeparators = true
        case 0x7F...: style.escapedNonASCII = true
        default: break
        }
    }

    /// After the first empty container: whether a line break sits between its brackets.
    private mutating func noteOpening() {
        guard !sawEmptyContainer else { return }
        var end = position + 1
        while let next = byte(at: end), next.isJSONWhitespace { end += 1 }
        let closing = bytes[position] == UInt8(ascii: "[") ? UInt8(ascii: "]") : UInt8(ascii: "}")
        guard byte(at: end) == closing else { return }
        sawEmptyContainer = true
        if bytes[position + 1..<end].contains(UInt8(ascii: "\n")) { style.emptyContainers = .blankLine }
    }

    private mutating func noteItemSeparator() {
        guard !sawItemSeparator else { return }
        sawItemSeparator = true
        if byte(at: position + 1) == UInt8(ascii: " ") { style.itemSeparator = .commaSpace }
    }

    private mutating func noteKeySeparator() {
        guard !sawKeySeparator else { return }
        sawKeySeparator = true
        switch (byte(at: position - 1) == UInt8(ascii: " "), byte(at: position + 1) == UInt8(ascii: " ")) {
        case (false, true): style.keySeparator = .colonSpace
        case (true, _): style.keySeparator = .spacedColon
        case (false, false): break
        }
    }

    /// A line feed outside strings: a final one, or the start of an indented line, whose indentation
    /// gives the indent of one level when it is the first indented line before a member or element.
    private mutating func noteLineFeed() {
        guard depth > 0 else {
            if position == bytes.count - 1 { style.trailingNewline = true }
            return
        }
        isIndented = true
        guard style.indent == nil else { return }
        var end = position + 1
        while let next = byte(at: end), next == UInt8(ascii: " ") || next == UInt8(ascii: "\t") { end += 1 }
        let run = bytes[position + 1..<end]
        guard let next = byte(at: end), next != UInt8(ascii: "\n"), next != UInt8(ascii: "]"),
            next != UInt8(ascii: "}"), !run.isEmpty, run.count % depth == 0
        else { return }
        let indent = String(decoding: run.prefix(run.count / depth), as: UTF8.self)
        if JSONSerializationStyle.isValidIndent(indent) { style.indent = indent }
    }

    private func byte(at index: Int) -> UInt8? {
        bytes.indices.contains(index) ? bytes[index] : nil
    }
}
