/// Finds every occurrence of many strings at once and replaces each with the string's replacement, in
/// time linear in the text and memory linear in the number of strings, whatever the strings and the
/// text. Occurrences that overlap are merged and replaced as one, by ``Redaction/placeholder``: no part
/// of a longer string survives a shorter one.
///
/// Each string is kept only as its length and a hash (a polynomial hash modulo the Mersenne prime
/// 2^61 − 1, with a base drawn at random per search), computed as it is added, so the strings need not
/// be held. One pass over the text keeps:
/// - a rolling hash of the last ``window`` bytes and the prefix hashes of the last positions, up to
///   the longest *short* string (at most ``longLength`` bytes): where the window's hash is the last
///   window of some short strings, the hash of the text ending there is compared with theirs, one
///   constant-time comparison per length they have;
/// - for each length of the *long* strings (a rare thing: a merged run of repeated prefixes, a key
///   block without its end line), a rolling hash of that many bytes, compared at every position.
///
/// Equal strings always have equal hashes, so no occurrence is missed; a collision (about 2^-61 per
/// comparison) can only redact more.
struct SpellingSearch {
    /// Strings longer than this are matched by a rolling hash of their own length, so the prefix hashes
    /// kept stay small (8 bytes each, at most 64 Ki of them).
    static let longLength = 65_536

    /// The length of the window short strings are found by: at most the shortest string's, at most 16.
    private let window: Int
    private let base: UInt64
    /// `base` to the power `window`, to take a byte out of the rolling window.
    private let windowPower: UInt64
    /// The longest short string's length: how many prefix hashes the pass keeps.
    private var longestShort = 0
    /// By the hash of a short string's last `window` bytes: the lengths of such strings, and `base` to
    /// each.
    private var candidates: [UInt64: [(length: Int, power: UInt64)]] = [:]
    /// The long strings' lengths, with `base` to each.
    private var longLengths: [Int: UInt64] = [:]
    /// The strings, as (length, hash), and the index of each one's replacement.
    private var strings: [Key: Int] = [:]
    /// The replacements, by index.
    private var replacements: [String] = []

    private struct Key: Hashable {
        var length: Int
        var hash: UInt64
    }

    /// Whether there is nothing to find.
    var isEmpty: Bool { strings.isEmpty }

    /// An empty search for strings of at least `shortest` bytes (1 or more), to fill with ``add(_:replacement:)``.
    init(shortest: Int) {
        var generator = SystemRandomNumberGenerator()
        base = UInt64.random(in: 256..<(Self.modulus - 1), using: &generator)
        window = min(16, max(1, shortest))
        windowPower = Self.power(base, window)
    }

    /// Prepares a search for `strings`, each to be replaced by the placeholder (empty ones are ignored).
    init(_ strings: some Collection<String>) {
        self.init(replacing: strings.map { ($0, Redaction.placeholder) })
    }

    /// Prepares a search for each pair's string, to be replaced by the pair's replacement (empty strings
    /// are ignored; a string given twice keeps its first replacement).
    init(replacing pairs: [(string: String, replacement: String)]) {
        self.init(shortest: pairs.map(\.string.utf8.count).filter { $0 > 0 }.min() ?? 1)
        for (string, replacement) in pairs { add(string, replacement: replacement) }
    }

    /// Adds `string`, to be replaced by `replacement`; ignored when empty or already added. A string
    /// shorter than the `shortest` the search was made for is added as a long one (found, at the cost of
    /// a hash per byte of text).
    mutating func add(_ string: String, replacement: String) {
        let length = string.utf8.count
        guard length > 0 else { return }
        // The whole string's hash, and the hash of all but its last `window` bytes on the way.
        var hash: UInt64 = 0
        var head: UInt64 = 0
        for (offset, byte) in string.utf8.enumerated() {
            if offset == length - window { head = hash }
            hash = Self.add(Self.multiply(hash, base), UInt64(byte))
        }
        let key = Key(length: length, hash: hash)
        guard strings[key] == nil else { return }
        strings[key] = replacements.count
        replacements.append(replacement)
        let power = Self.power(base, length)
        if length > Self.longLength || length < window {
            longLengths[length] = power
            return
        }
        let tail = Self.subtract(hash, Self.multiply(head, windowPower))
        if !(candidates[tail]?.contains { $0.length == length } ?? false) {
            candidates[tail, default: []].append((length, power))
        }
        longestShort = max(longestShort, length)
    }

    /// One stretch of text to replace: an occurrence, or several overlapping ones merged.
    struct Occurrence {
        var range: Range<Int>
        /// The replacement's index, or nil for merged occurrences.
        var replacement: Int?
    }

    /// Where the strings occur in `bytes`, in order, overlapping occurrences merged into one.
    func occurrences(in bytes: [UInt8], work: inout ScanWork) -> [Occurrence] {
        guard !strings.isEmpty else { return [] }
        // prefix[i % ring] is the hash of bytes[0..<i], for the last `ring` values of i.
        let ring = min(longestShort, bytes.count) + 1
        var prefix = [UInt64](repeating: 0, count: ring)
        var rolling: UInt64 = 0
        var long = longLengths.filter { $0.key <= bytes.count }.map { (length: $0.key, power: $0.value, hash: UInt64(0)) }
        // Disjoint and in order: an occurrence ends at or after every range before it, and swallows
        // those it overlaps.
        var found: [Occurrence] = []
        func note(_ length: Int, _ hash: UInt64, endingAt end: Int) {
            guard let replacement = strings[Key(length: length, hash: hash)] else { return }
            var occurrence = Occurrence(range: (end - length)..<end, replacement: replacement)
            while let last = found.last, occurrence.range.lowerBound < last.range.upperBound {
                occurrence = Occurrence(range: min(occurrence.range.lowerBound, last.range.lowerBound)..<end)
                found.removeLast()
            }
            found.append(occurrence)
        }
        for (offset, byte) in bytes.enumerated() {
            let end = offset + 1
            let value = UInt64(byte)
            prefix[end % ring] = Self.add(Self.multiply(prefix[offset % ring], base), value)
            rolling = Self.add(Self.multiply(rolling, base), value)
            if end > window {
                rolling = Self.subtract(rolling, Self.multiply(UInt64(bytes[end - window - 1]), windowPower))
            }
            work.add(1 + long.count)
            for index in long.indices {
                var hash = Self.add(Self.multiply(long[index].hash, base), value)
                if end > long[index].length {
                    hash = Self.subtract(hash, Self.multiply(UInt64(bytes[end - long[index].length - 1]), long[index].power))
                }
                long[index].hash = hash
                if end >= long[index].length { note(long[index].length, hash, endingAt: end) }
            }
            guard end >= window, let lengths = candidates[rolling] else { continue }
            for (length, power) in lengths where length <= end {
                work.add()
                note(length, Self.subtract(prefix[end % ring], Self.multiply(prefix[(end - length) % ring], power)), endingAt: end)
            }
        }
        return found
    }

    /// `text` with each occurrence replaced, or nil when there is none.
    func replacing(in text: String) -> String? {
        var work = ScanWork()
        return replacing(in: text, work: &work)
    }

    /// ``replacing(in:)``, counting the steps taken in `work`.
    func replacing(in text: String, work: inout ScanWork) -> String? {
        replacing(in: text, wholeTokensOnly: false, work: &work)
    }

    /// ``replacing(in:)``, keeping only the occurrences that stand as a whole token: at either end of the
    /// text or next to a quote or a separator (`" ' \\ = : & ? / ; , ( ) [ ] { } < >`) on both sides:
    /// `hunter2` in `"hunter2"`, `pw=hunter2&` or a whole value, not in `hunter23` nor as a word of prose
    /// (`wrong` in `wrong email or password`).
    func replacingWholeTokens(in text: String) -> String? {
        var work = ScanWork()
        return replacing(in: text, wholeTokensOnly: true, work: &work)
    }

    /// The bytes a whole token may stand next to.
    private static let tokenBoundaries = ByteSet("\"'\\=:&?/;,()[]{}<>".utf8)

    private func replacing(in text: String, wholeTokensOnly: Bool, work: inout ScanWork) -> String? {
        let bytes = Array(text.utf8)
        var found = occurrences(in: bytes, work: &work)
        if wholeTokensOnly {
            func continuesToken(_ position: Int) -> Bool {
                position >= 0 && position < bytes.count && !Self.tokenBoundaries.contains(bytes[position])
            }
            found.removeAll { continuesToken($0.range.lowerBound - 1) || continuesToken($0.range.upperBound) }
        }
        guard !found.isEmpty else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var copied = 0
        for occurrence in found {
            output += bytes[copied..<occurrence.range.lowerBound]
            output += (occurrence.replacement.map { replacements[$0] } ?? Redaction.placeholder).utf8
            copied = occurrence.range.upperBound
        }
        output += bytes[copied...]
        return String(decoding: output, as: UTF8.self)
    }

    // MARK: Arithmetic modulo 2^61 − 1

    private static let modulus: UInt64 = (1 << 61) - 1

    private static func add(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let sum = a + b
        return sum >= modulus ? sum - modulus : sum
    }

    private static func subtract(_ a: UInt64, _ b: UInt64) -> UInt64 {
        a >= b ? a - b : a + modulus - b
    }

    private static func multiply(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let (high, low) = a.multipliedFullWidth(by: b)
        // high·2^64 + low ≡ high·8 + (low >> 61) + (low & modulus)  (mod 2^61 − 1)
        let folded = (high << 3) | (low >> 61)
        return add(folded % modulus, low & modulus)
    }

    private static func power(_ base: UInt64, _ exponent: Int) -> UInt64 {
        var result: UInt64 = 1
        var factor = base
        var exponent = exponent
        while exponent > 0 {
            if exponent & 1 == 1 { result = multiply(result, factor) }
            factor = multiply(factor, factor)
            exponent >>= 1
        }
        return result
    }
}
