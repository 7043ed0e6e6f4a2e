/// A set of bytes as a table of 256 flags: `contains` is one load, where a `Set<UInt8>` hashes the byte.
/// The scans ask for every byte they read, and a debug build (`swift test`) runs the hash in full.
struct ByteSet: Sendable {
    private let members: [Bool]

    /// The set of `bytes`.
    init(_ bytes: some Sequence<UInt8>) {
        var members = [Bool](repeating: false, count: 256)
        for byte in bytes { members[Int(byte)] = true }
        self.members = members
    }

    /// Whether `byte` is in the set.
    func contains(_ byte: UInt8) -> Bool {
        members[Int(byte)]
    }
}
