#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
import RecordReplayMessages
import Foundation
@_spi(Benchmarks) import RecordReplay
@_spi(Benchmarks) import RecordReplayFixtures
@_spi(Benchmarks) import RecordReplayRedaction
@_spi(Benchmarks) import RecordReplayWire

/// What `inspect` shows about one fixture file: where it is, its format and upstream, notes, and one
/// row per interaction.
struct FixtureSummary: Sendable, Equatable {
    /// One interaction, as `inspect` shows it.
    struct Row: Sendable, Equatable {
        /// The 1-based position in the fixture.
        var index: Int
        /// The request method.
        var method: String
        /// The origin the interaction was recorded from (`https://auth.example.com`), when it has one.
        var origin: String? = nil
        /// The path, then `?` and the query when there is one.
        var target: String
        /// The response status.
        var status: Int
        /// The request body's kind and size.
        var requestBody: BodySummary
        /// The response body's kind and size.
        var responseBody: BodySummary
        /// The response's `Content-Type`, if any.
        var contentType: String?
    }

    /// The path as given.
    var path: String
    /// The file's format.
    var format: FixtureFormat
    /// The recorded upstream, if any.
    var upstream: String?
    /// What a HAR import skipped.
    var importNotes: [String]
    /// The redaction and secret-scan status (see ``InspectCommand/securityNotes(for:)``).
    var securityNotes: [String]
    /// One row per interaction, in order.
    var rows: [Row]

    /// The summary of a loaded fixture file, its values shown as `redaction` (the user's: the defaults
    /// and `--redact`, less `--allow-name`) leaves them.
    init(_ file: FixtureFile, redaction: Redaction) {
        path = file.path
        format = file.format
        upstream = file.fixture.upstream.map(Self.maskingUserInfo)
        importNotes = file.notes
        // Every value shown comes from the fixture as the user's redaction leaves it, so a secret the
        // file still holds (which the notes report, masked) is never printed.
        let redacted = redaction.redact(file.fixture)
        securityNotes = InspectCommand.securityNotes(
            for: file.fixture, redaction: redaction, pending: redacted.redactions)
        let shown = redacted.fixture.interactions
        rows = file.fixture.interactions.enumerated().map { offset, interaction in
            Row(
                index: offset + 1, method: interaction.request.method, origin: interaction.request.origin?.description,
                target: Self.target(shown[offset].request),
                status: interaction.response.status,
                requestBody: BodySummary(body: interaction.request.body, headers: interaction.request.headers),
                responseBody: BodySummary(body: interaction.response.body, headers: interaction.response.headers),
                contentType: shown[offset].response.headers["Content-Type"])
        }
    }

    /// `url` with its user name and password, if any, replaced by the placeholder.
    static func maskingUserInfo(_ url: String) -> String {
        guard var components = URLComponents(string: url), components.user != nil || components.password != nil
        else { return url }
        components.user = components.user.map { _ in Redaction.placeholder }
        components.password = components.password.map { _ in Redaction.placeholder }
        return components.string ?? url
    }

    /// `path?name=value&flag`, the query re-encoded so `&`, `=`, `+`, `#` and `%` in names and values
    /// stay unambiguous.
    static func target(_ request: StubRequest) -> String {
        guard !request.query.isEmpty else { return request.path }
        let allowed = CharacterSet.urlQueryAllowed.subtracting(CharacterSet(charactersIn: "&=+#%"))
        let encode = { (text: String) in text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text }
        let query = request.query.map { item in
            item.value.map { "\(encode(item.name))=\(encode($0))" } ?? encode(item.name)
        }
        return request.path + "?" + query.joined(separator: "&")
    }
}
#endif
