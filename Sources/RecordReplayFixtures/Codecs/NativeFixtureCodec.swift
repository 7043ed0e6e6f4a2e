package import Foundation

/// Reads and writes the package's own fixture format, version 1 (files ending in `.json`).
///
/// A fixture file is one JSON object (UTF-8, RFC 8259):
///
/// ```json
/// {
///   "format": "swift-repository-contracts/fixture",
///   "version": 1,
///   "upstream": "https://api.example.com/v1",
///   "interactions": [
///     {
///       "request": {
///         "method": "POST",
///         "path": "/todos",
///         "query": [
///           ["notify", "email"],
///           ["dryRun", null]
///         ],
///         "headers": [
///           ["Content-Type", "application/json"]
///         ],
///         "body": {
///           "json": {
///             "title": "Buy milk"
///           }
///         }
///       },
///       "response": {
///         "status": 201,
///         "reason": "Created",
///         "headers": [
///           ["Content-Type", "application/json"]
///         ],
///         "body": {
///           "json": {
///             "id": 18446744073709551616,
///             "title": "Buy milk"
///           }
///         }
///       }
///     }
///   ]
/// }
/// ```
///
/// **Top level.** `format` (required) is the marker string `"swift-repository-contracts/fixture"`;
/// `version` (required) is the integer `1` (a file with another version is refused with a message
/// saying which versions this build reads); `upstream` (optional string) is the base URL the
/// interactions were recorded from; `interactions` (required array) lists the interactions in recorded
/// order, which is the order repeated identical requests replay in.
///
/// **Interaction.** An object with `request` and `response`, both required, and optionally
/// `latencyMilliseconds` (an integer from 0 to 86,400,000: how long the live server took; replayed only
/// with `PlaybackOptions.replaysRecordedLatency`).
///
/// **Request.** `method` (required token, such as `"GET"`); `path` (required, starting with `/`,
/// percent-encoded as sent, relative to `upstream`, without `?`); `query` (optional, default `[]`): the
/// query items in order as `[name, value]` pairs, percent-decoded, where a `null` value stands for an
/// item without `=` (`?dryRun`), unlike `""` (`?dryRun=`); `headers` (optional, default `[]`); `body`
/// (optional, default empty).
///
/// **Response.** `status` (required integer from 100 to 999, written without fraction or exponent);
/// `reason` (optional string: the reason phrase; the standard one for `status` when absent); `headers`
/// (optional, default `[]`); `body` (optional, default empty).
///
/// **Headers.** An array of `[name, value]` pairs of strings, in order; a name may repeat
/// (`Set-Cookie`). Names are tokens; values must not contain CR, LF or NUL. `Content-Length` is
/// replaced on replay by the body's real length, so editing a body by hand needs no other change.
///
/// **Body.** An object with exactly one of three members:
/// - `{"json": <any JSON value>}`, with `style` beside it when the body was not written compact with
///   minimal escaping: replayed as the value serialized in that style, with member order, duplicate
///   members and number lexemes kept as written, so the replay is the recorded bytes and a 20-digit id
///   replays digit for digit. Written for bodies whose `Content-Type` is `application/json` or
///   `…/…+json`, whose bytes parse, and which some style rebuilds exactly. Bodies without a
///   `Content-Type` are not stored as JSON: nothing says they are.
/// - `{"text": "…"}`: replayed as the string's UTF-8 bytes, exactly. Written for other bodies that are
///   valid UTF-8 when the media type is textual (`text/*`, XML, form data, JavaScript) or when they
///   hold no control characters but tab, LF and CR; also for JSON that no style rebuilds (`\/` in one
///   string and `/` in another, uneven indentation).
/// - `{"base64": "…"}`: standard base64 with padding, replayed byte for byte. Written for everything
///   else.
///
/// **Body style.** An object holding what a JSON value cannot: how its serializer escaped strings and
/// laid out whitespace. Each member is written only when it differs from compact output with minimal
/// escaping, in this order:
/// - `escapedSlash`: `true`: `/` as `\/` (Foundation's `JSONEncoder`, so Hummingbird and Vapor).
/// - `escapedNonASCII`: `true`: every scalar from U+007F up as `\uXXXX`, above U+FFFF as a surrogate
///   pair (Python's `json.dumps`).
/// - `escapedHTML`: `true`: `<`, `>` and `&` as `\u003c`, `\u003e` and `\u0026` (Go, Rails).
/// - `escapedLineSeparators`: `true`: U+2028 and U+2029 as `\u2028` and `\u2029` (Go, Rails); not
///   beside `escapedNonASCII`, which implies it.
/// - `hexCase`: `"upper"`: `\u00E9` rather than `\u00e9`.
/// - `controlCharacters`: `"unicode"`: `\u000a` rather than `\n` (and so for `\b`, `\t`, `\f`, `\r`).
/// - `indent`: 1 to 16 spaces or 1 to 16 tabs: each member and element on its own line, indented.
/// - `itemSeparator`: `", "` rather than `","`.
/// - `keySeparator`: `": "` or `" : "` rather than `":"`.
/// - `emptyContainers`: `"blankLine"`, only with `indent`: `[`, an empty line, then `]` indented
///   (Foundation's `.prettyPrinted`) rather than `[]`.
/// - `trailingNewline`: `true`: a line feed after the value (Go's `json.Encoder`).
///
/// A `JSONEncoder` body with `.prettyPrinted` is stored as `{"json": {…}, "style": {"escapedSlash":
/// true, "indent": "  ", "keySeparator": " : ", "emptyContainers": "blankLine"}}`. Reading refuses a
/// `style` without `json`, unknown members, values of the wrong type, a member holding the default, and
/// an empty `style`.
///
/// **Strictness.** Reading refuses unknown fields (a misspelt `"staus"` is reported, not ignored),
/// duplicate fields, values of the wrong type, malformed base64 and invalid HTTP syntax, with the file,
/// the JSON path and the reason. Fixtures are untrusted input: nothing in them is executed or
/// expanded (no templating), and nesting deeper than ``JSONValue/defaultMaximumDepth`` levels is
/// refused.
///
/// **Stable output.** Writing the same fixture always gives the same bytes: members in the order shown
/// above, optional members left out when empty (`upstream` when `nil`, `query` when empty, `reason` when
/// `nil`, `body` when empty, `style` when the default; `headers` is always written), two-space
/// indentation, `[name, value]` pairs on one line, `"name": value` with one space, minimal string
/// escaping, and a trailing newline. No timestamps are written.
package enum NativeFixtureCodec {
    /// The value of the `format` member that marks a native fixture.
    package static let formatMarker = "swift-repository-contracts/fixture"
    /// The format version this build writes.
    package static let currentVersion = 1
    /// The format versions this build reads.
    package static let readableVersions: ClosedRange<Int> = 1...1

    /// The depth at which a body's JSON value sits in a fixture document (document, `interactions`,
    /// interaction, request or response, body): a body value may nest this much less than the
    /// document limit.
    static let bodyNestingOffset = 5

    /// Decodes a native fixture; `source` names the data in errors (usually its file path).
    package static func decode(_ data: Data, source: String) throws(FixtureError) -> Fixture {
        try SchemaNode.decodeDocument(data, source: source) { root throws(SchemaError) in
            try NativeFixtureDecoder.fixture(from: root)
        }
    }

    /// Encodes a fixture in the native format (UTF-8, ending in a newline).
    package static func encode(_ fixture: Fixture) -> Data {
        Data(NativeFixtureEncoder.text(for: fixture).utf8)
    }
}
