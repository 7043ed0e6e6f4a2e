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

extension JSONValue {
    /// The JSON text `bytes` holds, parsed as ``init(parsing:maximumDepth:)`` does; `nil` when it holds
    /// none.
    ///
    /// For the callers that only ask whether a body is JSON. Text that cannot begin a JSON value (empty,
    /// words, HTML, a form) is refused at its first byte, without a ``JSONSyntaxError``: a thrown error
    /// costs a backtrace when Swift Testing runs the process (it captures one for every error thrown,
    /// typed or not), and many bodies a redaction or a drift check looks at are not JSON.
    package init?(parsingIfValid bytes: some Collection<UInt8>, maximumDepth: Int = JSONValue.defaultMaximumDepth) {
        guard Self.mayBegin(bytes), let value = try? JSONValue(parsing: bytes, maximumDepth: maximumDepth) else { return nil }
        self = value
    }

    /// Whether `bytes`, after a byte order mark and whitespace, begin as a JSON value may.
    static func mayBegin(_ bytes: some Collection<UInt8>) -> Bool {
        var rest = bytes[...]
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
        guard let first = rest.first(where: { !$0.isJSONWhitespace }) else { return false }
        switch first {
        case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\""), UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            return true
        default:
            return false
        }
    }
}
