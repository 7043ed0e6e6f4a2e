import RepositoryContractsJSON
import Foundation

/// A JSON value with its path, read with schema checks that throw ``SchemaError``s naming the path.
struct SchemaNode {
    /// The value.
    var value: JSONValue
    /// Where the value is in the document.
    var path: JSONPath

    /// The members of an object, or an error when the value is something else.
    ///
    /// With `strict`, a member name written twice is an error; otherwise the first one counts.
    func object(strict: Bool) throws(SchemaError) -> SchemaObject {
        guard case .object(let members) = value else { throw mismatch("expected an object") }
        return try SchemaObject(members: members, path: path, strict: strict)
    }

    /// The elements of an array, or an error when the value is something else.
    func array() throws(SchemaError) -> [SchemaNode] {
        guard case .array(let elements) = value else { throw mismatch("expected an array") }
        return elements.enumerated().map { SchemaNode(value: $1, path: path.index($0)) }
    }

    /// The string, or an error when the value is something else.
    func string() throws(SchemaError) -> String {
        guard case .string(let string) = value else { throw mismatch("expected a string") }
        return string
    }

    /// The string, `nil` for `null`, or an error when the value is something else.
    func optionalString() throws(SchemaError) -> String? {
        if case .null = value { return nil }
        guard case .string(let string) = value else { throw mismatch("expected a string or null") }
        return string
    }

    /// The integer written without fraction or exponent and lying in `range`, or an error.
    func integer(in range: ClosedRange<Int>) throws(SchemaError) -> Int {
        let expectation = "expected an integer from \(range.lowerBound) to \(range.upperBound)"
        guard case .number(let lexeme) = value, let integer = Int(lexeme), range.contains(integer) else {
            throw mismatch(expectation)
        }
        return integer
    }

    /// An error at this node: `expectation`, then what was found.
    func mismatch(_ expectation: String) -> SchemaError {
        error("\(expectation), found \(value.briefDescription)")
    }

    /// An error at this node.
    func error(_ reason: String) -> SchemaError {
        SchemaError(path: path.description, reason: reason)
    }
}

/// The members of a JSON object being read, by name.
struct SchemaObject {
    /// The object's path.
    let path: JSONPath
    private let members: [(name: String, value: JSONValue)]

    init(members: [JSONValue.Member], path: JSONPath, strict: Bool) throws(SchemaError) {
        self.path = path
        var seen = Set<String>()
        var kept: [(name: String, value: JSONValue)] = []
        for member in members {
            guard seen.insert(member.name).inserted else {
                if strict {
                    throw SchemaError(path: path.member(member.name).description, reason: "duplicate field")
                }
                continue
            }
            kept.append((member.name, member.value))
        }
        self.members = kept
    }

    /// The member names, in order.
    var names: [String] { members.map(\.name) }

    /// Whether the object has a member `name` (even a `null` one).
    func contains(_ name: String) -> Bool {
        members.contains { $0.name == name }
    }

    /// Member `name`, or `nil` when it is absent or `null`.
    func optional(_ name: String) -> SchemaNode? {
        guard let member = members.first(where: { $0.name == name }) else { return nil }
        if case .null = member.value { return nil }
        return SchemaNode(value: member.value, path: path.member(name))
    }

    /// Member `name` (which may be `null`), or `nil` when it is absent.
    func present(_ name: String) -> SchemaNode? {
        members.first { $0.name == name }.map { SchemaNode(value: $0.value, path: path.member(name)) }
    }

    /// Member `name`, or an error when it is absent or `null`.
    func required(_ name: String) throws(SchemaError) -> SchemaNode {
        guard let node = optional(name) else {
            throw SchemaError(path: path.member(name).description, reason: "missing required field")
        }
        return node
    }

    /// An error naming the first member not in `known`.
    func rejectUnknownFields(_ known: [String]) throws(SchemaError) {
        guard let unknown = names.first(where: { !known.contains($0) }) else { return }
        let expected = known.map { "\"\($0)\"" }.joined(separator: ", ")
        throw SchemaError(path: path.member(unknown).description, reason: "unknown field; expected one of \(expected)")
    }
}

extension JSONValue {
    /// A short description for error messages: the value itself when it is a scalar (strings cut after
    /// 40 characters), its kind otherwise.
    var briefDescription: String {
        switch self {
        case .object: return "an object"
        case .array: return "an array"
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let lexeme): return lexeme.count > 40 ? String(lexeme.prefix(40)) + "…" : lexeme
        case .string(let string):
            var quoted = ""
            quoted.appendJSONStringLiteral(string.count > 40 ? String(string.prefix(40)) + "…" : string)
            return quoted
        }
    }
}

extension SchemaNode {
    /// Parses `data` as JSON and hands its root to `decode`, turning a syntax error or a schema error
    /// into a ``FixtureError`` that names `source`.
    static func decodeDocument<Decoded>(
        _ data: Data, source: String, _ decode: (SchemaNode) throws(SchemaError) -> Decoded
    ) throws(FixtureError) -> Decoded {
        let root: JSONValue
        do {
            root = try JSONValue(parsing: data)
        } catch {
            throw FixtureError(file: source, syntax: error)
        }
        do {
            return try decode(SchemaNode(value: root, path: JSONPath()))
        } catch {
            throw FixtureError(file: source, schema: error)
        }
    }
}
