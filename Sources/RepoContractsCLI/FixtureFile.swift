#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
import Foundation
@_spi(Benchmarks) import RecordReplay
@_spi(Benchmarks) import RecordReplayFixtures

/// A fixture read from a file for `convert`, `inspect` and `status`: the fixture, the format its
/// extension named, and what a HAR import skipped. A HAR's fixture is dated by its earliest entry's
/// `startedDateTime` (``Fixture/recorded``), so converting it to the native format keeps the date.
struct FixtureFile: Sendable {
    /// The path as given on the command line.
    var path: String
    /// The format the extension names.
    var format: FixtureFormat
    /// The fixture read.
    var fixture: Fixture
    /// What a HAR import skipped (``HARImport/notes``); empty for a native fixture.
    var notes: [String]

    /// Reads `path` in the format its extension names.
    ///
    /// - Throws: ``FixtureError`` naming the file and, for a bad fixture, the line and column of a
    ///   syntax error or the JSON path of a schema error.
    static func load(_ path: String) throws(FixtureError) -> FixtureFile {
        let url = URL(fileURLWithPath: path)
        guard let format = FixtureFormat(pathExtension: url.pathExtension) else {
            throw FixtureError(kind: .unreadable, file: path, reason: unknownExtensionReason(path))
        }
        switch format.kind {
        case .native:
            return FixtureFile(path: path, format: format, fixture: try Fixture(contentsOf: url), notes: [])
        case .har:
            let bytes = try Fixture.bytes(of: url, named: path)
            var imported = try HARCodec.decode(bytes, source: path)
            imported.fixture.recorded = RecordedDate.earliestHARStart(in: bytes)
            return FixtureFile(path: path, format: format, fixture: imported.fixture, notes: imported.notes)
        }
    }

    /// The format `path`'s extension names, or a usage error naming the extension.
    static func format(of path: String, reader: ArgumentReader) throws(UsageError) -> FixtureFormat {
        guard let format = FixtureFormat(pathExtension: URL(fileURLWithPath: path).pathExtension) else {
            throw reader.error(unknownExtensionReason(path))
        }
        return format
    }

    /// Why `path` is not a fixture file name.
    static func unknownExtensionReason(_ path: String) -> String {
        let pathExtension = URL(fileURLWithPath: path).pathExtension
        let found = pathExtension.isEmpty ? "no extension" : "unknown extension '.\(pathExtension)'"
        return "'\(path)' has \(found): use .json (native) or .har (HAR 1.2)"
    }
}

extension FixtureFormat {
    /// The name `convert` and `inspect` print: `native` or `har`.
    var displayName: String {
        switch kind {
        case .native: "native"
        case .har: "har"
        }
    }
}
#endif
