import RepositoryContractsJSON
package import Foundation

/// Reads and writes HTTP Archive (HAR) 1.2 files (`.har`), for exchanging fixtures with browsers'
/// developer tools, Charles, Proxyman, Insomnia, mitmproxy and Polly.JS.
///
/// **Writing** gives a valid HAR 1.2 log, created by `swift-repository-contracts` (creator version
/// ``creatorVersion``). Each interaction becomes one entry whose URL is the interaction's origin, or
/// without one the fixture's `upstream` (`http://localhost` without one), followed by the path and the
/// percent-encoded query; an interaction with an origin also gets the custom request field `_origin`
/// (`"https://auth.example.com"`), so that it reads back with its origin and its path. Output is
/// stable: entry *n* starts *n* milliseconds after the Unix epoch, every time and timing is 0, sizes are
/// the body lengths, and the same fixture always gives the same bytes. Bodies that are valid UTF-8 are
/// written as text; others as base64: `content.encoding: "base64"` for responses and, because HAR 1.2's
/// `postData` has no encoding field, the custom field `_encoding: "base64"` for requests. The custom
/// `log._upstream` field (a string, or `null` for none) records the fixture's `upstream`, so that
/// reading the file back gives the same fixture.
///
/// **Reading** is tolerant of what real exporters write:
/// - a UTF-8 byte order mark; missing optional fields; fields starting with `_` (ignored, except
///   `postData._encoding`, and this package's `log._upstream` and `request._origin`); other unknown
///   fields (ignored);
/// - a `log.version` whose major version is not 1 is refused;
/// - headers as `{"name", "value"}` objects, with the value a string, a number or an array of strings
///   (Polly.JS 1.x: one field per element), or as `[name, value]` pairs; a value holding line breaks
///   (Chrome joins repeated `Set-Cookie` fields with `\n`) becomes one field per line; HTTP/2
///   pseudo-headers (`:authority`, `:path`, …) are dropped; `httpVersion` is ignored;
/// - entries with `response.status` 0 (Chrome's record of a failed request) are skipped: there is no
///   response to replay. ``decode(_:source:)`` lists them in ``HARImport/notes``;
/// - a missing `content.text` is an empty body; `content.encoding: "base64"` is decoded (whitespace
///   in the base64 is ignored);
/// - request bodies come from `postData.text` (base64-decoded when `_encoding` or `encoding` is
///   `"base64"`); when `text` is missing or empty but `params` are given, the body is built from them as
///   `application/x-www-form-urlencoded` (for a multipart `mimeType`, which `params` cannot rebuild
///   exactly, the body is left empty and a note says so);
/// - HAR stores response bodies decoded, yet keeps the `Content-Encoding` header: the header is
///   dropped unless the body is base64 whose bytes are still encoded (the gzip magic `1f 8b`, a zlib
///   header for `deflate`, see `ContentCoding`), so replay never announces a compression the body does
///   not have;
/// - the URL gives the path (kept percent-encoded) and the query (percent-decoded; `?flag` and
///   `?flag=` stay distinct), the `queryString` array being used only when the URL has no query. A
///   request's `_origin` gives its interaction that origin, and its path is the URL's path. For the
///   other entries, the fixture's `upstream` is `log._upstream` when every one of their URLs starts
///   with it, otherwise the `scheme://host[:port]` they all share, and they have no origin; when they
///   come from several origins, the `upstream` is `nil` and each interaction gets its URL's origin.
///
/// Entries replay in file order (HAR does not promise sorting by `startedDateTime`). Unsafe HTTP
/// syntax (a header value or reason phrase holding CR, LF or NUL, a method that is not a token) is
/// refused with its JSON path, as in native fixtures.
package enum HARCodec {
    /// The `log.creator.name` written.
    package static let creatorName = "swift-repository-contracts"
    /// The `log.creator.version` written: the version of this package's HAR output, which changes only
    /// when the HAR it writes changes (so that output stays stable across releases).
    package static let creatorVersion = "1"

    /// Decodes a HAR file; `source` names the data in errors and notes (usually its file path).
    package static func decode(_ data: Data, source: String) throws(FixtureError) -> HARImport {
        var decoder = HARDecoder(source: source)
        let fixture = try SchemaNode.decodeDocument(data, source: source) { root throws(SchemaError) in
            try decoder.fixture(from: root)
        }
        return HARImport(fixture: fixture, notes: decoder.notes)
    }

    /// Encodes a fixture as a HAR 1.2 file (UTF-8, two-space indentation, ending in a newline).
    package static func encode(_ fixture: Fixture) -> Data {
        Data((HAREncoder.log(for: fixture).serialized(pretty: true) + "\n").utf8)
    }
}

/// What reading a HAR file gave: the fixture, and notes on what was left out of it.
package struct HARImport: Sendable, Hashable {
    /// The fixture.
    package var fixture: Fixture
    /// One line per entry or part skipped, such as
    /// `capture.har: $.log.entries[3]: skipped: status 0 (net::ERR_CONNECTION_REFUSED)`.
    package var notes: [String]

    /// Creates an import result.
    package init(fixture: Fixture, notes: [String] = []) {
        self.fixture = fixture
        self.notes = notes
    }
}
