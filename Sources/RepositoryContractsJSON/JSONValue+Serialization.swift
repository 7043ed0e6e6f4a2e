extension JSONValue {
    /// The value as JSON text, keeping member order, duplicate members and number lexemes.
    ///
    /// Strings are escaped minimally (see ``canonicalForm``). Compact output has no whitespace;
    /// `pretty` output indents by two spaces, writes `"name": value`, puts every member and element on
    /// its own line, and writes empty containers as `{}` and `[]`. The output is a pure function of the
    /// value, so the same value always gives the same text. No trailing newline is added.
    public func serialized(pretty: Bool = false) -> String {
        serialized(style: pretty ? .pretty : .compact)
    }

    /// The value as JSON text written in `style` (escapes, whitespace, trailing newline), keeping
    /// member order, duplicate members and number lexemes. A pure function of the value and the style.
    package func serialized(style: JSONSerializationStyle) -> String {
        var output = ""
        write(to: &output, style: style, depth: 0)
        if style.trailingNewline { output.append("\n") }
        return output
    }

    /// Writes the value in `style` (without the trailing newline) as if nested `depth` containers deep,
    /// which sets the indentation of its lines.
    package func write(to output: inout String, style: JSONSerializationStyle, depth: Int) {
        switch self {
        case .object(let members):
            writeContainer(members, open: "{", close: "}", to: &output, style: style, depth: depth) { member, output in
                output.appendJSONStringLiteral(member.name, style: style)
                output.append(style.keySeparator.rawValue)
                member.value.write(to: &output, style: style, depth: depth + 1)
            }
        case .array(let elements):
            writeContainer(elements, open: "[", close: "]", to: &output, style: style, depth: depth) { element, output in
                element.write(to: &output, style: style, depth: depth + 1)
            }
        case .string(let string): output.appendJSONStringLiteral(string, style: style)
        case .number(let lexeme): output.append(lexeme)
        case .bool(let flag): output.append(flag ? "true" : "false")
        case .null: output.append("null")
        }
    }

    private func writeContainer<Element>(
        _ items: [Element], open: String, close: String, to output: inout String, style: JSONSerializationStyle,
        depth: Int, writeItem: (Element, inout String) -> Void
    ) {
        output.append(open)
        let indent = style.indent
        for (index, item) in items.enumerated() {
            if index > 0 { output.append(style.itemSeparator.rawValue) }
            if let indent { output.append("\n" + String(repeating: indent, count: depth + 1)) }
            writeItem(item, &output)
        }
        if let indent, !items.isEmpty || style.emptyContainers == .blankLine {
            output.append((items.isEmpty ? "\n\n" : "\n") + String(repeating: indent, count: depth))
        }
        output.append(close)
    }
}
