import Foundation
import RecordReplayMessages

/// Whether a header value, query value or path segment is a long random-looking token: a credential
/// whose name and shape say nothing (an opaque API key, a webhook secret in a URL).
///
/// A value counts when it is one token of the characters keys are made of (letters, digits,
/// `- _ + / = . ~`), at least ``minimumLength`` long, holds a letter and a digit, is not a UUID, and
/// its characters carry at least ``minimumBitsPerCharacter`` bits of Shannon entropy each.
///
/// The thresholds, measured: of the 13,650 header values, query values and path segments of this
/// package's committed fixtures, the most random-looking token of 16 characters or more carries 3.64
/// bits per character (`application/octet-stream`), so none counts; the httpbin recording in CI has
/// none either. Of 10,000 random base64url strings, 65 % of those 20 long, 94 % of 24 and 99.6 % of 32
/// count; of random hexadecimal strings, none (16 symbols give at most 4 bits: hashes, ids and UUIDs
/// stay readable).
enum RandomLookingToken {
    /// Tokens shorter than this are left alone: 20 characters.
    static let minimumLength = 20
    /// The Shannon entropy a token's characters must carry: 4 bits each.
    static let minimumBitsPerCharacter = 4.0

    static func matches(_ value: some StringProtocol) -> Bool {
        let bytes = Array(value.utf8)
        guard bytes.count >= minimumLength, bytes.allSatisfy(isTokenByte),
            bytes.contains(where: isDigit), bytes.contains(where: isLetter), !isUUID(bytes)
        else { return false }
        return bitsPerCharacter(bytes) >= minimumBitsPerCharacter
    }

    /// The parts of a header value judged one by one: the path segments and query values of a URL or
    /// path (`Location: /items/<uuid>`, `Content-Location`), as for a request's own path and query, so
    /// a path whose segments are readable is not taken for one long token; any other value whole.
    static func candidates(inHeaderValue value: String) -> [String] {
        guard value.hasPrefix("/") || value.contains("://") else { return [value] }
        let withoutFragment = value.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let parts = withoutFragment.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        var candidates = parts[0].split(separator: "/").map { PercentEncoding.decoded($0, plusIsSpace: false) }
        if parts.count == 2 {
            for item in parts[1].split(separator: "&") {
                let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                candidates.append(PercentEncoding.decoded(pair[pair.count - 1], plusIsSpace: true))
            }
        }
        return candidates
    }

    static func bitsPerCharacter(_ bytes: [UInt8]) -> Double {
        var counts = [Int](repeating: 0, count: 256)
        for byte in bytes { counts[Int(byte)] += 1 }
        let total = Double(bytes.count)
        return counts.reduce(0.0) { sum, count in
            guard count > 0 else { return sum }
            let share = Double(count) / total
            return sum - share * log2(share)
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    private static func isLetter(_ byte: UInt8) -> Bool { (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) }
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        isDigit(byte) || isLetter(byte) || "-_+/=.~".utf8.contains(byte)
    }

    /// 8-4-4-4-12 hexadecimal digits.
    static func isUUID(_ bytes: some Collection<UInt8>) -> Bool {
        guard bytes.count == 36 else { return false }
        return bytes.enumerated().allSatisfy { offset, byte in
            [8, 13, 18, 23].contains(offset) ? byte == UInt8(ascii: "-")
                : isDigit(byte) || (0x61...0x66).contains(byte) || (0x41...0x46).contains(byte)
        }
    }
}
