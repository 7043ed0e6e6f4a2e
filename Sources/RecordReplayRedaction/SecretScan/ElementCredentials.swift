/// The text of an element named like a credential inside any text, found with the other
/// ``TextCredentials``: `<password>…</password>`, `<ns:ApiKey>…</ns:ApiKey>` in XML held in a JSON string
/// or a log, or written with character references (`&lt;password&gt;…&lt;/password&gt;`, read through
/// ``EscapedText``). An XML or HTML body's own elements are redacted by the markup rule as well; this one
/// lets the secret scan and every other text see them too.
///
/// The element's name (its local part, after a prefix and `:`) must name a credential, and its text must
/// run to a closing tag (`</`) with no other markup in between: an element holding elements, or a
/// paragraph whose text goes on into more markup, is none. The text, trimmed of spaces, must be a secret
/// value (``TextCredentials/isSecretValue(_:quoted:)``).
///
/// Each `<` is read once: its tag in at most ``longestTag`` bytes, its text up to the next `<`, so the
/// reads of consecutive elements do not overlap and the search is linear.
enum ElementCredentials {
    /// The longest tag read (its name and attributes).
    static let longestTag = 256
    /// The longest element text read.
    static let longestText = 4_096

    private static func isNameByte(_ byte: UInt8) -> Bool {
        TokenShape.CharacterClass.word.contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            || byte == UInt8(ascii: ":")
    }

    /// Where the next `<` at or after `start` is, read through the buffer (a slice's generic
    /// `firstIndex(of:)` costs several calls a byte in a debug build).
    private static func nextOpening(in bytes: [UInt8], from start: Int) -> Int? {
        bytes.withUnsafeBufferPointer { bytes in
            var position = start
            while position < bytes.count {
                if bytes[position] == UInt8(ascii: "<") { return position }
                position += 1
            }
            return nil
        }
    }

    /// The texts of the credential-named elements of `bytes`, in order.
    static func find(in bytes: [UInt8], isCredential: (String) -> Bool, work: inout ScanWork) -> [TextCredentials.Found] {
        var found: [TextCredentials.Found] = []
        var position = 0
        while let open = nextOpening(in: bytes, from: position) {
            work.add(open - position + 1)
            let nameStart = open + 1
            position = nameStart
            // The name, then attributes up to `>`; another `<` first means this was no tag.
            var nameEnd = nameStart
            while nameEnd < bytes.count, nameEnd - nameStart < 64, isNameByte(bytes[nameEnd]) { nameEnd += 1 }
            guard nameEnd > nameStart, nameEnd < bytes.count, TokenShape.CharacterClass.alphanumeric.contains(bytes[nameStart])
            else { continue }
            var tagEnd = nameEnd
            let tagLimit = min(bytes.count, nameStart + longestTag)
            while tagEnd < tagLimit, bytes[tagEnd] != UInt8(ascii: ">"), bytes[tagEnd] != UInt8(ascii: "<") { tagEnd += 1 }
            work.add(tagEnd - nameStart + 1)
            guard tagEnd < tagLimit, bytes[tagEnd] == UInt8(ascii: ">"), bytes[tagEnd - 1] != UInt8(ascii: "/") else { continue }
            position = tagEnd + 1
            let name = String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self)
            let localName = name.split(separator: ":").last.map(String.init) ?? name
            guard !localName.isEmpty, isCredential(localName) else { continue }
            // The text, up to the next `<`, which must close an element.
            let textLimit = min(bytes.count, position + longestText)
            var textEnd = position
            while textEnd < textLimit, bytes[textEnd] != UInt8(ascii: "<") { textEnd += 1 }
            work.add(textEnd - position + 1)
            guard textEnd + 1 < bytes.count, bytes[textEnd] == UInt8(ascii: "<"), bytes[textEnd + 1] == UInt8(ascii: "/") else { continue }
            var start = position
            var end = textEnd
            while start < end, isSpace(bytes[start]) { start += 1 }
            while end > start, isSpace(bytes[end - 1]) { end -= 1 }
            guard start < end, TextCredentials.isSecretValue(String(decoding: bytes[start..<end], as: UTF8.self), quoted: true)
            else { continue }
            found.append(TextCredentials.Found(range: start..<end, kind: .assignedCredential, label: localName))
        }
        return found
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }
}
