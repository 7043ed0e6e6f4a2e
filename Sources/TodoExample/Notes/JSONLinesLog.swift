import ContractEngine
import Foundation

/// A file that only grows, one JSON record a line: each write appends a line, and each read takes the
/// lines added since the last read. So a reader pays for what was written since it last looked, not for
/// the whole file. A last line without its line feed (a write cut short) is left for a later read.
struct JSONLinesLog<Record: Codable> {
    /// The file; a missing file reads as no records.
    let file: URL
    /// How many bytes of the file the records read so far came from.
    private var offset: UInt64 = 0

    init(file: URL) {
        self.file = file
    }

    /// The records written since the last read, in order, and whether they start from the beginning:
    /// a file now shorter than what was read (replaced or truncated) is read again from its first byte.
    mutating func readNew() throws -> (records: [Record], fromStart: Bool) {
        guard FileManager.default.fileExists(atPath: file.path) else {
            defer { offset = 0 }
            return ([], offset > 0)
        }
        // A file that is there but cannot be read is an error, not an empty store.
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }
        let size = try handle.seekToEnd()
        let fromStart = size < offset
        if fromStart { offset = 0 }
        guard size > offset else { return ([], fromStart) }
        try handle.seek(toOffset: offset)
        let bytes = try handle.read(upToCount: Int(size - offset)) ?? Data()
        guard let lastLineFeed = bytes.lastIndex(of: UInt8(ascii: "\n")) else { return ([], fromStart) }
        let decoder = JSONDecoder()
        var records: [Record] = []
        var lineStart = bytes.startIndex
        for lineEnd in bytes[...lastLineFeed].indices where bytes[lineEnd] == UInt8(ascii: "\n") {
            do {
                records.append(try decoder.decode(Record.self, from: bytes[lineStart..<lineEnd]))
            } catch {
                let at = offset + UInt64(lineStart - bytes.startIndex)
                throw RepositoryError.invalidResponse("\(file.path): the line at byte \(at) is not a \(Record.self): \(error)")
            }
            lineStart = lineEnd + 1
        }
        offset += UInt64(lastLineFeed + 1 - bytes.startIndex)
        return (records, fromStart)
    }

    /// Appends `record` as one line, in one write; creates the file when it is missing.
    func append(_ record: Record) throws {
        var line = try JSONEncoder().encode(record)
        line.append(UInt8(ascii: "\n"))
        if !FileManager.default.fileExists(atPath: file.path) {
            guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
                throw RepositoryError.invalidResponse("\(file.path): cannot be created")
            }
        }
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: line)
    }
}
