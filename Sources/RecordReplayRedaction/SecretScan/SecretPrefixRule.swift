/// A token that starts with a fixed prefix and goes on with characters of one class: the first rules
/// of the scan (AWS access key ids, GitHub, Slack and Stripe tokens, Google API keys), looser than the
/// providers' shapes for the same prefixes, so they redact more.
struct SecretPrefixRule {
    var prefix: [UInt8]
    var kind: SecretKind
    var rest: TokenShape.CharacterClass
    /// The length of the rest: at least `minimum`, and exactly `minimum` when `exact`.
    var minimum: Int
    var exact = false

    static let all: [SecretPrefixRule] =
        ["AKIA", "ASIA"].map {
            SecretPrefixRule(
                prefix: Array($0.utf8), kind: .awsAccessKeyID, rest: .upperAlphanumeric, minimum: 16, exact: true)
        }
        + ["ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"].map {
            SecretPrefixRule(prefix: Array($0.utf8), kind: .gitHubToken, rest: .word, minimum: 20)
        }
        + ["xoxb-", "xoxp-", "xoxa-", "xoxr-", "xapp-"].map {
            SecretPrefixRule(prefix: Array($0.utf8), kind: .slackToken, rest: .slackToken, minimum: 10)
        }
        + ["sk_live_", "rk_live_", "sk_test_"].map {
            SecretPrefixRule(prefix: Array($0.utf8), kind: .stripeKey, rest: .alphanumeric, minimum: 10)
        }
        + [SecretPrefixRule(prefix: Array("AIza".utf8), kind: .googleAPIKey, rest: .base64URL, minimum: 35, exact: true)]

    /// Where the match starting at `start` ends, or nil. `start` is at a word start.
    ///
    /// `runEnd` carries, from one call to the next, the end of the last run of `rest` characters this
    /// rule measured: starts come in increasing order, so a rest that begins inside that run ends where
    /// it does, and no byte is measured twice (input such as `xoxb-` repeated costs linear time).
    func matchEnd(in bytes: [UInt8], at start: Int, runEnd: inout Int, work: inout ScanWork) -> Int? {
        let restStart = start + prefix.count
        guard restStart <= bytes.count else { return nil }
        var offset = 0
        while offset < prefix.count, bytes[start + offset] == prefix[offset] { offset += 1 }
        work.add(offset + 1)
        guard offset == prefix.count else { return nil }
        let end: Int
        if exact {
            // Measured up to one past the exact length: a longer run is no match.
            var position = restStart
            let limit = min(bytes.count, restStart + minimum + 1)
            while position < limit, rest.contains(bytes[position]) { position += 1 }
            work.add(position - restStart + 1)
            guard position - restStart == minimum else { return nil }
            if position < bytes.count, TokenShape.CharacterClass.alphanumeric.contains(bytes[position]) { return nil }
            end = position
        } else {
            if restStart >= runEnd {
                var position = restStart
                while position < bytes.count, rest.contains(bytes[position]) { position += 1 }
                work.add(position - restStart + 1)
                runEnd = position
            }
            end = runEnd
            guard end - restStart >= minimum else { return nil }
        }
        return end
    }
}
