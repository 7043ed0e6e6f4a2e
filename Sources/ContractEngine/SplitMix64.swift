/// A small, seeded pseudo-random generator kept in the package so that a seed replays the same sequence on
/// every platform and toolchain.
///
/// This is Steele, Lea and Flood's SplitMix64 (the generator Java's `SplittableRandom` and the xoshiro
/// authors use for seeding). Every seed is valid, zero included: the state advances by an odd constant, so
/// it never gets stuck. Bounded values come from ``bounded(_:)``, which is the package's own range
/// reduction (Lemire's multiply-shift with rejection), never the standard library's `random(in:using:)`,
/// whose algorithm may change between releases.
package struct SplitMix64: RandomNumberGenerator, Sendable, Hashable {
    private var state: UInt64

    /// A generator that starts from `seed`.
    package init(seed: UInt64) {
        self.state = seed
    }

    /// The next 64 random bits.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniformly distributed integer in `0..<upperBound`; `upperBound` must be positive.
    ///
    /// Lemire's method: multiply a random 64-bit value by the bound and keep the high word, rejecting the
    /// few low words that would bias the result.
    package mutating func bounded(_ upperBound: Int) -> Int {
        precondition(upperBound > 0, "bounded(_:) needs a positive upper bound, got \(upperBound)")
        let bound = UInt64(upperBound)
        var product = next().multipliedFullWidth(by: bound)
        if product.low < bound {
            let threshold = (0 &- bound) % bound
            while product.low < threshold {
                product = next().multipliedFullWidth(by: bound)
            }
        }
        return Int(product.high)
    }

    /// `true` with probability `percent` / 100.
    package mutating func chance(_ percent: Int) -> Bool {
        bounded(100) < percent
    }
}
