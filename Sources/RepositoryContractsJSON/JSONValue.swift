/// A JSON value that keeps what `JSONSerialization` loses: the order of object members and the exact
/// lexeme of every number (so `12345678901234567890` and `1.10` survive a round trip).
///
/// Fixtures store JSON bodies as `JSONValue`s; matching compares them semantically (member order
/// ignored, numbers compared by value). Strings are equal, everywhere in the package (`==`, the
/// canonical form, ``JSONDifference``, replay matching, the contract engine's edge cases), when Swift's
/// `String` `==` says so: canonically equivalent spellings (`é` as one scalar or two) are one string.
package indirect enum JSONValue: Sendable, Hashable {
    /// An object's members in their original order (duplicate names are kept as written).
    case object([Member])
    /// An array.
    case array([JSONValue])
    /// A string (unescaped).
    case string(String)
    /// A number, as its lexeme (`-0.5e3`), exactly as written.
    case number(String)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null

    /// One member of a JSON object.
    package struct Member: Sendable, Hashable {
        /// The member's name (unescaped).
        package var name: String
        /// The member's value.
        package var value: JSONValue

        /// Creates a member.
        package init(_ name: String, _ value: JSONValue) {
            self.name = name
            self.value = value
        }
    }
}
