import ContractEngine
import Foundation
import MockTime
public import TodoExample

/// A note store keeping the rules of ``NoteTable`` except in the writes it is given: each replacement
/// runs isolated to the store, so it reads and writes the table and may suspend in between (as a store
/// awaiting its disk would). What the versions and atomicity kill tables' one-bug stores are made of.
public actor WriteBugNoteStore: NoteStore {
    /// The writes replaced; `nil` keeps the table's correct one.
    public struct Writes: Sendable {
        var create: (@Sendable (isolated WriteBugNoteStore, Note) async throws -> Note)?
        var update: (@Sendable (isolated WriteBugNoteStore, Note) async throws -> Note)?
        var conditionalUpdate: (@Sendable (isolated WriteBugNoteStore, Note, _ expectedVersion: Int) async throws -> Note)?
        var insertAll: (@Sendable (isolated WriteBugNoteStore, [Note]) async throws -> [Note])?
    }

    /// The notes, under the table's rules.
    var table = NoteTable()
    private let clock: @Sendable () -> Date
    private let writes: Writes

    init(now: @escaping @Sendable () -> Date, writes: Writes) {
        self.clock = now
        self.writes = writes
    }

    /// The store's time.
    func now() -> Date { clock() }

    public func create(_ note: Note) async throws -> Note {
        if let create = writes.create { return try await create(self, note) }
        return try table.create(note, now: now())
    }

    public func update(_ note: Note) async throws -> Note {
        if let update = writes.update { return try await update(self, note) }
        return try table.update(note, now: now())
    }

    public func update(_ note: Note, expectedVersion: Int) async throws -> Note {
        if let update = writes.conditionalUpdate { return try await update(self, note, expectedVersion) }
        return try table.update(note, expectedVersion: expectedVersion, now: now())
    }

    public func insertAll(_ notes: [Note]) async throws -> [Note] {
        if let insertAll = writes.insertAll { return try await insertAll(self, notes) }
        return try table.insertAll(notes, now: now())
    }

    public func fetch(id: Int) -> Note? { table.fetch(id: id) }
    public func fetchAll() -> [Note] { table.live }
    public func delete(id: Int) throws { try table.softDelete(id: id) }
    public func restore(id: Int) throws { try table.restore(id: id) }
    public func purge(id: Int) throws { try table.purge(id: id) }
    public func notes(taggedWith tag: String) -> [Note] { table.notes(taggedWith: tag) }
    public func page(after cursor: String?, limit: Int) throws -> (notes: [Note], next: String?) {
        try table.page(after: cursor, limit: limit)
    }

    /// A conformance of a store with `writes` replaced, declaring every family the correct note stores do;
    /// it names the caller's line as where it was declared.
    static func conformance(
        _ name: String, _ writes: Writes, fileID: StaticString = #fileID, line: UInt = #line
    ) -> Conformance<CRUD<Note>> {
        NoteContracts.declaringFamilies(Conformance<CRUD<Note>>(name, fileID: fileID, line: line) {
            let clock = MockClock()
            return NoteContracts.witness(WriteBugNoteStore(now: { clock.date }, writes: writes), clock: clock)
        })
    }
}
