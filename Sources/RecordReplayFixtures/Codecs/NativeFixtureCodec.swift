package import Foundation

/// Reads and writes the package's own fixture format, version 1 (files ending in `.json`).
///
/// The format's specification is the article "The fixture file format",
/// `Sources/RecordReplay/RecordReplay.docc/Articles/FixtureFileFormat.md`; its example is decoded and
/// written back by `FixtureFileFormatExamples`. Keep the article, the decoder and the encoder in step.
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
