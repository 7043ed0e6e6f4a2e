extension String {
    /// Appends `string` as a JSON string literal with minimal escaping: `"` and `\` are escaped,
    /// control characters use their short escape or `\u00XX`, and everything else is written as is.
    mutating func appendJSONStringLiteral(_ string: String) {
        append("\"")
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": append("\\\"")
            case "\\": append("\\\\")
            case "\n": append("\\n")
            case "\r": append("\\r")
            case "\t": append("\\t")
            case "\u{08}": append("\\b")
            case "\u{0C}": append("\\f")
            case "\u{00}"..<"\u{20}":
                let digits = String(scalar.value, radix: 16, uppercase: false)
                append("\\u" + String(repeating: "0", count: 4 - digits.count) + digits)
            default: unicodeScalars.append(scalar)
            }
        }
        append("\"")
    }
}
