import Foundation

/// The bytes of the fixture at `url` without its `recorded` member: what a re-recording must reproduce
/// byte for byte. A fresh recording carries the time it was made; the committed fixtures carry none (a
/// re-recording into them that changes nothing else leaves them untouched, so none is ever added).
func undatedBytes(of url: URL) throws -> Data {
    let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
    guard let member = text.range(of: #"\n  "recorded": "[^"]*","#, options: .regularExpression) else { return Data(text.utf8) }
    return Data(text.replacingCharacters(in: member, with: "").utf8)
}
