import Foundation
import RepositoryContracts
import Testing
import TodoExample

/// The file-backed note store reads the lines its file gained on every call: what others wrote, a
/// replaced file from its start, a cut-short last line only once it is whole, and a bad line as an error
/// naming the file and the byte.
@Suite("File-backed note store")
struct FileNoteStoreTests {
    /// A file of the temporary directory, removed when the test ends.
    private static func withFile(_ body: (URL) async throws -> Void) async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("note-store-test-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        try await body(file)
    }

    private static func append(_ text: String, to file: URL) throws {
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
    }

    @Test("two stores on one file see each other's writes, deletes and restores")
    func storesShareTheirFile() async throws {
        try await Self.withFile { file in
            let writer = FileNoteStore(file: file)
            let reader = FileNoteStore(file: file)
            #expect(try await reader.fetchAll().isEmpty)
            _ = try await writer.create(Note(id: 1, title: "first", tags: ["a"]))
            _ = try await writer.insertAll([Note(id: 2, title: "second"), Note(id: 3, title: "third")])
            #expect(try await reader.fetchAll().map(\.id).sorted() == [1, 2, 3])
            try await reader.delete(id: 2)
            #expect(try await writer.fetch(id: 2) == nil)
            try await writer.restore(id: 2)
            let updated = try await reader.update(Note(id: 1, title: "first, again", tags: ["b"]))
            #expect(try await writer.fetch(id: 1) == updated)
            #expect(try await writer.notes(taggedWith: "b").map(\.id) == [1])
            try await writer.purge(id: 3)
            #expect(try await reader.fetchAll().map(\.id).sorted() == [1, 2])
        }
    }

    @Test("a file replaced by a shorter one is read again from its start")
    func replacedFileIsReadFromItsStart() async throws {
        try await Self.withFile { file in
            let store = FileNoteStore(file: file)
            for id in 1...5 { _ = try await store.create(Note(id: id, title: "note \(id)")) }
            try FileManager.default.removeItem(at: file)
            let other = FileNoteStore(file: file)
            _ = try await other.create(Note(id: 9, title: "the only one"))
            #expect(try await store.fetchAll().map(\.id) == [9])
        }
    }

    @Test("a missing file reads as an empty store, also after the store had notes")
    func missingFileIsEmpty() async throws {
        try await Self.withFile { file in
            let store = FileNoteStore(file: file)
            #expect(try await store.fetchAll().isEmpty)
            _ = try await store.create(Note(id: 1, title: "one"))
            #expect(try await store.fetchAll().map(\.id) == [1])
            try FileManager.default.removeItem(at: file)
            #expect(try await store.fetchAll().isEmpty)
            _ = try await store.create(Note(id: 1, title: "one again"))
            #expect(try await store.fetch(id: 1)?.title == "one again")
        }
    }

    @Test("a last line without its line feed is not read until it is whole")
    func cutShortLineWaits() async throws {
        try await Self.withFile { file in
            let writer = FileNoteStore(file: file)
            _ = try await writer.create(Note(id: 1, title: "one"))
            _ = try await writer.create(Note(id: 2, title: "two"))
            let whole = try String(decoding: Data(contentsOf: file), as: UTF8.self)
            let lines = whole.split(separator: "\n")
            try Data((lines[0] + "\n").utf8).write(to: file)
            let reader = FileNoteStore(file: file)
            let half = lines[1].index(lines[1].startIndex, offsetBy: lines[1].count / 2)
            try Self.append(String(lines[1][..<half]), to: file)
            #expect(try await reader.fetchAll().map(\.id) == [1])
            try Self.append(String(lines[1][half...]) + "\n", to: file)
            #expect(try await reader.fetchAll().map(\.id).sorted() == [1, 2])
        }
    }

    @Test("a line that is not a write is an error naming the file and the byte it starts at")
    func badLineIsNamed() async throws {
        try await Self.withFile { file in
            let store = FileNoteStore(file: file)
            _ = try await store.create(Note(id: 1, title: "one"))
            let goodBytes = try Data(contentsOf: file).count
            try Self.append("{\"not\": \"a write\"}\n", to: file)
            let error = try await #require(throws: RepositoryError.self) { try await store.fetchAll() }
            #expect(error.kind == .invalidResponse)
            #expect(error.message.contains(file.path))
            #expect(error.message.contains("the line at byte \(goodBytes)"))
        }
    }
}
