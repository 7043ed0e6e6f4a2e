import RepositoryContractsPlatform
public import Foundation

extension Fixture {
    /// The largest fixture file ``init(contentsOf:)`` reads (256 MiB): fixtures are untrusted input.
    public static let maximumFileSize = 256 << 20

    /// Reads a fixture file, in the format its extension names (`.json`: native, `.har`: HAR 1.2).
    ///
    /// HAR entries that cannot be replayed (`response.status` 0: a browser's record of a failed request)
    /// are skipped; `repo-contracts convert` prints a note for each one it skips.
    ///
    /// - Throws: ``FixtureError`` naming the file and, for a bad fixture, the line and column of a
    ///   syntax error or the JSON path of a schema error.
    public init(contentsOf url: URL) throws(FixtureError) {
        let file = url.relativePath
        guard let format = FixtureFormat(pathExtension: url.pathExtension) else {
            throw FixtureError(
                kind: .unreadable, file: file,
                reason: "unknown fixture extension \"\(url.pathExtension)\"; use .json (native) or .har (HAR 1.2)")
        }
        try self.init(decoding: try Self.bytes(of: url, named: file), format: format, source: file)
    }

    /// The bytes of the fixture file at `url`, refusing what is not a regular file (a directory, a FIFO,
    /// a device: reading one would block or never end) and a file larger than ``maximumFileSize``.
    package static func bytes(of url: URL, named file: String) throws(FixtureError) -> Data {
        switch FixtureFileSystem.fileKind(atPath: url.path) {
        case .failure(let error):
            throw FixtureError(kind: .unreadable, file: file, reason: "cannot read the file: \(error.text)")
        case .success(let kind) where kind != "regular file":
            throw FixtureError(
                kind: .unreadable, file: file, reason: "it is a \(kind), not a regular file: give a fixture file")
        case .success:
            break
        }
        do {
            if let size = try url.resourceValues(forKeys: [.fileSizeKey]).fileSize, size > Self.maximumFileSize {
                throw FixtureError(
                    kind: .unreadable, file: file,
                    reason: "the file has \(size) bytes, more than the \(Self.maximumFileSize) a fixture may have")
            }
            return try Data(contentsOf: url)
        } catch let error as FixtureError {
            throw error
        } catch {
            throw FixtureError(kind: .unreadable, file: file, reason: "cannot read the file: \(error.localizedDescription)")
        }
    }

    /// Decodes a fixture from `data` in `format`; `source` names the data in errors (usually its path).
    ///
    /// - Throws: ``FixtureError`` with the line and column of a syntax error or the JSON path of a
    ///   schema error.
    public init(decoding data: Data, format: FixtureFormat, source: String) throws(FixtureError) {
        switch format.kind {
        case .native: self = try NativeFixtureCodec.decode(data, source: source)
        case .har: self = try HARCodec.decode(data, source: source).fixture
        }
    }

    /// The fixture encoded in `format`: the same fixture always gives the same bytes.
    public func encoded(as format: FixtureFormat) -> Data {
        switch format.kind {
        case .native: NativeFixtureCodec.encode(self)
        case .har: HARCodec.encode(self)
        }
    }

    /// Writes the fixture to `url` in the format its extension names, creating missing directories.
    ///
    /// The write is atomic: the bytes go to a hidden temporary file in the same directory
    /// (`.<name>.<process id>-<random>.partial`), flushed to the disk and then renamed over `url`, so a
    /// reader sees the old file or the new one, never a partial one, and a process killed mid-write
    /// leaves the old file intact. Temporary files such a killed writer left behind are removed by the
    /// next write of the same fixture (those of running processes are left alone).
    ///
    /// - Throws: ``FixtureError`` naming the file when its extension is neither `.json` nor `.har`, or
    ///   when a directory, the temporary file or the rename fails.
    public func write(to url: URL) throws(FixtureError) {
        let file = url.relativePath
        guard let format = FixtureFormat(pathExtension: url.pathExtension) else {
            throw FixtureError(
                kind: .unwritable, file: file,
                reason: "unknown fixture extension \"\(url.pathExtension)\"; use .json (native) or .har (HAR 1.2)")
        }
        try Self.write(encoded(as: format), to: url)
    }

    /// Writes `bytes` to `url` atomically, as ``write(to:)`` writes a fixture: for a fixture file's text
    /// edited in place.
    ///
    /// - Throws: ``FixtureError`` naming the file when a directory, the temporary file or the rename fails.
    package static func write(_ bytes: Data, to url: URL) throws(FixtureError) {
        let file = url.relativePath
        let folder = url.deletingLastPathComponent()
        let partial = folder.appendingPathComponent(
            "\(Self.partialPrefix(of: url))\(FixtureFileSystem.processID)-\(UUID().uuidString.prefix(8)).partial")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            Self.removeAbandonedPartials(of: url)
            try bytes.write(to: partial)
        } catch {
            try? FileManager.default.removeItem(at: partial)
            throw FixtureError(kind: .unwritable, file: file, reason: "cannot write the file: \(error.localizedDescription)")
        }
        if let failure = FixtureFileSystem.flushAndRename(partial.path, to: url.path) {
            try? FileManager.default.removeItem(at: partial)
            throw FixtureError(kind: .unwritable, file: file, reason: "cannot write the file: \(failure)")
        }
    }

    /// `.<file name>.`: how the temporary files of `url` begin.
    private static func partialPrefix(of url: URL) -> String {
        ".\(url.lastPathComponent)."
    }

    /// Removes the temporary files of `url` whose writing process is gone.
    private static func removeAbandonedPartials(of url: URL) {
        let folder = url.deletingLastPathComponent()
        let prefix = partialPrefix(of: url)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(".partial") {
            let writer = name.dropFirst(prefix.count).prefix { $0 != "-" }
            guard let pid = Int32(writer), !FixtureFileSystem.isProcessRunning(pid) else { continue }
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }
}
