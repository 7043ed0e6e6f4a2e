extension JSONValue {
    /// The nesting depth ``init(parsing:maximumDepth:)`` accepts by default.
    public static let defaultMaximumDepth = 512

    /// Parses one JSON text, strictly as RFC 8259 defines it.
    ///
    /// Member order, duplicate member names and number lexemes are kept as written. Rejected: trailing
    /// commas, comments, single quotes, leading zeros, `NaN`/`Infinity`, unescaped control characters,
    /// invalid UTF-8, lone surrogate escapes, and anything after the value but whitespace. One leniency,
    /// which RFC 8259 § 8.1 allows: a leading UTF-8 byte order mark is skipped.
    ///
    /// The input may be untrusted: nesting deeper than `maximumDepth` arrays and objects fails instead
    /// of exhausting the stack.
    ///
    /// - Throws: ``JSONSyntaxError`` with the line, column and byte offset of the first problem.
    public init(
        parsing bytes: some Collection<UInt8>, maximumDepth: Int = JSONValue.defaultMaximumDepth
    ) throws(JSONSyntaxError) {
        var parser = JSONParser(bytes: Array(bytes), maximumDepth: maximumDepth)
        self = try parser.parseDocument()
    }
}
