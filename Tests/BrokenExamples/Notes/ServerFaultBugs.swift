public import ContractEngine
import Foundation
import RecordReplay
public import TodoExample

/// HTTP note stores with one failure-atomicity bug each, in how they handle a request the connection
/// fails: each is the real ``HTTPNoteRepository`` behind a local mirror (the notes it last read or wrote
/// one by one, which `fetch(id:)` answers from, and the ids it deleted), correct but for one write. The
/// `atomicity.serverFault*` clauses must catch every one (the server-fault kill table); ``mirrored``,
/// with no bug, passes them.
public enum ServerFaultBugs {
    /// The mirrored store with no bug: it changes its mirror only after the API answered.
    public static let mirrored = conformance("mirrored-http-notes", nil)

    /// An optimistic update: the mirror takes the new note before the request, and keeps it when the
    /// request fails, so `fetch(id:)` shows a change the API never stored.
    public static let optimisticUpdate = conformance("optimistic-update-not-rolled-back", .optimisticUpdate)

    /// A create that queues the note for later when the connection fails and returns the note it sent, as
    /// if it were stored: the caller is told it succeeded, and `fetch(id:)` finds it.
    public static let createSwallowsTransportError = conformance("create-swallows-transport-error", .createSwallowsTransportError)

    /// A delete that forgets the note locally first and reports success when the connection fails:
    /// `fetch(id:)` no longer finds a note the API still holds.
    public static let deleteSucceedsLocally = conformance("delete-succeeds-locally", .deleteSucceedsLocally)

    /// A batch insert that mirrors the notes as it sends them and keeps them when the request fails.
    public static let optimisticBatch = conformance("optimistic-batch-not-rolled-back", .optimisticBatch)

    /// Every bug, in kill-table order.
    public static let all = [optimisticUpdate, createSwallowsTransportError, deleteSucceedsLocally, optimisticBatch]

    /// A conformance of the mirrored store with `bug`, talking to a fresh ``NoteAPIFake`` served by the
    /// current scope's stub server, declared as ``NoteContracts/httpFakeAPI`` is.
    private static func conformance(_ name: String, _ bug: MirroredHTTPNoteStore.Bug?) -> Conformance<CRUD<Note>> {
        NoteContracts.declaringFamilies(Conformance<CRUD<Note>>(name) {
            let server = StubServer.current
            let api = NoteAPIFake()
            server.playback.stub(.any) { api.respond(to: $0) }
            return NoteContracts.witness(MirroredHTTPNoteStore(HTTPNoteRepository(baseURL: server.baseURL), bug: bug), clock: api.clock)
        })
        .scalingBulkClauses(to: 100)
        .writingThroughStubServer()
    }
}

/// The HTTP note store behind a local mirror: `fetch(id:)` answers from the notes it last read or wrote one
/// by one, and from the ids it deleted, before asking the API; lists and pages always come from the API. Correct when every write changes the mirror only
/// after the API answered; a ``Bug`` changes one write.
actor MirroredHTTPNoteStore: NoteStore {
    /// The one write that handles a failed request wrongly.
    enum Bug {
        case optimisticUpdate, createSwallowsTransportError, deleteSucceedsLocally, optimisticBatch
    }

    private let remote: HTTPNoteRepository
    private let bug: Bug?
    private var mirror: [Int: Note] = [:]
    private var deleted: Set<Int> = []

    init(_ remote: HTTPNoteRepository, bug: Bug?) {
        self.remote = remote
        self.bug = bug
    }

    /// Keeps `notes` as the API returned them.
    private func remember(_ notes: [Note]) {
        for note in notes {
            mirror[note.id] = note
            deleted.remove(note.id)
        }
    }

    /// Forgets what the mirror knows of `id`: the API is asked next time.
    private func forget(_ id: Int) {
        mirror[id] = nil
        deleted.remove(id)
    }

    func create(_ note: Note) async throws -> Note {
        do {
            let created = try await remote.create(note)
            remember([created])
            return created
        } catch let error as RepositoryError where bug == .createSwallowsTransportError && error.kind == .unavailable {
            remember([note])  // "sent later": never
            return note
        }
    }

    func fetch(id: Int) async throws -> Note? {
        if deleted.contains(id) { return nil }
        if let note = mirror[id] { return note }
        let note = try await remote.fetch(id: id)
        if let note { remember([note]) }
        return note
    }

    /// Always the API's list; it does not fill the mirror, which keeps single notes.
    func fetchAll() async throws -> [Note] {
        try await remote.fetchAll()
    }

    func update(_ note: Note) async throws -> Note {
        if bug == .optimisticUpdate { mirror[note.id] = note }
        let updated = try await remote.update(note)
        remember([updated])
        return updated
    }

    func update(_ note: Note, expectedVersion: Int) async throws -> Note {
        let updated = try await remote.update(note, expectedVersion: expectedVersion)
        remember([updated])
        return updated
    }

    func delete(id: Int) async throws {
        if bug == .deleteSucceedsLocally {
            mirror[id] = nil
            deleted.insert(id)
            do { try await remote.delete(id: id) } catch let error as RepositoryError where error.kind == .unavailable {}
            return
        }
        try await remote.delete(id: id)
        mirror[id] = nil
        deleted.insert(id)
    }

    func restore(id: Int) async throws {
        try await remote.restore(id: id)
        forget(id)
    }

    func purge(id: Int) async throws {
        try await remote.purge(id: id)
        forget(id)
    }

    func insertAll(_ notes: [Note]) async throws -> [Note] {
        if bug == .optimisticBatch { remember(notes) }
        let stored = try await remote.insertAll(notes)
        remember(stored)
        return stored
    }

    func notes(taggedWith tag: String) async throws -> [Note] {
        try await remote.notes(taggedWith: tag)
    }

    func page(after cursor: String?, limit: Int) async throws -> (notes: [Note], next: String?) {
        try await remote.page(after: cursor, limit: limit)
    }
}
