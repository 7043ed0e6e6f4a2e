/// How a JSON text is written, beyond what its ``JSONValue`` holds: which characters are escaped and
/// how, and the whitespace between tokens.
///
/// A ``JSONValue`` keeps member order, duplicate members and number lexemes; a style adds the rest, so
/// `value.serialized(style: style)` can give back the exact bytes a serializer sent (Foundation's
/// `JSONEncoder` writes `/` as `\/` and `" : "` between a name and its value when pretty-printing;
/// Python's `json.dumps` escapes every non-ASCII character; Go's `json.Marshal` escapes `<`, `>` and
/// `&`). The default value is compact output with minimal escaping: `"` and `\` escaped, control
/// characters as `\n`-style short escapes or `\u00XX`, everything else as is, no whitespace.
package struct JSONSerializationStyle: Hashable, Sendable {
    // MARK: Escapes

    /// Whether `/` is written as `\/` (Foundation's `JSONEncoder` and `JSONSerialization` without
    /// `.withoutEscapingSlashes`, PHP's `json_encode`).
    package var escapedSlash = false
    /// Whether every scalar from U+007F up is written as a `\uXXXX` escape, scalars above U+FFFF as a
    /// UTF-16 surrogate pair (Python's `ensure_ascii`, the default of `json.dumps`).
    package var escapedNonASCII = false
    /// Whether `<`, `>` and `&` are written as `\u003c`, `\u003e` and `\u0026` (Go's `json.Marshal`,
    /// Rails' `to_json`).
    package var escapedHTML = false
    /// Whether U+2028 and U+2029 are written as `\u2028` and `\u2029` (Go's `encoding/json`, Rails);
    /// implied by ``escapedNonASCII``, so never set with it.
    package var escapedLineSeparators = false
    /// The case of the hexadecimal digits in `\uXXXX` escapes.
    package var hexCase = HexCase.lower
    /// How control characters that have a short escape (`\b`, `\t`, `\n`, `\f`, `\r`) are written.
    package var controlCharacters = ControlCharacterEscapes.short

    // MARK: Whitespace

    /// The indentation of one nesting level (spaces or tabs), or `nil` for output on one line. With an
    /// indent, every member and element of a non-empty container starts a new line.
    package var indent: String?
    /// What separates two members or elements (before the line break when there is an ``indent``).
    package var itemSeparator = ItemSeparator.comma
    /// What separates a member's name from its value.
    package var keySeparator = KeySeparator.colon
    /// How an empty array or object is written when there is an ``indent``.
    package var emptyContainers = EmptyContainers.compact
    /// Whether a line feed follows the value (Go's `json.Encoder`, many servers).
    package var trailingNewline = false

    /// Compact output with minimal escaping, the default style.
    package static let compact = JSONSerializationStyle()

    /// Two-space indentation with `"name": value`, minimal escaping and empty containers as `[]` and
    /// `{}`: ``JSONValue/serialized(pretty:)`` and the layout of fixture files.
    package static let pretty = JSONSerializationStyle(indent: "  ", keySeparator: .colonSpace)

    /// Whether `indent` can be the indentation of one level: 1 to 16 spaces, or 1 to 16 tabs.
    package static func isValidIndent(_ indent: String) -> Bool {
        (1...16).contains(indent.utf8.count) && (indent.allSatisfy { $0 == " " } || indent.allSatisfy { $0 == "\t" })
    }

    /// Creates a style; every part left out is the default's.
    package init(
        escapedSlash: Bool = false, escapedNonASCII: Bool = false, escapedHTML: Bool = false,
        escapedLineSeparators: Bool = false, hexCase: HexCase = .lower,
        controlCharacters: ControlCharacterEscapes = .short, indent: String? = nil,
        itemSeparator: ItemSeparator = .comma, keySeparator: KeySeparator = .colon,
        emptyContainers: EmptyContainers = .compact, trailingNewline: Bool = false
    ) {
        self.escapedSlash = escapedSlash
        self.escapedNonASCII = escapedNonASCII
        self.escapedHTML = escapedHTML
        self.escapedLineSeparators = escapedLineSeparators
        self.hexCase = hexCase
        self.controlCharacters = controlCharacters
        self.indent = indent
        self.itemSeparator = itemSeparator
        self.keySeparator = keySeparator
        self.emptyContainers = emptyContainers
        self.trailingNewline = trailingNewline
    }

    /// The case of hexadecimal digits in `\uXXXX` escapes.
    package enum HexCase: String, Sendable, CaseIterable {
        /// `\u00e9` (Foundation, Python, Go, JavaScript).
        case lower
        /// `\u00E9` (Jackson, .NET).
        case upper
    }

    /// How the control characters with a short escape are written; the others are always `\u00XX`.
    package enum ControlCharacterEscapes: String, Sendable, CaseIterable {
        /// `\b`, `\t`, `\n`, `\f`, `\r`.
        case short
        /// `\u0008`, `\u0009`, `\u000a`, `\u000c`, `\u000d`.
        case unicode
    }

    /// What separates two members or elements.
    package enum ItemSeparator: String, Sendable, CaseIterable {
        /// `,`
        case comma = ","
        /// `, ` (Python's `json.dumps` without an indent).
        case commaSpace = ", "
    }

    /// What separates a member's name from its value.
    package enum KeySeparator: String, Sendable, CaseIterable {
        /// `:`
        case colon = ":"
        /// `: ` (Python, Node's `JSON.stringify` with an indent, Go's `MarshalIndent`).
        case colonSpace = ": "
        /// ` : ` (Foundation's `.prettyPrinted`).
        case spacedColon = " : "
    }

    /// How an empty array or object is written in indented output.
    package enum EmptyContainers: String, Sendable, CaseIterable {
        /// `[]` and `{}`.
        case compact
        /// The brackets with an empty line between them, the closing one indented as the container
        /// (Foundation's `.prettyPrinted`: `[` line feed, line feed, indentation, `]`).
        case blankLine
    }
}
