/// A small JSONPath subset naming parts of a JSON body to ignore: `$`, `.name`, `['name']`,
/// `["name"]` (a JSON string literal, escapes included), `[3]`, `[*]` and `.*`.
///
/// It reads the notation ``JSONPath`` writes, so a path that a diagnosis or a drift report prints can
/// be given back as a path to ignore.
package struct JSONPathExpression: Sendable, Hashable {
    enum Step: Sendable, Hashable {
        case member(String)
        case index(Int)
        case wildcard
    }

    package struct SyntaxError: Error {
        package var reason: String
    }

    let steps: [Step]

    package init(parsing text: String) throws(SyntaxError) {
        var characters = Substring(text)
        guard characters.first == "$" else { throw SyntaxError(reason: "must start with `$`") }
        characters.removeFirst()
        var steps: [Step] = []
        while let first = characters.first {
            characters.removeFirst()
            switch first {
            case ".":
                let name = characters.prefix { $0 != "." && $0 != "[" }
                guard !name.isEmpty else { throw SyntaxError(reason: "empty member name after `.`") }
                characters.removeFirst(name.count)
                steps.append(name == "*" ? .wildcard : .member(String(name)))
            case "[":
                steps.append(try Self.bracketStep(consumingFrom: &characters))
            default:
                throw SyntaxError(reason: "unexpected `\(first)`; expected `.` or `[`")
            }
        }
        guard !steps.isEmpty else { throw SyntaxError(reason: "`$` alone would ignore the whole body") }
        self.steps = steps
    }

    /// The step written between `[` (already read) and `]`, read from `characters` up to and with the
    /// `]`: a JSON string literal (which may hold `]` and escapes), a name in single or double quotes
    /// taken as written, `*`, or an index.
    private static func bracketStep(consumingFrom characters: inout Substring) throws(SyntaxError) -> Step {
        if characters.first == "\"", let end = endOfJSONString(in: characters), characters[end...].first == "]",
            case .string(let name)? = JSONValue(parsingIfValid: Array(characters[..<end].utf8))
        {
            characters = characters[characters.index(after: end)...]
            return .member(name)
        }
        guard let close = characters.firstIndex(of: "]") else { throw SyntaxError(reason: "`[` without `]`") }
        let inside = characters[..<close]
        characters = characters[characters.index(after: close)...]
        if inside == "*" { return .wildcard }
        if let index = Int(inside), index >= 0 { return .index(index) }
        if inside.count >= 2, let quote = inside.first, quote == "'" || quote == "\"", inside.last == quote {
            return .member(String(inside.dropFirst().dropLast()))
        }
        throw SyntaxError(reason: "`[\(inside)]` is neither an index, `*` nor a quoted name")
    }

    /// The index just after the closing quote of the JSON string `text` starts with (a backslash
    /// escapes the character after it), or `nil` when the string does not end.
    private static func endOfJSONString(in text: Substring) -> Substring.Index? {
        var escaped = false
        for index in text.indices.dropFirst() {
            if escaped {
                escaped = false
            } else if text[index] == "\\" {
                escaped = true
            } else if text[index] == "\"" {
                return text.index(after: index)
            }
        }
        return nil
    }
}

extension JSONValue {
    /// The value with every part that `expression` names removed (object members dropped, array
    /// elements dropped).
    package func removing(_ expression: JSONPathExpression) -> JSONValue {
        removing(expression.steps[...])
    }

    private func removing(_ steps: ArraySlice<JSONPathExpression.Step>) -> JSONValue {
        guard let step = steps.first else { return self }
        let rest = steps.dropFirst()
        switch self {
        case .object(let members):
            var result: [Member] = []
            for member in members {
                let selected: Bool
                switch step {
                case .member(let name): selected = member.name == name
                case .wildcard: selected = true
                case .index: selected = false
                }
                if !selected {
                    result.append(member)
                } else if !rest.isEmpty {
                    result.append(Member(member.name, member.value.removing(rest)))
                }
            }
            return .object(result)
        case .array(let elements):
            var result: [JSONValue] = []
            for (position, element) in elements.enumerated() {
                let selected: Bool
                switch step {
                case .index(let index): selected = position == index
                case .wildcard: selected = true
                case .member: selected = false
                }
                if !selected {
                    result.append(element)
                } else if !rest.isEmpty {
                    result.append(element.removing(rest))
                }
            }
            return .array(result)
        case .string, .number, .bool, .null:
            return self
        }
    }
}
