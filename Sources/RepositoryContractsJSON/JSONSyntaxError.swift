/// Why a byte sequence is not a JSON text, and where parsing stopped.
///
/// `line` and `column` are 1-based; `column` counts Unicode scalars from the start of the line (a tab
/// counts as one). `byteOffset` is the 0-based offset of the offending byte in the input.
package struct JSONSyntaxError: Error, CustomStringConvertible, Sendable, Hashable {
    /// The 1-based line of the offending byte.
    package var line: Int
    /// The 1-based column (in Unicode scalars) of the offending byte.
    package var column: Int
    /// The 0-based byte offset of the offending byte.
    package var byteOffset: Int
    /// What was wrong, for example `expected ',' or '}' after an object member, found 'x'`.
    package var reason: String

    /// Creates an error.
    package init(line: Int, column: Int, byteOffset: Int, reason: String) {
        self.line = line
        self.column = column
        self.byteOffset = byteOffset
        self.reason = reason
    }

    /// `line 3, column 14: <reason>`.
    package var description: String {
        "line \(line), column \(column): \(reason)"
    }
}
