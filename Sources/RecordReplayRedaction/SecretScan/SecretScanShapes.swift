import RecordReplayMessages

/// Finds the secret shapes in a piece of text (a header value, a JSON string, a whole body), in time
/// and memory linear in the text, whatever it holds.
///
/// One pass tries, at each word start, only the rules whose prefix starts with the byte there
/// (``SecretPrefixRule`` and the providers' ``TokenShape``s); each rule's matches are kept as a union of
/// ranges (``SecretMatchRanges``), so repeated prefixes make one long match, not one string each.
/// JSON Web Tokens, PEM private keys and AWS secret keys have searches of their own, each linear.
enum SecretScanShapes {
    /// One match: its kind and the matched text.
    struct Match: Hashable, Sendable {
        var kind: SecretKind
        var text: String
        /// For ``SecretKind/providerToken``: the provider and kind of credential.
        var provider: String?
    }

    /// The matches in `text`, in order of kind then position, each distinct match once. `name` is the
    /// field's name (header, query item, JSON member), which can mark a value as an AWS secret key.
    ///
    /// Remembered for the process by `text` and `name` (``RememberedResults``): fixtures repeat their texts.
    static func matches(in text: String, name: String? = nil) -> [Match] {
        remembered.value(for: ScanInput(text: text, name: name), size: text.utf8.count) {
            var work = ScanWork()
            return matches(in: text, name: name, work: &work)
        }
    }

    /// ``matches(in:name:)``, counting the steps taken in `work`.
    static func matches(in text: String, name: String?, work: inout ScanWork) -> [Match] {
        let bytes = Array(text.utf8)
        let (prefixRanges, shapeRanges) = wordStartMatches(in: bytes, work: &work)
        var found: [Match] = []
        func string(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        let rules = SecretPrefixRule.all
        for index in prefixRanges.keys.sorted() {
            found += prefixRanges[index, default: SecretMatchRanges()].ranges.map { Match(kind: rules[index].kind, text: string($0)) }
        }
        found += jsonWebTokens(in: bytes, work: &work).map { Match(kind: .jsonWebToken, text: $0) }
        found += privateKeys(in: bytes, work: &work).map { Match(kind: .privateKey, text: string($0)) }
        found += awsSecretKeys(in: bytes, name: name, work: &work).map {
            Match(kind: .awsSecretAccessKey, text: string($0))
        }
        // The providers' shapes, except where a kind above already names the same text.
        let named = Set(found.map(\.text))
        var providerMatches: [(start: Int, Match)] = []
        let shapes = TokenShape.providers
        for index in shapeRanges.keys.sorted() {
            let shape = shapes[index]
            for range in shapeRanges[index, default: SecretMatchRanges()].ranges {
                let text = string(range)
                if !named.contains(text) {
                    providerMatches.append((range.lowerBound, Match(kind: .providerToken, text: text, provider: shape.name)))
                }
            }
        }
        found += providerMatches.sorted { $0.start < $1.start }.map(\.1)
        var seen: Set<String> = []
        return found.filter { seen.insert($0.text).inserted }
    }

    /// The rules by the first two bytes of their prefix (65,536 entries), so one pass over the text tries
    /// at each position only the rules that can start there.
    private static let prefixRulesByFirstBytes = firstBytesTable(SecretPrefixRule.all.map(\.prefix))
    private static let shapesByFirstBytes = firstBytesTable(TokenShape.providers.map(\.anchor))

    private static func firstBytesTable(_ prefixes: [[UInt8]]) -> [[Int]] {
        var table = [[Int]](repeating: [], count: 65_536)
        for (index, prefix) in prefixes.enumerated() where !prefix.isEmpty {
            let seconds = prefix.count > 1 ? [prefix[1]] : Array(0...255)
            for second in seconds { table[Int(prefix[0]) << 8 | Int(second)].append(index) }
        }
        return table
    }

    /// The table key at `position`: its byte and the next (zero at the end).
    @inline(__always)
    private static func key(_ bytes: [UInt8], _ position: Int) -> Int {
        Int(bytes[position]) << 8 | (position + 1 < bytes.count ? Int(bytes[position + 1]) : 0)
    }

    /// The matches of the prefix rules and provider shapes that match, by the rule's index, each as a
    /// union of ranges. Only the rules a position's first bytes select are touched, so text that holds no
    /// token costs no work per rule (the scan runs on every value of every fixture loaded).
    private static func wordStartMatches(in bytes: [UInt8], work: inout ScanWork) -> (
        [Int: SecretMatchRanges], [Int: SecretMatchRanges]
    ) {
        let rules = SecretPrefixRule.all
        let shapes = TokenShape.providers
        let (wordBytes, startBytes) = (Self.wordBytes, Self.startBytes)
        let (rulesByKey, shapesByKey) = (prefixRulesByFirstBytes, shapesByFirstBytes)
        var prefixRanges: [Int: SecretMatchRanges] = [:]
        var shapeRanges: [Int: SecretMatchRanges] = [:]
        var runEnds = [Int](repeating: 0, count: rules.count)
        var firstRunEnds = [Int](repeating: 0, count: shapes.count)
        var previousIsWord = false
        work.add(bytes.count)
        let count = bytes.count
        // Through the buffers, taken once a scan: an array read costs several calls in a debug build.
        bytes.withUnsafeBufferPointer { text in
            TokenShape.CharacterClass.memberships.withUnsafeBufferPointer { memberships in
                var position = 0
                while position < count {
                    // A token starts a word: most positions are inside one, or hold a byte no token starts with.
                    while position < count {
                        let byte = text[position]
                        let startsHere = !previousIsWord && startBytes.contains(byte)
                        previousIsWord = wordBytes.contains(byte)
                        if startsHere { break }
                        position += 1
                    }
                    guard position < count else { break }
                    let key = key(bytes, position)
                    for index in rulesByKey[key] {
                        if let end = rules[index].matchEnd(in: bytes, at: position, runEnd: &runEnds[index], work: &work) {
                            prefixRanges[index, default: SecretMatchRanges()].add(position..<end)
                        }
                    }
                    for index in shapesByKey[key] {
                        if let end = shapes[index].matchEnd(
                            in: text, from: position, memberships: memberships, firstRunEnd: &firstRunEnds[index], work: &work)
                        {
                            shapeRanges[index, default: SecretMatchRanges()].add(position..<end)
                        }
                    }
                    position += 1
                }
            }
        }
        return (prefixRanges, shapeRanges)
    }

    /// Whether each byte continues a word (a letter, digit or `_`), and whether a prefix rule or a
    /// provider's anchor starts with it: read once a scan, for every byte it reads.
    private static let wordBytes = ByteSet((0...255).map(UInt8.init).filter { TokenShape.CharacterClass.word.contains($0) })
    private static let startBytes = ByteSet(
        (SecretPrefixRule.all.map(\.prefix) + TokenShape.providers.map(\.anchor)).compactMap(\.first))

    /// `eyJ…` `.` `…` `.` `…` in base64url; the first two segments at least 4 characters long. A token
    /// starts where no token character precedes it, so the tokens' extents never overlap.
    private static func jsonWebTokens(in bytes: [UInt8], work: inout ScanWork) -> [String] {
        func isTokenByte(_ byte: UInt8) -> Bool {
            TokenShape.CharacterClass.base64URL.contains(byte) || byte == UInt8(ascii: ".")
        }
        let marker = Array("eyJ".utf8)
        var tokens: [String] = []
        var from = 0
        while let start = bytes.firstOccurrence(of: marker, in: from..<bytes.count, work: &work) {
            from = start + 1
            guard start == 0 || !isTokenByte(bytes[start - 1]) else { continue }
            var end = start
            while end < bytes.count, isTokenByte(bytes[end]) { end += 1 }
            work.add(end - start)
            from = end
            let segments = bytes[start..<end].split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
            guard segments.count >= 3, segments[0].count >= 4, segments[1].count >= 4 else { continue }
            tokens.append(segments.prefix(3).map { String(decoding: $0, as: UTF8.self) }.joined(separator: "."))
        }
        return tokens
    }

    /// The longest label a `-----BEGIN <label>-----` line is searched for: labels are a few words.
    private static let longestPEMLabel = 100

    /// `-----BEGIN … PRIVATE KEY-----` blocks, through their `-----END … PRIVATE KEY-----` line (or to
    /// the end of the text when it has none: the key material is what must go). A `BEGIN` inside a block
    /// already found is part of it, so each byte is searched about once.
    private static func privateKeys(in bytes: [UInt8], work: inout ScanWork) -> [Range<Int>] {
        let begin = Array("-----BEGIN ".utf8)
        let dashes = Array("-----".utf8)
        var blocks: [Range<Int>] = []
        var from = 0
        while let start = bytes.firstOccurrence(of: begin, in: from..<bytes.count, work: &work) {
            from = start + 1
            let labelStart = start + begin.count
            // The label ends at the next dashes on the same line, within a label's length.
            var lineEnd = labelStart
            let labelLimit = min(bytes.count, labelStart + longestPEMLabel + dashes.count)
            while lineEnd < labelLimit, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            work.add(lineEnd - labelStart)
            guard let labelEnd = bytes.firstOccurrence(of: dashes, in: labelStart..<lineEnd, work: &work) else {
                continue
            }
            let label = String(decoding: bytes[labelStart..<labelEnd], as: UTF8.self)
            guard label.hasSuffix("PRIVATE KEY") else { continue }
            let endMarker = Array("-----END \(label)-----".utf8)
            let blockEnd =
                bytes.firstOccurrence(of: endMarker, in: (labelEnd + dashes.count)..<bytes.count, work: &work)
                .map { $0 + endMarker.count } ?? bytes.count
            blocks.append(start..<blockEnd)
            from = blockEnd
        }
        return blocks
    }

    /// A run of exactly 40 base64 characters: the whole value when `name` mentions `aws_secret`, or
    /// the first such run within 100 bytes after each `aws_secret` in the text.
    private static func awsSecretKeys(in bytes: [UInt8], name: String?, work: inout ScanWork) -> [Range<Int>] {
        let keyword = Array("aws_secret".utf8)
        var windows: [Range<Int>] = []
        if let name {
            let lowered = name.utf8.asciiLowercasedBytes
            if lowered.firstOccurrence(of: keyword, in: 0..<lowered.count, work: &work) != nil {
                windows.append(0..<bytes.count)
            }
        }
        let lowered = bytes.asciiLowercasedBytes
        work.add(bytes.count)
        var from = 0
        while let start = lowered.firstOccurrence(of: keyword, in: from..<lowered.count, work: &work) {
            let windowStart = start + keyword.count
            windows.append(windowStart..<min(bytes.count, windowStart + 100))
            from = windowStart
        }
        // Runs are measured once each: a window starting inside a run already measured skips it.
        var measuredUpTo = 0
        return windows.compactMap { window in
            var position = max(window.lowerBound, measuredUpTo)
            while position < window.upperBound {
                guard TokenShape.CharacterClass.base64.contains(bytes[position]) else {
                    position += 1
                    work.add()
                    continue
                }
                var end = position
                while end < bytes.count, TokenShape.CharacterClass.base64.contains(bytes[end]) { end += 1 }
                work.add(end - position)
                measuredUpTo = max(measuredUpTo, end)
                if end - position == 40, end == bytes.count || bytes[end] != UInt8(ascii: "=") {
                    return position..<end
                }
                position = end
            }
            return nil
        }
    }
}
