/// Finds every occurrence of many strings at once and replaces each with the string's replacement, in
/// time linear in the text and memory linear in the number of strings, whatever the strings and the
/// text. Occurrences that overlap are merged and replaced as one, by ``Redaction/placeholder``: no part
/// of a longer string survives a shorter one.
///
/// Each string is kept only as its length and a hash (a polynomial hash modulo the Mersenne prime
/// 2^61 − 1, with a base drawn at random per search). One pass over the text keeps a rolling hash of
/// the last ``window`` bytes and the prefix hashes of the last ``longest`` positions; where the window's
/// hash is the last window of some string, the hash of the text ending there is compared with that
/// string's, for each length such strings have, in constant time each. Equal strings always have equal
/// hashes, so no occurrence is missed; a collision (about 2^-61 per comparison) can only redact more.
struct SpellingSearch {
    /// The length of the window the candidates are found by: the shortest string's, at most 16.
    private let window: Int
    /// The longest string's length: how many prefix hashes the pass keeps.
    private let longest: Int
    private let base: UInt64
    /// `base` to the power `window`, to take a byte out of the rolling window.
    private let windowPower: UInt64
    /// By the hash of a string's last `window` bytes: the lengths of such strings, and `base` to each.
    private let candidates: [UInt64: [(length: Int, power: UInt64)]]
    /// The strings, as (length, hash), and the index of each one's replacement.
    private let strings: [Key: Int]
    /// The replacements, by index.
    private let replacements: [String]

    private struct Key: Hashable {
        var length: Int
        var hash: UInt64
    }

    /// Whether there is nothing to find.
    var isEmpty: Bool { strings.isEmpty }

    /// Prepares a search for `strings`, each to be replaced by the placeholder (empty ones are ignored).
    init(_ strings: some Sequence<String>) {
        self.init(replacing: strings.map { ($0, Redaction.placeholder) })
    }

    /// Prepares a search for each pair's string, to be replaced by the pair's replacement (empty strings
    /// are ignored; a string given twice keeps its first replacement).
    init(replacing pairs: [(string: String, replacement: String)]) {
        var generator = SystemRandomNumberGenerator()
        let base = UInt64.random(in: 256..<(Self.modulus - 1), using: &generator)
        let patterns = pairs.map { (Array($0.string.utf8), $0.replacement) }.filter { !$0.0.isEmpty }
        let window = min(16, patterns.map(\.0.count).min() ?? 1)
        var candidates: [UInt64: [(length: Int, power: UInt64)]] = [:]
        var keys: [Key: Int] = [:]
        var replacements: [String] = []
        for (pattern, replacement) in patterns {
            let key = Key(length: pattern.count, hash: Self.hash(pattern[...], base: base))
            guard keys[key] == nil else { continue }
            keys[key] = replacements.count
            replacements.append(replacement)
            let tail = Self.hash(pattern[(pattern.count - window)...], base: base)
            if !(candidates[tail]?.contains { $0.length == pattern.count } ?? false) {
                candidates[tail, default: []].append((pattern.count, Self.power(base, pattern.count)))
            }
        }
        self.window = window
        self.longest = patterns.map(\.0.count).max() ?? 0
        self.base = base
        self.windowPower = Self.power(base, window)
        self.candidates = candidates
        self.strings = keys
        self.replacements = replacements
    }

    /// One stretch of text to replace: an occurrence, or several overlapping ones merged.
    struct Occurrence {
        var range: Range<Int>
        /// The replacement's index, or nil for merged occurrences.
        var replacement: Int?
    }

    /// Where the strings occur in `bytes`, in order, overlapping occurrences merged into one.
    func occurrences(in bytes: [UInt8], work: inout ScanWork) -> [Occurrence] {
        guard !strings.isEmpty, bytes.count >= window else { return [] }
        // prefix[i % ring] is the hash of bytes[0..<i], for the last `ring` values of i.
        let ring = min(longest, bytes.count) + 1
        var prefix = [UInt64](repeating: 0, count: ring)
        var rolling: UInt64 = 0
        // Disjoint and in order: an occurrence ends at or after every range before it, and swallows
        // those it overlaps.
        var found: [Occurrence] = []
        for (offset, byte) in bytes.enumerated() {
            let end = offset + 1
            prefix[end % ring] = Self.add(Self.multiply(prefix[offset % ring], base), UInt64(byte))
            rolling = Self.add(Self.multiply(rolling, base), UInt64(byte))
            if end > window {
                let leaving = Self.multiply(UInt64(bytes[end - window - 1]), windowPower)
                rolling = Self.subtract(rolling, leaving)
            }
            work.add()
            guard end >= window, let lengths = candidates[rolling] else { continue }
            for (length, power) in lengths where length <= end {
                work.add()
                let hash = Self.subtract(prefix[end % ring], Self.multiply(prefix[(end - length) % ring], power))
                guard let replacement = strings[Key(length: length, hash: hash)] else { continue }
                var occurrence = Occurrence(range: (end - length)..<end, replacement: replacement)
                while let last = found.last, occurrence.range.lowerBound < last.range.upperBound {
                    occurrence = Occurrence(range: min(occurrence.range.lowerBound, last.range.lowerBound)..<end)
                    found.removeLast()
                }
                found.append(occurrence)
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
        let bytes = Array(text.utf8)
        let found = occurrences(in: bytes, work: &work)
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

    private static func hash(_ bytes: ArraySlice<UInt8>, base: UInt64) -> UInt64 {
        bytes.reduce(0) { add(multiply($0, base), UInt64($1)) }
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
