/// A set of bytes as 256 bits: `contains` is a shift and a mask, where a `Set<UInt8>` hashes the byte and
/// a table of flags is an array read (a retain, a bounds check and a release in a debug build). The scans
/// ask for every byte they read, and a debug build (`swift test`) is how they run in tests.
struct ByteSet: Sendable {
    private var low: UInt64 = 0, lowMiddle: UInt64 = 0, highMiddle: UInt64 = 0, high: UInt64 = 0

    /// The set of `bytes`.
    init(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            let bit: UInt64 = 1 &<< UInt64(byte & 63)
            switch byte &>> 6 {
            case 0: low |= bit
            case 1: lowMiddle |= bit
            case 2: highMiddle |= bit
            default: high |= bit
            }
        }
    }

    /// Whether `byte` is in the set.
    @inline(__always)
    func contains(_ byte: UInt8) -> Bool {
        let word: UInt64
        switch byte &>> 6 {
        case 0: word = low
        case 1: word = lowMiddle
        case 2: word = highMiddle
        default: word = high
        }
        return word &>> UInt64(byte & 63) & 1 != 0
    }
}
