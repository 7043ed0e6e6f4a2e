extension JSONValue {
    /// A compact JSON text that is equal for two values exactly when they are semantically equal.
    ///
    /// Object members are sorted by name in UTF-8 byte order (members with the same name by their own
    /// canonical form, so duplicates compare regardless of order); numbers are spelled by value, exactly
    /// (`1.0`, `1`, `1e0` and `10e-1` give `1`; `-0` gives `0`; big integers keep every digit; see
    /// ``serialized(pretty:)`` for lexeme-preserving output); strings are re-escaped minimally (`"`,
    /// `\` and control characters only). Array order matters.
    ///
    /// Compare canonical forms with `String` `==`, the package's one string equality (see ``JSONValue``):
    /// canonically equivalent but differently encoded strings (`é` as one scalar or two) are equal.
    public var canonicalForm: String {
        var output = ""
        writeCanonical(to: &output)
        return output
    }

    private func writeCanonical(to output: inout String) {
        switch self {
        case .object(let members):
            output.append("{")
            for (index, member) in members.sorted(by: Member.precedesCanonically).enumerated() {
                if index > 0 { output.append(",") }
                output.appendJSONStringLiteral(member.name)
                output.append(":")
                member.value.writeCanonical(to: &output)
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

extension JSONValue.Member {
    /// Whether `left` comes before `right` in canonical order: by name in UTF-8 byte order, members with
    /// the same name by the canonical form of their values.
    package static func precedesCanonically(_ left: Self, _ right: Self) -> Bool {
        if left.name.utf8.elementsEqual(right.name.utf8) {
            return left.value.canonicalForm.utf8.lexicographicallyPrecedes(right.value.canonicalForm.utf8)
        }
        return left.name.utf8.lexicographicallyPrecedes(right.name.utf8)
    }
}

extension JSONValue {
    /// The value with the members of every object, at every depth, in canonical order (see
    /// ``JSONValue/Member/precedesCanonically(_:_:)``); numbers keep their lexemes and strings their text.
    package var withMembersSorted: JSONValue {
        switch self {
        case .object(let members):
            return .object(members.map { Member($0.name, $0.value.withMembersSorted) }.sorted(by: Member.precedesCanonically))
        case .array(let elements):
            return .array(elements.map(\.withMembersSorted))
        case .string, .number, .bool, .null:
            return self
        }
    }
}
