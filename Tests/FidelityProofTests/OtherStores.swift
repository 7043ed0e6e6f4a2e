import Foundation
import RepositoryContracts

/// A note repository whose backend assigns ids. With `reusesIDs` it hands out `max + 1`, so deleting the
/// newest note gives its id to the next one; without it, a counter that never goes back.
actor ServerNoteStore: RepositoryProtocol {
    private let reusesIDs: Bool
    private var notes: [Int: Note] = [:]
    private var order: [Int] = []
    private var counter = 0

    init(reusesIDs: Bool) {
        self.reusesIDs = reusesIDs
    }

    func create(_ draft: Note) -> Note {
        counter += 1
        var note = draft
        note.id = reusesIDs ? (notes.keys.max() ?? 0) + 1 : counter
        notes[note.id] = note
        order.append(note.id)
        return note
    }

    func fetch(id: Int) -> Note? { notes[id] }
    func fetchAll() -> [Note] { order.compactMap { notes[$0] } }

    func update(_ note: Note) throws -> Note {
        guard notes[note.id] != nil else { throw RepositoryError.notFound() }
        notes[note.id] = note
        return note
    }

    func delete(id: Int) throws {
        guard notes.removeValue(forKey: id) != nil else { throw RepositoryError.notFound() }
        order.removeAll { $0 == id }
    }
}

/// A label repository keyed by id; with `caseInsensitive` it folds ids to lower case, as a database
/// column with a case-insensitive collation does.
actor LabelStore: RepositoryProtocol {
    private let caseInsensitive: Bool
    private var labels: [String: Label] = [:]
    private var order: [String] = []

    init(caseInsensitive: Bool) {
        self.caseInsensitive = caseInsensitive
    }

    private func key(_ id: String) -> String { caseInsensitive ? id.lowercased() : id }

    func create(_ label: Label) throws -> Label {
        guard labels[key(label.id)] == nil else { throw RepositoryError.conflict() }
        labels[key(label.id)] = label
        order.append(key(label.id))
        return label
    }

    func fetch(id: String) -> Label? { labels[key(id)] }
    func fetchAll() -> [Label] { order.compactMap { labels[$0] } }

    func update(_ label: Label) throws -> Label {
        guard labels[key(label.id)] != nil else { throw RepositoryError.notFound() }
        labels[key(label.id)] = label
        return label
    }

    func delete(id: String) throws {
        guard labels.removeValue(forKey: key(id)) != nil else { throw RepositoryError.notFound() }
        order.removeAll { $0 == key(id) }
    }
}

/// A note repository that keeps its notes in a file of JSON lines, one line a write, and on every call
/// decodes the lines the file gained since its last call: values go through `JSONEncoder` and
/// `JSONDecoder` as a real store's do, and a call decodes what was written since, not every note. The
/// file goes with the last reference.
actor FileNoteStore: RepositoryProtocol {
    /// One write: a note stored (new or replacing the one with its id) or an id deleted.
    private struct Write: Codable {
        var stored: Note?
        var deletedID: Int?
    }

    let file: URL
    /// The notes in insertion order, as read from the file's first `readBytes` bytes.
    private var notes: [Note] = []
    private var readBytes = 0

    private init(file: URL) {
        self.file = file
    }

    deinit {
        try? FileManager.default.removeItem(at: file)
    }

    static func temporary() throws -> FileNoteStore {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("notes-\(UUID().uuidString).jsonl")
        try Data().write(to: file)
        return FileNoteStore(file: file)
    }

    /// The notes after the writes the file gained since the last call.
    private func load() throws -> [Note] {
        let bytes = try Data(contentsOf: file)
        var lineStart = readBytes
        for index in bytes.indices.dropFirst(readBytes) where bytes[index] == UInt8(ascii: "\n") {
            let write = try JSONDecoder().decode(Write.self, from: bytes[lineStart..<index])
            if let stored = write.stored {
                if let position = notes.firstIndex(where: { $0.id == stored.id }) { notes[position] = stored } else { notes.append(stored) }
            }
            if let deletedID = write.deletedID { notes.removeAll { $0.id == deletedID } }
            lineStart = index + 1
        }
        readBytes = lineStart
        return notes
    }

    private func append(_ write: Write) throws {
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: try JSONEncoder().encode(write) + [UInt8(ascii: "\n")])
    }

    func create(_ note: Note) throws -> Note {
        guard !(try load()).contains(where: { $0.id == note.id }) else { throw RepositoryError.conflict() }
        try append(Write(stored: note))
        return note
    }

    func fetch(id: Int) throws -> Note? { try load().first { $0.id == id } }
    func fetchAll() throws -> [Note] { try load() }

    func update(_ note: Note) throws -> Note {
        guard (try load()).contains(where: { $0.id == note.id }) else { throw RepositoryError.notFound() }
        try append(Write(stored: note))
        return note
    }

    func delete(id: Int) throws {
        guard (try load()).contains(where: { $0.id == id }) else { throw RepositoryError.notFound() }
        try append(Write(deletedID: id))
    }
}

/// A note repository whose backend keeps dates to the millisecond (a `timestamp(3)` column), declared
/// with a normalizing equivalence.
actor MillisecondNoteStore: RepositoryProtocol {
    private let base = NoteStore()

    static func milliseconds(_ date: Date) -> Date {
        Date(timeIntervalSince1970: (date.timeIntervalSince1970 * 1000).rounded() / 1000)
    }

    private static func kept(_ note: Note) -> Note {
        var note = note
        note.createdAt = milliseconds(note.createdAt)
        return note
    }

    func create(_ note: Note) async throws -> Note { try await base.create(Self.kept(note)) }
    func fetch(id: Int) async -> Note? { await base.fetch(id: id) }
    func fetchAll() async -> [Note] { await base.fetchAll() }
    func update(_ note: Note) async throws -> Note { try await base.update(Self.kept(note)) }
    func delete(id: Int) async throws { try await base.delete(id: id) }
}

/// A callback-style API over a ``NoteStore`` whose `fetch` calls its completion handler twice.
final class CallbackNoteAPI: Sendable {
    let store = NoteStore()
    let fetchCallsTwice: Bool

    init(fetchCallsTwice: Bool) {
        self.fetchCallsTwice = fetchCallsTwice
    }

    var witness: RepositoryWitness<Note> {
        let store = self.store, twice = fetchCallsTwice
        return .callbacks(
            create: { note, done in Task { done(await Result { try await store.create(note) }) } },
            fetch: { id, done in
                Task {
                    let found = await store.fetch(id: id)
                    done(.success(found))
                    if twice { done(.success(found)) }
                }
            },
            fetchAll: { done in Task { done(.success(await store.fetchAll())) } },
            update: { note, done in Task { done(await Result { try await store.update(note) }) } },
            delete: { id, done in Task { done(await Result { try await store.delete(id: id) }) } })
    }
}

extension Result where Failure == any Error {
    init(_ body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
