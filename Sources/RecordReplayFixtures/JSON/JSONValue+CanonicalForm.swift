extension JSONValue {
    /// A compact JSON text that is equal for two values exactly when they are semantically equal.
    ///
    /// Object members are sorted by name in UTF-8 byte order (members with the same name by their own
    /// canonical form, so duplicates compare regardless of order); numbers are spelled by value, exactly
    /// (`1.0`, `1`, `1e0` and `10e-1` give `1`; `-0` gives `0`; big integers keep every digit; see
    /// ``serialized(pretty:)`` for lexeme-preserving output); strings are re-escaped minimally (`"`,
    /// `\` and control characters only). Array order matters.
    ///
    /// Compare canonical forms through their UTF-8 bytes when canonically equivalent but differently
    /// encoded strings (`é` as one scalar or two) must count as different: Swift's `String` `==`
    /// treats them as equal.
    public var canonicalForm: String {
        var output = ""
        writeCanonical(to: &output)
        return output
    }

    private func writeCanonical(to output: inout String) {
        switch self {
        case .object(let members):
            let sorted = members.map { ($0.name, $0.value.canonicalForm) }.sorted { left, right in
                if left.0.utf8.elementsEqual(right.0.utf8) {
                    return left.1.utf8.lexicographicallyPrecedes(right.1.utf8)
                }
                return left.0.utf8.lexicographicallyPrecedes(right.0.utf8)
            }
            output.append("{")
            for (index, member) in sorted.enumerated() {
                if index > 0 { output.append(",") }
                output.appendJSONStringLiteral(member.0)
                output.append(":")
                output.append(member.1)
            }
            output.append("}")
        case .array(let elements):
            output.append("[")
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(",") }
                element.writeCanonical(to: &output)
            }
            output.append("]")
        case .number(let lexeme):
            output.append(JSONNumberCanonicalization.canonicalSpelling(of: lexeme))
        case .string, .bool, .null:
            write(to: &output, style: .compact, depth: 0)
        }
    }
}
