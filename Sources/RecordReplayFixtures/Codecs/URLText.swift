import Foundation
package import RecordReplayMessages

/// Splitting and building the URL text fixtures exchange with HAR files, without Foundation's `URL`,
/// which rejects or rewrites some of what real captures contain.
package enum URLText {
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

    /// The query items of a raw query, in order, percent-decoded (`+` read as a space); empty items (`a&&b`)
    /// are skipped, and an item without `=` gets a `nil` value.
    static func queryItems(_ query: String) -> [QueryItem] {
        query.split(separator: "&", omittingEmptySubsequences: true).map { item in
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return QueryItem(
                name: PercentEncoding.decoded(parts[0], plusIsSpace: true),
                value: parts.count > 1 ? PercentEncoding.decoded(parts[1], plusIsSpace: true) : nil)
        }
    }

    /// The query text for `items`: each name and value percent-encoded, `name` alone for a `nil` value.
    package static func query(_ items: [QueryItem]) -> String {
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

    /// `text` with every byte outside `keeping` (and every non-ASCII byte) written as `%XX`.
    package static func percentEncoded(_ text: String, keeping: Set<UInt8>) -> String {
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
}
