/// HTTP header fields as an ordered list of name–value pairs.
///
/// Order and duplicates are kept as received or recorded (`Set-Cookie` may appear twice); look-ups by
/// name ignore ASCII case, as HTTP field names do.
public struct HTTPHeaders: Sendable, Hashable, RandomAccessCollection, ExpressibleByDictionaryLiteral {
    /// One header field.
    public struct Field: Sendable, Hashable {
        /// The field name as written (case kept).
        public var name: String
        /// The field value, without surrounding whitespace.
        public var value: String

        /// Creates a field.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The fields in order.
    public var fields: [Field]

    /// Creates headers from fields in order.
    public init(_ fields: [Field] = []) {
        self.fields = fields
    }

    /// Creates headers from name–value pairs in order.
    public init(_ pairs: [(String, String)]) {
        self.fields = pairs.map { Field(name: $0.0, value: $0.1) }
    }

    /// Creates headers from a literal; the literal's order is kept.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }

    public var startIndex: Int { fields.startIndex }
    public var endIndex: Int { fields.endIndex }
    public subscript(position: Int) -> Field { fields[position] }

    /// The value of the first field named `name` (ASCII case-insensitive), or `nil`.
    public subscript(name: String) -> String? {
        fields.first { $0.name.equalsIgnoringASCIICase(name) }?.value
    }

    /// Every value of the fields named `name`, in order.
    public func values(for name: String) -> [String] {
        fields.filter { $0.name.equalsIgnoringASCIICase(name) }.map(\.value)
    }

    /// Appends a field at the end.
    public mutating func append(name: String, value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Replaces every field named `name` by one field with `value` (at the first one's position), or
    /// appends it.
    public mutating func replaceOrAppend(name: String, value: String) {
        if let first = fields.firstIndex(where: { $0.name.equalsIgnoringASCIICase(name) }) {
            fields[first].value = value
            fields = fields.enumerated().filter { index, field in
                index == first || !field.name.equalsIgnoringASCIICase(name)
            }.map(\.element)
        } else {
            append(name: name, value: value)
        }
    }

    /// Removes every field named `name`.
    public mutating func removeAll(named name: String) {
        fields.removeAll { $0.name.equalsIgnoringASCIICase(name) }
    }
}

extension String {
    /// Whether two strings are equal when ASCII letters are compared without case (HTTP field names,
    /// methods' tokens, media types).
    package func equalsIgnoringASCIICase(_ other: String) -> Bool {
        let left = utf8, right = other.utf8
        guard left.count == right.count else { return false }
        return zip(left, right).allSatisfy { $0.asciiLowercased == $1.asciiLowercased }
    }
}

extension UInt8 {
    /// The byte with an ASCII upper-case letter mapped to lower case.
    package var asciiLowercased: UInt8 {
        (0x41...0x5A).contains(self) ? self | 0x20 : self
    }
}
