/// Splitting and building the URL text fixtures exchange with HAR files, without Foundation's `URL`,
/// which rejects or rewrites some of what real captures contain.
enum URLText {
    /// An absolute or origin-relative URL split into parts (the fragment dropped).
    struct Parts: Equatable {
        /// `scheme://host[:port]` with the scheme and host in lower case, user information dropped and a
        /// default port (80 for http, 443 for https) left out; `nil` for a URL starting with `/`.
        var origin: String?
        /// The path as written (percent-encoded), `/` when empty.
        var path: String
        /// The text after `?`, or `nil` when there is no `?`.
        var query: String?
    }

    /// The parts of `url`, or `nil` when it is neither absolute (`scheme://…`) nor starts with `/`.
    static func split(_ url: String) -> Parts? {
        var rest = Substring(url.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
        var origin: String?
        if let schemeEnd = rest.range(of: "://") {
            let scheme = rest[..<schemeEnd.lowerBound].lowercased()
            guard !scheme.isEmpty, scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
            else { return nil }
            rest = rest[schemeEnd.upperBound...]
            let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
            var authority = rest[..<authorityEnd]
            if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
            var host = authority.lowercased()
            if (scheme == "http" && host.hasSuffix(":80")) || (scheme == "https" && host.hasSuffix(":443")) {
                host = String(host[..<host.lastIndex(of: ":")!])
            }
            guard !host.isEmpty else { return nil }
            origin = scheme + "://" + host
            rest = rest[authorityEnd...]
        } else if !rest.hasPrefix("/") {
            return nil
        }
        let pathEnd = rest.firstIndex(of: "?") ?? rest.endIndex
        let path = rest[..<pathEnd].isEmpty ? "/" : String(rest[..<pathEnd])
        let query = pathEnd < rest.endIndex ? String(rest[rest.index(after: pathEnd)...]) : nil
        return Parts(origin: origin, path: path, query: query)
    }

    /// The query items of a raw query, in order, percent-decoded (`+` stays `+`); empty items (`a&&b`)
    /// are skipped, and an item without `=` gets a `nil` value.
    static func queryItems(_ query: String) -> [QueryItem] {
        query.split(separator: "&", omittingEmptySubsequences: true).map { item in
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return QueryItem(
                name: percentDecoded(parts[0]), value: parts.count > 1 ? percentDecoded(parts[1]) : nil)
        }
    }

    /// The query text for `items`: each name and value percent-encoded, `name` alone for a `nil` value.
    static func query(_ items: [QueryItem]) -> String {
        items.map { item in
            let name = percentEncoded(item.name, keeping: queryCharacters)
            return item.value.map { name + "=" + percentEncoded($0, keeping: queryCharacters) } ?? name
        }.joined(separator: "&")
    }

    /// An `application/x-www-form-urlencoded` body for `pairs` (space as `+`).
    static func formBody(_ pairs: [(String, String)]) -> String {
        pairs.map { name, value in
            formEncoded(name) + "=" + formEncoded(value)
        }.joined(separator: "&")
    }

    /// `text` with `%XX` sequences decoded; `text` unchanged when the result would not be valid UTF-8.
    static func percentDecoded(_ text: Substring) -> String {
        guard text.contains("%") else { return String(text) }
        var bytes: [UInt8] = []
        let source = Array(text.utf8)
        var index = 0
        while index < source.count {
            if source[index] == UInt8(ascii: "%"), index + 2 < source.count,
                let high = hexValue(source[index + 1]), let low = hexValue(source[index + 2])
            {
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(source[index])
                index += 1
            }
        }
        let decoded = String(decoding: bytes, as: UTF8.self)
        return decoded.utf8.elementsEqual(bytes) ? decoded : String(text)
    }

    /// `text` with every byte outside `keeping` (and every non-ASCII byte) written as `%XX`.
    static func percentEncoded(_ text: String, keeping: Set<UInt8>) -> String {
        var output = ""
        for byte in text.utf8 {
            if keeping.contains(byte) {
                output.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                output += "%" + String(byte >> 4, radix: 16, uppercase: true)
                    + String(byte & 0x0F, radix: 16, uppercase: true)
            }
        }
        return output
    }

    /// Unreserved characters plus the sub-delimiters that mean nothing inside a query item (`&`, `=`,
    /// `+`, `#` and `%` are encoded).
    private static let queryCharacters = Set(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$'()*,;:@/?".utf8)

    private static let formCharacters = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789*-._".utf8)

    private static func formEncoded(_ text: String) -> String {
        text.split(separator: " ", omittingEmptySubsequences: false)
            .map { percentEncoded(String($0), keeping: formCharacters) }
            .joined(separator: "+")
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
