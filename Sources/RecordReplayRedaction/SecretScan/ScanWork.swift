/// A count of the steps a scan took (bytes looked at, candidates tried), so tests can check that the
/// cost of scanning grows linearly with the input without timing anything.
struct ScanWork {
    /// The steps counted so far.
    var steps = 0

    @inline(__always)
    mutating func add(_ count: Int = 1) { steps &+= count }
}

extension Array where Element == UInt8 {
    /// The first start of `needle` in `range` of the array (the whole needle inside `range`), or nil.
    /// Looks at each byte of `range` about once per byte of the needle at most.
    func firstOccurrence(of needle: [UInt8], in range: Range<Int>, work: inout ScanWork) -> Int? {
        guard !needle.isEmpty, range.count >= needle.count else { return nil }
        let lastStart = range.upperBound - needle.count
        // Through the buffers: an array read costs several calls in a debug build (`swift test`).
        return withUnsafeBufferPointer { text in
            needle.withUnsafeBufferPointer { needle in
                let first = needle[0]
                var start = range.lowerBound
                while start <= lastStart {
                    work.add()
                    if text[start] == first {
                        var offset = 1
                        while offset < needle.count, text[start + offset] == needle[offset] { offset += 1 }
                        work.add(offset)
                        if offset == needle.count { return start }
                    }
                    start += 1
                }
                return nil
            }
        }
    }
}
