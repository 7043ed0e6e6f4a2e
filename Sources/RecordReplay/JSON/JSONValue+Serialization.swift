extension JSONValue {
    /// The value as JSON text, keeping member order, duplicate members and number lexemes.
    ///
    /// Strings are escaped minimally (see ``canonicalForm``). Compact output has no whitespace;
    /// `pretty` output indents by two spaces, writes `"name": value`, puts every member and element on
    /// its own line, and writes empty containers as `{}` and `[]`. The output is a pure function of the
    /// value, so the same value always gives the same text. No trailing newline is added.
    public func serialized(pretty: Bool = false) -> String {
        var output = ""
        write(to: &output, indent: pretty ? 0 : nil)
        return output
    }

    /// Writes the value; `indent` is the current nesting level in pretty mode, `nil` in compact mode.
    func write(to output: inout String, indent: Int?) {
        switch self {
        case .object(let members):
            writeContainer(members, open: "{", close: "}", to: &output, indent: indent) { member, output in
                output.appendJSONStringLiteral(member.name)
                output.append(indent == nil ? ":" : ": ")
                member.value.write(to: &output, indent: indent.map { $0 + 1 })
            }
        case .array(let elements):
            writeContainer(elements, open: "[", close: "]", to: &output, indent: indent) { element, output in
                element.write(to: &output, indent: indent.map { $0 + 1 })
            }
        case .string(let string): output.appendJSONStringLiteral(string)
        case .number(let lexeme): output.append(lexeme)
        case .bool(let flag): output.append(flag ? "true" : "false")
        case .null: output.append("null")
        }
    }

    private func writeContainer<Element>(
        _ items: [Element], open: String, close: String, to output: inout String, indent: Int?,
        writeItem: (Element, inout String) -> Void
    ) {
        output.append(open)
        guard !items.isEmpty else {
            output.append(close)
            return
        }
        for (index, item) in items.enumerated() {
            if index > 0 { output.append(",") }
            if let indent { output.append("\n" + String(repeating: "  ", count: indent + 1)) }
            writeItem(item, &output)
        }
        if let indent { output.append("\n" + String(repeating: "  ", count: indent)) }
        output.append(close)
    }
}
