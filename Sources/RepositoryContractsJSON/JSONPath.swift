/// A place in a JSON value, in the one notation every message of the stub server uses (fixture schema
/// errors, redaction logs, secret findings, unmatched-request diffs, drift reports): `$` for the root,
/// `.name` for a member whose name is identifier-like (an ASCII letter or `_`, then ASCII letters,
/// digits or `_`), `["odd name"]` (a JSON string literal) for any other member, and `[3]` for an array
/// element, as in `$.interactions[3].response["Content-Type"]`.
///
/// ``JSONPathExpression`` reads this notation back (and adds wildcards), so a path a message prints can
/// be given as a JSON path to ignore.
package struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    /// One step from a value to a part of it.
    package enum Component: Sendable, Hashable {
        /// The member of an object with this name.
        case member(String)
        /// The element of an array at this position (from 0).
        case index(Int)
    }

    /// The steps from the root, outermost first; empty for the root itself.
    package private(set) var components: [Component]

    /// The path of the root (`$`), or of the part `components` lead to.
    package init(_ components: [Component] = []) {
        self.components = components
    }

    /// The path to member `name` of the object at this path.
    package func member(_ name: String) -> JSONPath {
        JSONPath(components + [.member(name)])
    }

    /// The path to element `index` of the array at this path.
    package func index(_ index: Int) -> JSONPath {
        JSONPath(components + [.index(index)])
    }

    /// `$.items[2]["due date"]`.
    package var description: String {
        var text = "$"
        for component in components {
            switch component {
            case .member(let name) where Self.isIdentifier(name):
                text += "." + name
            case .member(let name):
                text += "["
                text.appendJSONStringLiteral(name)
                text += "]"
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text
    }

    /// Whether `name` is written `.name` (an ASCII letter or `_`, then ASCII letters, digits or `_`)
    /// rather than `["name"]`.
    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || first.isASCIILetter else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || $0.isASCIILetter || ("0"..."9").contains($0) }
    }
}

extension Unicode.Scalar {
    /// Whether this is `A`–`Z` or `a`–`z`.
    fileprivate var isASCIILetter: Bool {
        ("a"..."z").contains(self) || ("A"..."Z").contains(self)
    }
}

extension JSONValue {
    /// The value with what is at `path` replaced by `replacement`; unchanged where the path leads
    /// nowhere. Every member of a repeated name is followed.
    package func replacing(at path: JSONPath, with replacement: JSONValue) -> JSONValue {
        replacing(at: path.components[...], with: replacement)
    }

    /// The value at `path` (following the first member of a repeated name), or nil where it leads nowhere.
    package func value(at path: JSONPath) -> JSONValue? {
        var current = self
        for step in path.components {
            switch (current, step) {
            case (.object(let members), .member(let name)):
                guard let member = members.first(where: { $0.name == name }) else { return nil }
                current = member.value
            case (.array(let elements), .index(let index)) where elements.indices.contains(index):
                current = elements[index]
            default:
                return nil
            }
        }
        return current
    }

    private func replacing(at path: ArraySlice<JSONPath.Component>, with replacement: JSONValue) -> JSONValue {
        guard let step = path.first else { return replacement }
        switch (self, step) {
        case (.object(let members), .member(let name)):
            return .object(
                members.map { member in
                    member.name == name
                        ? Member(member.name, member.value.replacing(at: path.dropFirst(), with: replacement)) : member
                })
        case (.array(var elements), .index(let index)) where elements.indices.contains(index):
            elements[index] = elements[index].replacing(at: path.dropFirst(), with: replacement)
            return .array(elements)
        default:
            return self
        }
    }
}
