/// HTML and XML character references (`&#115;`, `&#x73;`, `&quot;`, `&lt;`): one of the escapes
/// ``EscapedText`` decodes before text is judged, so that `&#115;k_live_…`, `api_key=&quot;…&quot;` and
/// `&lt;password&gt;…&lt;/password&gt;` read as what they say.
///
/// A reference must end with `;` (the forms without it that HTML tolerates are left as written). Numeric
/// references take at most seven decimal or six hexadecimal digits and must name a Unicode scalar other
/// than NUL. Named references are the XML five and HTML's names for ASCII punctuation, the
/// non-breaking space and line breaks: what a credential, its quotes and its markup can be written with.
/// Anything else (`&copy;`, `&mdash;`, a bare `&`) is left as written. Each reference is read in at
/// most 34 bytes.
enum CharacterReferences {
    /// The longest reference read: `&` + `#x` + six digits + `;`, or the longest name + `;`.
    static let longest = 34

    /// Named references and the text they stand for.
    private static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "excl": "!", "num": "#",
        "dollar": "$", "percnt": "%", "lpar": "(", "rpar": ")", "ast": "*", "midast": "*", "plus": "+", "comma": ",",
        "period": ".", "sol": "/", "colon": ":", "semi": ";", "equals": "=", "quest": "?", "commat": "@",
        "lsqb": "[", "lbrack": "[", "bsol": "\\", "rsqb": "]", "rbrack": "]", "Hat": "^", "lowbar": "_",
        "UnderBar": "_", "grave": "`", "lcub": "{", "lbrace": "{", "verbar": "|", "vert": "|", "VerticalLine": "|",
        "rcub": "}", "rbrace": "}", "hyphen": "-", "dash": "-", "Tab": "\t", "NewLine": "\n", "QUOT": "\"",
        "AMP": "&", "LT": "<", "GT": ">",
    ]

    /// The bytes the reference starting at `position` (an `&`) stands for, and its length in `bytes`;
    /// nil when none starts there. `work` counts the bytes looked at.
    static func decoded(_ bytes: [UInt8], at position: Int, work: inout ScanWork) -> (bytes: [UInt8], length: Int)? {
        guard position + 3 < bytes.count, bytes[position] == UInt8(ascii: "&") else { return nil }
        let limit = min(bytes.count, position + longest)
        // Up to the `;`, over name and digit bytes only: `&&&&` or `& ` stops at once.
        var semicolon = position + 1
        defer { work.add(semicolon - position) }
        while semicolon < limit, bytes[semicolon] != UInt8(ascii: ";") {
            guard TokenShape.CharacterClass.alphanumeric.contains(bytes[semicolon]) || bytes[semicolon] == UInt8(ascii: "#")
            else { return nil }
            semicolon += 1
        }
        guard semicolon < limit else { return nil }
        let body = bytes[(position + 1)..<semicolon]
        let length = semicolon + 1 - position
        if body.first == UInt8(ascii: "#") {
            return numeric(body.dropFirst()).map { (Array(String(Character($0)).utf8), length) }
        }
        guard !body.isEmpty, body.allSatisfy(TokenShape.CharacterClass.alphanumeric.contains),
            let text = named[String(decoding: body, as: UTF8.self)]
        else { return nil }
        return (Array(text.utf8), length)
    }

    /// The scalar of a numeric reference's digits (after `#`): decimal, or hexadecimal after `x`/`X`.
    private static func numeric(_ digits: ArraySlice<UInt8>) -> Unicode.Scalar? {
        var digits = digits
        var radix: UInt32 = 10
        if let first = digits.first, first == UInt8(ascii: "x") || first == UInt8(ascii: "X") {
            radix = 16
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.count <= (radix == 16 ? 6 : 7) else { return nil }
        var value: UInt32 = 0
        for byte in digits {
            guard let digit = digit(byte, radix: radix) else { return nil }
            value = value * radix + digit
        }
        guard value != 0 else { return nil }
        return Unicode.Scalar(value)
    }

    private static func digit(_ byte: UInt8, radix: UInt32) -> UInt32? {
        switch byte {
        case 0x30...0x39: UInt32(byte - 0x30)
        case 0x41...0x46 where radix == 16: UInt32(byte - 0x41 + 10)
        case 0x61...0x66 where radix == 16: UInt32(byte - 0x61 + 10)
        default: nil
        }
    }
}
