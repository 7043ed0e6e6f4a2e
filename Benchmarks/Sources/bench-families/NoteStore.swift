import ContractEngine
import Foundation
import MockTime

/// A note with a version and timestamps the store sets, and tags.
struct Note: Identifiable, Hashable, Codable, Sendable {
    var id: Int
    var title: String
    var tags: [String]
    var version = 0
    var createdAt = Date.distantPast
    var updatedAt = Date.distantPast
}

/// An in-memory note store with every family: rows in an array, soft delete as a flag, keyset pages by
/// (updatedAt descending, id ascending).
actor NoteStore {
    private struct Row {
        var note: Note
        var deleted = false
    }

    private var rows: [Row] = []
    private let clock: MockClock

    init(clock: MockClock) {
        self.clock = clock
    }

    private func index(_ id: Int) -> Int? { rows.firstIndex { $0.note.id == id } }
    private var live: [Note] {
        rows.filter { !$0.deleted }.map(\.note).sorted { $0.updatedAt != $1.updatedAt ? $0.updatedAt > $1.updatedAt : $0.id < $1.id }
    }

    private func checked(_ note: Note) throws -> Note {
        if note.title.isEmpty { throw RepositoryError(.invalidInput, "empty title") }
        return note
    }

    func create(_ note: Note) throws -> Note {
        guard index(note.id) == nil else { throw RepositoryError.conflict() }
        var stored = try checked(note)
        (stored.version, stored.createdAt, stored.updatedAt) = (1, clock.date, clock.date)
        rows.append(Row(note: stored))
        return stored
    }

    func insertAll(_ notes: [Note]) throws -> [Note] {
        let ids = notes.map(\.id)
        guard Set(ids).count == ids.count, ids.allSatisfy({ index($0) == nil }) else { throw RepositoryError.conflict() }
        _ = try notes.map(checked)
        return try notes.map(create)
    }

    func fetch(_ id: Int) -> Note? { index(id).flatMap { rows[$0].deleted ? nil : rows[$0].note } }
    func all() -> [Note] { live }

    func update(_ note: Note, expecting version: Int?) throws -> Note {
        guard let at = index(note.id), !rows[at].deleted else { throw RepositoryError.notFound() }
        let current = rows[at].note
        if let version, version != current.version { throw RepositoryError.conflict() }
        var stored = try checked(note)
        (stored.version, stored.createdAt, stored.updatedAt) = (current.version + 1, current.createdAt, max(clock.date, current.updatedAt))
        rows[at].note = stored
        return stored
    }

    func delete(_ id: Int) throws {
        guard let at = index(id), !rows[at].deleted else { throw RepositoryError.notFound() }
        rows[at].deleted = true
    }

    func restore(_ id: Int) throws {
        guard let at = index(id) else { throw RepositoryError.notFound() }
        guard rows[at].deleted else { throw RepositoryError.conflict() }
        rows[at].deleted = false
    }

    func purge(_ id: Int) throws {
        guard let at = index(id) else { throw RepositoryError.notFound() }
        rows.remove(at: at)
    }

    func tagged(_ tag: String) -> [Note] { live.filter { $0.tags.contains(tag) } }

    /// Keyset pages: the cursor is the last row's sort key, `seconds|id`.
    func page(after cursor: String?, limit: Int) throws -> ([Note], String?) {
        var rest = live
        if let cursor {
            let parts = cursor.split(separator: "|")
            guard parts.count == 2, let seconds = Double(parts[0]), let id = Int(parts[1]) else {
                throw RepositoryError(.invalidInput, "bad cursor")
            }
            let time = Date(timeIntervalSinceReferenceDate: seconds)
            rest = rest.filter { $0.updatedAt != time ? $0.updatedAt < time : $0.id > id }
        }
        let page = Array(rest.prefix(min(max(limit, 0), 50)))
        guard rest.count > page.count, let last = page.last else { return (page, nil) }
        return (page, "\(last.updatedAt.timeIntervalSinceReferenceDate)|\(last.id)")
    }

    static let factory = EntityFactory<Note>(
        make: { Note(id: $0, title: "Note \($0)", tags: ["tag\($0 % 3)", "Shared"]) },
        mutate: { var note = $0; note.title += "!"; return note },
        identity: \.id)

    /// The store's conformance, with every family declared or none.
    static func conformance(declaringFamilies: Bool) -> Conformance<CRUD<Note>> {
        let plain = Conformance<CRUD<Note>>("in-memory notes", equivalence: .normalizing { note in
            var note = note
            (note.version, note.createdAt, note.updatedAt) = (0, .distantPast, .distantPast)
            return note
        }) {
            let clock = MockClock()
            let store = NoteStore(clock: clock)
            return RepositoryWitness<Note>(
                create: { try await store.create($0) }, fetch: { await store.fetch($0) }, fetchAll: { await store.all() },
                update: { try await store.update($0, expecting: nil) }, delete: { try await store.delete($0) })
                .updatingConditionally { try await store.update($0, expecting: $0.version) }
                .softDeleting(restore: { try await store.restore($0) }, purge: { try await store.purge($0) })
                .insertingAll { try await store.insertAll($0) }
                .querying("tag") { (tag: String) in await store.tagged(tag) }
                .paging { (cursor: String?, limit) in try await store.page(after: cursor, limit: limit) }
                .movingStoreTime { clock.advance(by: .seconds(1)) }
        }
        .omitting("create.afterDeleteStoresAgain", because: "delete is soft")
        .omitting("values.edgeCasesRoundTrip", "values.edgeCasesSurviveUpdate", because: "an empty title is refused")
        guard declaringFamilies else { return plain }
        return plain
            .maintaining(.version(\.version), .createdAt(\.createdAt), .updatedAt(\.updatedAt))
            .ordered(.sorted(by: .descending(\.updatedAt), .ascending(\.id)))
            .paginated(Pagination(maximumLimit: 50, invalidCursor: .invalidInput))
            .optimisticConcurrency(.token(\.version))
            .softDeleting()
            .batchWrites(.allOrNothing(error: .conflict))
            .querying(.named("tag", parameters: \.tags) { note, tag in note.tags.contains(tag) })
            .refusing(.invalid("an empty title", refuses: { $0.title.isEmpty }) { var note = $0; note.title = ""; return note })
    }
}
