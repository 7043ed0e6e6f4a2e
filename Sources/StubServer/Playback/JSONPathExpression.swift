/// A small JSONPath subset naming parts of a JSON body to ignore: `$`, `.name`, `['name']`,
/// `["name"]`, `[3]`, `[*]` and `.*`.
struct JSONPathExpression: Sendable, Hashable {
    enum Step: Sendable, Hashable {
        case member(String)
        case index(Int)
        case wildcard
    }

    struct SyntaxError: Error {
        var reason: String
    }

    let steps: [Step]

    init(parsing text: String) throws(SyntaxError) {
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
                guard let close = characters.firstIndex(of: "]") else {
                    throw SyntaxError(reason: "`[` without `]`")
                }
                let inside = characters[..<close]
                characters = characters[characters.index(after: close)...]
                steps.append(try Self.bracketStep(inside))
            default:
                throw SyntaxError(reason: "unexpected `\(first)`; expected `.` or `[`")
            }
        }
        guard !steps.isEmpty else { throw SyntaxError(reason: "`$` alone would ignore the whole body") }
        self.steps = steps
    }

    private static func bracketStep(_ inside: Substring) throws(SyntaxError) -> Step {
        if inside == "*" { return .wildcard }
        if let index = Int(inside), index >= 0 { return .index(index) }
        if inside.count >= 2, let quote = inside.first, quote == "'" || quote == "\"", inside.last == quote {
            return .member(String(inside.dropFirst().dropLast()))
        }
        throw SyntaxError(reason: "`[\(inside)]` is neither an index, `*` nor a quoted name")
    }
}

extension JSONValue {
    /// The value with every part that `expression` names removed (object members dropped, array
    /// elements dropped).
    func removing(_ expression: JSONPathExpression) -> JSONValue {
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
