import Foundation
@testable import RecordReplayRedaction
import Testing

@Suite struct StandardBase64Tests {
    @Test("Data(ifStandardBase64:) decodes exactly what Data(base64Encoded:) decodes, to the same bytes")
    func agreesWithFoundation() {
        // Random texts, mostly of the alphabet and its padding, some with a byte Foundation refuses. (Not
        // many: each text Foundation refuses costs it two thrown errors, each a backtrace under Swift Testing.)
        let pieces = Array("ABCXYZabcxyz0189+/=").map(String.init) + [" ", "-", "_", ".", "\n", "é"]
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var decoded = 0
        for _ in 0..<2_000 {
            let length = next(25)
            // One text in two draws only from the alphabet (no padding), so that many decode.
            let alphabetOnly = next(2) == 0
            let text = (0..<length).map { _ in pieces[next(alphabetOnly ? 18 : pieces.count)] }.joined()
            let expected = Data(base64Encoded: text)
            if expected != nil { decoded += 1 }
            #expect(Data(ifStandardBase64: text) == expected, "\(text.debugDescription)")
        }
        #expect(decoded > 100, "\(decoded) of 2,000 texts decoded")
        // Padded texts decode.
        #expect(Data(ifStandardBase64: "QUI=") == Data("AB".utf8))
        #expect(Data(ifStandardBase64: "QQ==") == Data("A".utf8))
        // Foundation takes padding past a multiple of four: the length is not screened.
        #expect(Data(base64Encoded: "xBBy=") != nil)
        #expect(Data(ifStandardBase64: "xBBy=") == Data(base64Encoded: "xBBy="))
    }
}
