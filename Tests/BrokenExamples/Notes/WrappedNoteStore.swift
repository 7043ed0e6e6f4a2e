public import TodoExample

/// A note store that hands every call to a correct in-memory store: a one-bug store conforms and
/// replaces only the call its bug is in.
public protocol WrappedNoteStore: NoteStore, Actor {
    /// The correct store underneath.
    var base: InMemoryNoteStore { get }
}

extension WrappedNoteStore {
    public func create(_ note: Note) async throws -> Note { try await base.create(note) }
    public func fetch(id: Int) async throws -> Note? { await base.fetch(id: id) }
    public func fetchAll() async throws -> [Note] { await base.fetchAll() }
    public func update(_ note: Note) async throws -> Note { try await base.update(note) }
    public func update(_ note: Note, expectedVersion: Int) async throws -> Note { try await base.update(note, expectedVersion: expectedVersion) }
    public func delete(id: Int) async throws { try await base.delete(id: id) }
    public func restore(id: Int) async throws { try await base.restore(id: id) }
    public func purge(id: Int) async throws { try await base.purge(id: id) }
    public func insertAll(_ notes: [Note]) async throws -> [Note] { try await base.insertAll(notes) }
    public func notes(taggedWith tag: String) async throws -> [Note] { await base.notes(taggedWith: tag) }
    public func page(after cursor: String?, limit: Int) async throws -> (notes: [Note], next: String?) {
        try await base.page(after: cursor, limit: limit)
    }
}
