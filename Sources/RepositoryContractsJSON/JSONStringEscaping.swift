extension String {
    /// Appends `string` as a JSON string literal escaped as `style` says: `"` and `\` are always
    /// escaped and control characters always use their short escape or `\u00XX`; by default everything
    /// else is written as is (see ``JSONSerializationStyle`` for `\/` and further `\uXXXX` escapes).
    package mutating func appendJSONStringLiteral(_ string: String, style: JSONSerializationStyle = .compact) {
        append("\"")
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": append("\\\"")
            case "\\": append("\\\\")
            case "/" where style.escapedSlash: append("\\/")
            case "\n" where style.controlCharacters == .short: append("\\n")
            case "\r" where style.controlCharacters == .short: append("\\r")
            case "\t" where style.controlCharacters == .short: append("\\t")
            case "\u{08}" where style.controlCharacters == .short: append("\\b")
            case "\u{0C}" where style.controlCharacters == .short: append("\\f")
            case "\u{00}"..<"\u{20}": appendUnicodeEscapes(scalar, hexCase: style.hexCase)
            case _ where style.writesUnicodeEscape(for: scalar): appendUnicodeEscapes(scalar, hexCase: style.hexCase)
            default: unicodeScalars.append(scalar)
            }
        }
        append("\"")
    }

    /// Appends `scalar` as one `\uXXXX` escape, or two (a UTF-16 surrogate pair) above U+FFFF.
    private mutating func appendUnicodeEscapes(_ scalar: Unicode.Scalar, hexCase: JSONSerializationStyle.HexCase) {
        for unit in scalar.utf16 {
            let digits = String(unit, radix: 16, uppercase: hexCase == .upper)
            append("\\u" + String(repeating: "0", count: 4 - digits.count) + digits)
        }
    }
}

extension JSONSerializationStyle {
    /// Whether a scalar that JSON lets through unescaped is written as a `\uXXXX` escape.
    fileprivate func writesUnicodeEscape(for scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3C, 0x3E, 0x26: escapedHTML
        case 0x2028, 0x2029: escapedLineSeparators || escapedNonASCII
        case 0x7F...: escapedNonASCII
        default: false
        }
    }
}
