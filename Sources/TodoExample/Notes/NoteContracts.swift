public import ContractEngine
import Foundation
public import MockTime

/// The note stores' conformances, with every family beyond CRUD declared: what the family clauses, their
/// kill tables and the model-based check run on.
public enum NoteContracts {
    /// Notes for ordinals: two tags each, one shared by a third of them, one by all.
    public static let factory = EntityFactory<Note>(
        make: { Note(id: $0, title: "Note \($0)", tags: ["tag\($0 % 3)", "Shared"]) },
        mutate: { note in
            var changed = note
            changed.title += " (edited)"
            changed.tags = changed.tags.contains("edited") ? changed.tags.filter { $0 != "edited" } : changed.tags + ["edited"]
            return changed
        },
        identity: \.id)

    /// The witness of any note store, with every family's operations; `clock` is the store's time.
    public static func witness(_ store: some NoteStore, clock: MockClock) -> RepositoryWitness<Note> {
        RepositoryWitness<Note>(
            create: { try await store.create($0) }, fetch: { try await store.fetch(id: $0) },
            fetchAll: { try await store.fetchAll() }, update: { try await store.update($0) },
            delete: { try await store.delete(id: $0) })
            .updatingConditionally { try await store.update($0, expectedVersion: $0.version) }
            .softDeleting(restore: { try await store.restore(id: $0) }, purge: { try await store.purge(id: $0) })
            .insertingAll { try await store.insertAll($0) }
            .querying("tag") { (tag: String) in try await store.notes(taggedWith: tag) }
            .paging { (cursor: String?, limit) in try await store.page(after: cursor, limit: limit) }
            .movingStoreTime { clock.advance(by: .seconds(1)) }
    }

    /// `conformance` with every family the note stores keep declared.
    public static func declaringFamilies(_ conformance: Conformance<CRUD<Note>>) -> Conformance<CRUD<Note>> {
        conformance
            .maintaining(.version(\.version), .createdAt(\.createdAt), .updatedAt(\.updatedAt))
            .ordered(.sorted(by: .descending(\.updatedAt), .ascending(\.id)))
            .paginated(Pagination(maximumLimit: NoteTable.maximumPageLimit, invalidCursor: .invalidInput))
            .optimisticConcurrency(.token(\.version, staleError: .conflict))
            .softDeleting(.purging)
            .batchWrites(.allOrNothing(error: .conflict))
            .querying(.named("tag", isOrdered: true, parameters: \.tags) { note, tag in note.tags.contains(tag) })
            .refusing(.invalid("a note with an empty title", refuses: { $0.title.isEmpty }) { note in
                var invalid = note
                invalid.title = ""
                return invalid
            })
    }

    /// The in-memory store, every family declared.
    public static var inMemory: Conformance<CRUD<Note>> {
        declaringFamilies(Conformance<CRUD<Note>>("in-memory notes") {
            let clock = MockClock()
            return witness(InMemoryNoteStore(now: { clock.date }), clock: clock)
        })
    }

    /// The file-backed store in a fresh temporary file per subject (removed with the store), every family
    /// declared.
    public static var fileBacked: Conformance<CRUD<Note>> {
        declaringFamilies(Conformance<CRUD<Note>>("file-backed notes") {
            let clock = MockClock()
            return witness(FileNoteStore.temporary(now: { clock.date }), clock: clock)
        })
    }
}
