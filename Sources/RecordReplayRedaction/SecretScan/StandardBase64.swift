import Foundation

extension Data {
    /// `Data(base64Encoded: text)`, asked only of text that could be standard base64: each byte a letter,
    /// a digit, `+`, `/` or `=`. (Not its length: Foundation takes `xBBy=`, say.)
    ///
    /// Foundation refuses other text by throwing (twice, inside `Data(base64Encoded:)`), and a thrown error
    /// costs a backtrace when Swift Testing runs the process. The scan asks this of every long text value
    /// it reads, and most are not base64.
    init?(ifStandardBase64 text: String) {
        guard text.utf8.allSatisfy(\.isStandardBase64), let data = Data(base64Encoded: text) else {
            return nil
        }
        self = data
    }
}

extension UInt8 {
    /// Whether this byte is in the standard base64 alphabet or is its padding.
    fileprivate var isStandardBase64: Bool {
        switch self {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: "="):
            true
        default: false
        }
    }
}
