import RepositoryContractsJSON
/// Builds pretty JSON text piece by piece: two-space indentation, `"name": value`, one member or
/// element per line, except `[name, value]` pairs, which stay on one line.
struct IndentedWriter {
    /// The text so far.
    private(set) var output = ""
    /// For each open container, whether it has an item yet.
    private var hasItems: [Bool] = []

    /// Opens a container: the document itself, or (with `asElement`) an element of the current array.
    mutating func open(_ bracket: String, asElement: Bool = false) {
        if asElement { startItem() }
        output += bracket
        hasItems.append(false)
    }

    /// Opens a container as member `name` of the current object.
    mutating func openMember(_ name: String, _ bracket: String) {
        startMember(name)
        output += bracket
        hasItems.append(false)
    }

    /// Closes the innermost container.
    mutating func close(_ bracket: String) {
        if hasItems.removeLast() { newline(level: hasItems.count) }
        output += bracket
    }

    /// Writes member `name` with a string value.
    mutating func member(_ name: String, string: String) {
        startMember(name)
        output.appendJSONStringLiteral(string)
    }

    /// Writes member `name` with a value already in JSON syntax (a number).
    mutating func member(_ name: String, raw: String) {
        startMember(name)
        output += raw
    }

    /// Writes member `name` with a JSON value, pretty-printed at the current depth.
    mutating func member(_ name: String, value: JSONValue) {
        startMember(name)
        value.write(to: &output, style: .pretty, depth: hasItems.count)
    }

    /// Writes member `name` as an array of `[name, value]` pairs, one pair per line (`null` for a `nil`
    /// value); an empty array as `[]`.
    mutating func pairs(_ name: String, _ pairs: [(String, String?)]) {
        openMember(name, "[")
        for (first, second) in pairs {
            startItem()
            output += "["
            output.appendJSONStringLiteral(first)
            output += ", "
            if let second { output.appendJSONStringLiteral(second) } else { output += "null" }
            output += "]"
        }
        close("]")
    }

    private mutating func startMember(_ name: String) {
        startItem()
        output.appendJSONStringLiteral(name)
        output += ": "
    }

    private mutating func startItem() {
        if hasItems[hasItems.count - 1] { output += "," }
        hasItems[hasItems.count - 1] = true
        newline(level: hasItems.count)
    }

    private mutating func newline(level: Int) {
        output += "\n" + String(repeating: "  ", count: level)
    }
}
