/// A JSON path in the `$.interactions[3].response.status` notation, for error messages.
struct JSONPath: CustomStringConvertible, Sendable {
    /// The path's text.
    private(set) var description = "$"

    /// The path to member `name` of the object at this path (`.name`, or `["odd name"]` when the name
    /// is not an identifier).
    func member(_ name: String) -> JSONPath {
        var path = self
        let isIdentifier =
            name.first.map { $0.isASCII && ($0.isLetter || $0 == "_") } == true
            && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        if isIdentifier {
            path.description += "." + name
        } else {
            var quoted = ""
            quoted.appendJSONStringLiteral(name)
            path.description += "[" + quoted + "]"
        }
        return path
    }

    /// The path to element `index` of the array at this path.
    func index(_ index: Int) -> JSONPath {
        var path = self
        path.description += "[\(index)]"
        return path
    }
}
