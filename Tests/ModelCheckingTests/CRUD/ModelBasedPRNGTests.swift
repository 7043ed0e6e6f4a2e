import ContractEngine
import ModelChecking
import Testing

@Suite("ModelBased › SplitMix64")
struct ModelBasedPRNGTests {
    @Test("seed 1234567 gives the published SplitMix64 outputs")
    func publishedVector() {
        var random = SplitMix64(seed: 1_234_567)
        #expect((0..<5).map { _ in random.next() } == [
            6_457_827_717_110_365_317, 3_203_168_211_198_807_973, 9_817_491_932_198_370_423,
            4_593_380_528_125_082_431, 16_408_922_859_458_223_821,
        ])
    }

    @Test("seed 0 is valid and does not get stuck")
    func zeroSeed() {
        var random = SplitMix64(seed: 0)
        let first = random.next(), second = random.next()
        #expect(first == 0xE220_A839_7B1D_CDAF)
        #expect(first != second)
    }

    @Test("bounded values are the package's own: golden values, stable across toolchains")
    func boundedGolden() {
        var random = SplitMix64(seed: 0x1234_5678_9ABC_DEF0)
        let values = (0..<12).map { _ in random.bounded(10) }
        #expect(values == [0, 6, 2, 2, 6, 3, 3, 3, 6, 1, 1, 5])
        #expect((0..<4).map { _ in random.bounded(1_000_003) } == [302_603, 262_040, 56_892, 98_752])
        var again = SplitMix64(seed: 0x1234_5678_9ABC_DEF0)
        #expect(values == (0..<12).map { _ in again.bounded(10) })
        // Lemire's reduction of the raw outputs: the high word of next() * 10, recomputed here.
        var raw = SplitMix64(seed: 0x1234_5678_9ABC_DEF0)
        #expect(values == (0..<12).map { _ in Int(raw.next().multipliedFullWidth(by: 10).high) })
    }

    @Test("bounded values stay in range and are roughly uniform")
    func uniformity() {
        var random = SplitMix64(seed: 42)
        var counts = Array(repeating: 0, count: 10)
        for _ in 0..<100_000 { counts[random.bounded(10)] += 1 }
        #expect(counts.allSatisfy { (9_500...10_500).contains($0) }, "\(counts)")
        #expect((0..<100).allSatisfy { _ in random.bounded(1) == 0 })
        #expect((0..<1_000).allSatisfy { _ in (0..<Int.max).contains(random.bounded(Int.max)) })
        var odd = Array(repeating: 0, count: 3)
        for _ in 0..<30_000 { odd[random.bounded(3)] += 1 }
        #expect(odd.allSatisfy { (9_500...10_500).contains($0) }, "\(odd)")
    }
}
