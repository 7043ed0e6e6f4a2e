import RecordReplayMessages
import RecordReplayFixtures
/// Splits a `Set-Cookie` value that holds several fields joined with commas back into one value per
/// cookie.
///
/// `HTTPURLResponse.allHeaderFields` is a dictionary, so URLSession joins repeated fields with `", "`.
/// That is harmless for list fields (RFC 9110 §5.3: `Cache-Control: a, b` means the same as two
/// fields), but `Set-Cookie` is not a list field (RFC 6265 §3): its values contain commas of their own
/// (`Expires=Wed, 21 Oct 2026 07:28:00 GMT`), and a joined value would be replayed as one cookie and
/// redacted as one (only the first cookie's value). A comma splits only where what follows it, after
/// optional spaces and tabs, is a cookie name (an RFC 9110 token, RFC 6265 §4.1.1) and `=`; other
/// commas stay in their cookie.
///
/// (The HAR reader's splitting is a different rule: Chrome joins repeated fields with line breaks, which
/// cannot occur inside a field value, so it splits at every line break.)
package enum SetCookieFields {
    /// The cookies of `value`, one per element, in order; a value with a single cookie comes back whole.
    package static func split(_ value: String) -> [String] {
        let bytes = Array(value.utf8)
        var cookies: [String] = []
        var start = 0
        var index = 0
        while index < bytes.count {
            guard bytes[index] == HTTPByte.comma, let next = cookieStart(after: index, in: bytes) else {
                index += 1
                continue
            }
            append(bytes[start..<index], to: &cookies)
            start = next
            index = next
        }
        append(bytes[start...], to: &cookies)
        return cookies
    }

    /// Where the next cookie starts when the comma at `comma` separates two cookies: the index of the
    /// cookie name that follows it (after spaces and tabs) and is itself followed by `=`; `nil` otherwise.
    private static func cookieStart(after comma: Int, in bytes: [UInt8]) -> Int? {
        var name = comma + 1
        while name < bytes.count, bytes[name] == HTTPByte.space || bytes[name] == HTTPByte.tab { name += 1 }
        var end = name
        while end < bytes.count, HTTPByte.isTokenCharacter(bytes[end]) { end += 1 }
        return end > name && end < bytes.count && bytes[end] == UInt8(ascii: "=") ? name : nil
    }

    /// Appends the cookie in `bytes` without surrounding spaces and tabs, unless it is empty.
    private static func append(_ bytes: ArraySlice<UInt8>, to cookies: inout [String]) {
        let cookie = String(decoding: bytes, as: UTF8.self).trimmingSpacesAndTabs()
        if !cookie.isEmpty { cookies.append(cookie) }
    }
}
