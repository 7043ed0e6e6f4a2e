import Testing

@testable import RecordReplayRedaction

@Suite("ByteSet")
struct ByteSetTests {
    @Test("holds exactly the bytes it was made of, in each quarter of the byte range")
    func agreesWithSet() {
        var generator = SystemRandomNumberGenerator()
        let samples: [Set<UInt8>] = [[], [0], [63], [64], [127], [128], [191], [192], [255], Set(0...255)]
            + (0..<200).map { _ in Set((0..<Int.random(in: 1...40, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }) }
        for members in samples {
            let set = ByteSet(members)
            let held = (0...255).map(UInt8.init).filter(set.contains)
            #expect(Set(held) == members, "\(members.sorted())")
        }
    }
}
