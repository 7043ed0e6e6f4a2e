/// The byte classes of the HTTP grammar (RFC 9110 §5.6, RFC 9112) that the decoder checks and the response
/// encoder keeps to: `HTTPByte.lineFeed`, `HTTPByte.isTokenCharacter(_:)`, ….
///
/// They are package members of `UInt8`, not of a namespace type of their own, so that the other modules'
/// parsers inline them in a release build: the toolchain (Swift 6.3) never inlines across modules the
/// `@inlinable` members of a `package` type, only those of a public one (each byte the parser read cost
/// a call to a constant's getter).
package typealias HTTPByte = UInt8

extension UInt8 {
    @inlinable package static var lineFeed: UInt8 { 0x0A }
    @inlinable package static var carriageReturn: UInt8 { 0x0D }
    @inlinable package static var space: UInt8 { 0x20 }
    @inlinable package static var tab: UInt8 { 0x09 }
    @inlinable package static var colon: UInt8 { 0x3A }
    @inlinable package static var semicolon: UInt8 { 0x3B }
    @inlinable package static var comma: UInt8 { 0x2C }

    /// `tchar`: the characters of a token (method, field name).
    @inlinable
    package static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        case 0x21, 0x23, 0x24, 0x25, 0x26, 0x27, 0x2A, 0x2B, 0x2D, 0x2E, 0x5E, 0x5F, 0x60, 0x7C, 0x7E: true
        default: false
        }
    }

    /// A byte allowed in a field value or a chunk extension: `VCHAR`, `obs-text`, space or tab.
    @inlinable
    package static func isFieldValueCharacter(_ byte: UInt8) -> Bool {
        byte == tab || (byte >= 0x20 && byte != 0x7F)
    }

    /// A byte allowed in a request target: visible ASCII except `#` (a fragment is never sent).
    @inlinable
    package static func isTargetCharacter(_ byte: UInt8) -> Bool {
        byte > 0x20 && byte < 0x7F && byte != 0x23
    }

    /// Space or horizontal tab (`OWS`, `BWS`).
    @inlinable
    package static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == space || byte == tab
    }

    /// Whether `bytes` equals the lower-case ASCII `lowercase` when ASCII letters are compared without case.
    @inlinable
    package static func equalsIgnoringCase(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, _ lowercase: StaticString) -> Bool {
        guard bytes.count == lowercase.utf8CodeUnitCount else { return false }
        let expected = UnsafeBufferPointer(start: lowercase.utf8Start, count: lowercase.utf8CodeUnitCount)
        var index = bytes.startIndex
        for byte in expected {
            let actual = bytes[index]
            let folded = actual >= 0x41 && actual <= 0x5A ? actual | 0x20 : actual
            if folded != byte { return false }
            index += 1
        }
        return true
    }

    /// Whether `bytes` equals the ASCII `text` exactly.
    @inlinable
    package static func equalsCaseSensitive(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, _ text: StaticString) -> Bool {
        bytes.elementsEqual(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// The bytes with leading and trailing spaces and tabs removed.
    @inlinable
    package static func trimmingWhitespace(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Slice<UnsafeBufferPointer<UInt8>> {
        var lower = bytes.startIndex, upper = bytes.endIndex
        while lower < upper, isWhitespace(bytes[lower]) { lower += 1 }
        while upper > lower, isWhitespace(bytes[upper - 1]) { upper -= 1 }
        return bytes[lower..<upper]
    }

    /// The comma-separated elements of a list field value, trimmed, empty elements left out
    /// (RFC 9110 §5.6.1).
    package static func listElements(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> [Slice<UnsafeBufferPointer<UInt8>>] {
        var elements: [Slice<UnsafeBufferPointer<UInt8>>] = []
        var start = bytes.startIndex
        var index = bytes.startIndex
        while index <= bytes.endIndex {
            if index == bytes.endIndex || bytes[index] == comma {
                let element = trimmingWhitespace(bytes[start..<index])
                if !element.isEmpty { elements.append(element) }
                start = index + 1
            }
            index += 1
        }
        return elements
    }

    /// The first position of `byte` in `bytes`, or `nil`.
    ///
    /// This and ``all(_:are:)`` read the buffer by position: the generic `firstIndex(of:)`, `contains` and
    /// `allSatisfy` on a slice cost several calls per byte in a debug build, which is how `swift test` runs
    /// the stub server on every request of a suite.
    @inlinable
    package static func firstIndex(of byte: UInt8, in bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
        let buffer = bytes.base
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if buffer[index] == byte { return index }
            index += 1
        }
        return nil
    }

    /// Whether every byte of `bytes` satisfies `predicate` (true for no bytes).
    @inlinable
    package static func all(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, are predicate: (UInt8) -> Bool) -> Bool {
        let buffer = bytes.base
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if !predicate(buffer[index]) { return false }
            index += 1
        }
        return true
    }

    /// A string from bytes, decoded as UTF-8 (invalid sequences become U+FFFD).
    @inlinable
    package static func string(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes), as: UTF8.self)
    }
}
