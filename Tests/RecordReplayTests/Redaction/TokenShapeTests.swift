import Foundation
import Testing

@testable import RecordReplay
@testable import RecordReplayFixtures
@testable import RecordReplayRedaction
@testable import RecordReplayWire

/// Every provider shape finds a sample made from its own segments, and misses the near misses: the
/// anchor glued to a preceding word, and the last run one character short.
@Suite("Provider token shapes")
struct TokenShapeTests {
    /// A valid-looking token of `shape`: each run filled with a seeded mix of its class's characters, as
    /// long as its longest allowed length (or 40 past its shortest when that is far off).
    static func sample(of shape: TokenShape, shortenLastRun: Bool = false) -> String {
        var generator = SampleGenerator(seed: UInt64(truncatingIfNeeded: shape.name.hashValueStable))
        var text = ""
        for (offset, segment) in shape.segments.enumerated() {
            switch segment {
            case .literal(let literal):
                text += literal
            case .run(let characterClass, let lengths):
                var length = min(lengths.upperBound, lengths.lowerBound + 40)
                if shortenLastRun, offset == shape.segments.count - 1 { length = lengths.lowerBound - 1 }
                let members = characterClass.members
                text += String(decoding: (0..<max(0, length)).map { _ in members[generator.next(below: members.count)] }, as: UTF8.self)
            }
        }
        return text
    }

    @Test("at least 75 shapes, each with a distinct name")
    func table() {
        #expect(TokenShape.providers.count >= 75)
        #expect(Set(TokenShape.providers.map(\.name)).count == TokenShape.providers.count)
    }

    @Test("each shape finds its sample in text, and the scan reports it", arguments: TokenShape.providers.map(\.name))
    func sampleIsFound(name: String) throws {
        let shape = try #require(TokenShape.providers.first { $0.name == name })
        let token = Self.sample(of: shape)
        #expect(shape.matches(in: Array("key: \(token) end".utf8)) == [token])
        #expect(shape.matches(in: Array("\"\(token)\"".utf8)) == [token])
        let found = SecretScanShapes.matches(in: "value=\(token)&x=1")
        #expect(found.contains { $0.text == token }, "\(found)")
    }

    @Test("each shape misses its near misses", arguments: TokenShape.providers.map(\.name))
    func nearMissesAreNot(name: String) throws {
        let shape = try #require(TokenShape.providers.first { $0.name == name })
        let token = Self.sample(of: shape)
        // Glued to a preceding word: not a token of its own.
        #expect(shape.matches(in: Array("x\(token)".utf8)).isEmpty)
        // The last run one character shorter than allowed.
        if case .run(_, let lengths) = shape.segments.last, lengths.lowerBound > 0 {
            let short = Self.sample(of: shape, shortenLastRun: true)
            #expect(shape.matches(in: Array(" \(short) ".utf8)).isEmpty, "\(short)")
        }
    }
}

/// SplitMix64, for samples that are the same on every run.
struct SampleGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(below bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}

extension String {
    /// A hash that is the same on every run (Swift's `hashValue` is seeded per process).
    fileprivate var hashValueStable: UInt64 {
        utf8.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
    }
}
