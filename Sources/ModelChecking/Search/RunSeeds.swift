import ContractEngine

/// The seeds of a check's runs: the first seed as given (so that it replays its run first), then seeds
/// drawn from a generator seeded with it (xor `salt`, which keeps the parallel plans' seeds apart from
/// the sequential runs'), never 0.
struct RunSeeds {
    private var chain: SplitMix64
    private var first: UInt64?

    init(first: UInt64, salt: UInt64 = 0) {
        self.first = first
        self.chain = SplitMix64(seed: first ^ salt)
    }

    mutating func next() -> UInt64 {
        if let first {
            self.first = nil
            return first
        }
        let seed = chain.next()
        return seed == 0 ? chain.next() : seed
    }
}
