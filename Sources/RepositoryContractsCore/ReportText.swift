import Foundation

/// Text made safe for the CI reports: XML escaping, and characters XML 1.0 forbids made visible.
enum ReportText {
    /// `text` without the characters XML 1.0 forbids (the C0 controls other than tab, line feed and
    /// carriage return, and U+FFFE, U+FFFF): each becomes its Swift escape (`\u{1B}`), so a failure
    /// message with a terminal colour code still reads, and still parses. Swift strings hold no lone
    /// surrogates, the only other characters XML 1.0 forbids.
    static func withoutForbiddenCharacters(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isForbidden) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isForbidden(scalar) {
                result.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// Whether XML 1.0 forbids `scalar` in a document.
    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: false
        case 0x00..<0x20, 0xFFFE, 0xFFFF: true
        default: false
        }
    }

    /// `text` as XML character data: `&`, `<` and `>` escaped (`>` too, so `]]>` cannot appear), a
    /// carriage return as `&#13;` (a parser would turn it into a line feed), forbidden characters visible.
    static func xmlText(_ text: String) -> String {
        escaped(text, inAttribute: false)
    }

    /// `text` as an XML attribute value between double quotes: as ``xmlText(_:)``, plus `"` and `'`, and
    /// tab and line feed as character references (a parser would turn them into spaces).
    static func xmlAttribute(_ text: String) -> String {
        escaped(text, inAttribute: true)
    }

    private static func escaped(_ text: String, inAttribute: Bool) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in withoutForbiddenCharacters(text).unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\r": result += "&#13;"
            case "\"" where inAttribute: result += "&quot;"
            case "'" where inAttribute: result += "&apos;"
            case "\n" where inAttribute: result += "&#10;"
            case "\t" where inAttribute: result += "&#9;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The first line of `text`, at most `limit` characters (then ending in `…`).
    static func firstLine(of text: String, limit: Int = 300) -> String {
        let line = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        return line.count > limit ? String(line.prefix(limit - 1)) + "…" : line
    }

    /// Seconds with three decimals (`12.034`), from whole milliseconds: what `time` attributes hold.
    static func seconds(milliseconds: Int64) -> String {
        let whole = max(0, milliseconds)
        let fraction = String(whole % 1_000)
        return "\(whole / 1_000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }

    /// `date` as JUnit's `timestamp` attribute wants it: ISO 8601 without a time zone (the schema allows
    /// none), in UTC: `2026-11-30T04:36:37`.
    static func timestamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String {
            let text = String(value ?? 0)
            return text.count < 2 ? "0" + text : text
        }
        return "\(parts.year ?? 1970)-\(two(parts.month))-\(two(parts.day))T\(two(parts.hour)):\(two(parts.minute)):\(two(parts.second))"
    }
}
