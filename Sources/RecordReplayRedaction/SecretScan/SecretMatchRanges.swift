/// The ranges one rule matched in a text, kept as a union: a match that starts inside the previous one
/// extends it instead of standing apart.
///
/// Input such as `xoxb-` repeated has a match starting at every repetition, each one a suffix of the
/// first; keeping them apart would hold a string per repetition (quadratic memory). Their union holds
/// every byte any of them covers, so nothing is redacted less.
struct SecretMatchRanges {
    private(set) var ranges: [Range<Int>] = []

    /// Adds a match; matches must arrive in order of their start.
    mutating func add(_ range: Range<Int>) {
        if let last = ranges.last, range.lowerBound < last.upperBound {
            ranges[ranges.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
        } else {
            ranges.append(range)
        }
    }
}
