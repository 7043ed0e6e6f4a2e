import Testing

@testable import RecordReplay

/// How far apart two paths are, segment by segment: the nearest-interaction list of an unmatched request
/// ranks by it.
@Suite("Playback: the path distance of the nearest interactions")
struct SegmentDistanceTests {
    /// The definition: segments compared by position, plus the difference in their count, at most 4.
    static func byParts(_ left: String, _ right: String) -> Int {
        let leftParts = left.split(separator: "/", omittingEmptySubsequences: false)
        let rightParts = right.split(separator: "/", omittingEmptySubsequences: false)
        let differing = zip(leftParts, rightParts).filter { $0 != $1 }.count
        return min(4, differing + abs(leftParts.count - rightParts.count))
    }

    @Test("named cases: one segment changed, one added, trailing slashes, empty paths, non-ASCII segments")
    func namedCases() {
        #expect(RequestComparison.segmentDistance("/todos/1", "/todos/2") == 1)
        #expect(RequestComparison.segmentDistance("/todos/1", "/todos/1/comments") == 1)
        #expect(RequestComparison.segmentDistance("/todos", "/todos/") == 1)
        #expect(RequestComparison.segmentDistance("", "/") == 1)
        #expect(RequestComparison.segmentDistance("/a/b/c/d/e", "/v/w/x/y/z") == 4)
        #expect(RequestComparison.segmentDistance("/café/1", "/cafe/1") == 1)
    }

    @Test("random paths of a, b and slashes: the same distance as comparing their split parts")
    func agreesWithTheDefinition() {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let alphabet: [Character] = ["a", "b", "/", "/"]
        for round in 0..<3_000 {
            let left = String((0..<next(12)).map { _ in alphabet[next(alphabet.count)] })
            let right = String((0..<next(12)).map { _ in alphabet[next(alphabet.count)] })
            #expect(
                RequestComparison.segmentDistance(left, right) == Self.byParts(left, right),
                "round \(round): \(left.debugDescription) against \(right.debugDescription)")
        }
    }
}
