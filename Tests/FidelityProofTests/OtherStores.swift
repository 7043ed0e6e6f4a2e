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

/// A note repository that keeps its notes in a JSON file and reads the file on every call: values go
/// through `JSONEncoder` and `JSONDecoder` as a real store's do. The file goes with the last reference.
final class FileNoteStore: RepositoryProtocol {
    let file: URL

    private init(file: URL) {
        self.file = file
    }

    deinit {
        try? FileManager.default.removeItem(at: file)
    }

    static func temporary() throws -> FileNoteStore {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("notes-\(UUID().uuidString).json")
        try JSONEncoder().encode([Note]()).write(to: file)
        return FileNoteStore(file: file)
    }

    private func load() throws -> [Note] { try JSONDecoder().decode([Note].self, from: Data(contentsOf: file)) }
    private func save(_ notes: [Note]) throws { try JSONEncoder().encode(notes).write(to: file, options: .atomic) }

    func create(_ note: Note) throws -> Note {
        var notes = try load()
        guard !notes.contains(where: { $0.id == note.id }) else { throw RepositoryError.conflict() }
        notes.append(note)
        try save(notes)
        return note
    }

    func fetch(id: Int) throws -> Note? { try load().first { $0.id == id } }
    func fetchAll() throws -> [Note] { try load() }

    func update(_ note: Note) throws -> Note {
        var notes = try load()
        guard let index = notes.firstIndex(where: { $0.id == note.id }) else { throw RepositoryError.notFound() }
        notes[index] = note
        try save(notes)
        return note
    }

    func delete(id: Int) throws {
        var notes = try load()
        guard let index = notes.firstIndex(where: { $0.id == id }) else { throw RepositoryError.notFound() }
        notes.remove(at: index)
        try save(notes)
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
