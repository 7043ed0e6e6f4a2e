public import ContractEngine
import Foundation
public import MockTime
import RecordReplay

/// The real stores' conformances, each with what it declares about itself: every difference from the
/// in-memory behaviour that the contract found is either fixed in the store or declared here, with why.
public enum RealStoreContracts {
    /// How long a clause may go without progress: a real database on a loaded two-core CI machine, with
    /// the contract's thousand-entity clauses, is slower than the in-memory stores' default five seconds.
    static let realStoreTimeout: Duration = .seconds(60)

    // MARK: - Todos

    /// To-dos as the docs make them: ordinal → id, a priority and a due date (so the derived dates reach
    /// the column), `done` flipped and the priority raised by an update (so a store that drops a column on
    /// update is seen).
    public static let todoFactory = EntityFactory<Todo>(
        make: { Todo(id: $0, title: "Todo \($0)", priority: $0 % 5, due: Date(timeIntervalSinceReferenceDate: 800_000_000 + Double($0) * 3_600)) },
        mutate: { todo in
            var changed = todo
            changed.done.toggle()
            changed.priority &+= 1
            return changed
        },
        identity: \.id)

    /// The to-do stores' promises: CRUD, safe under concurrent calls, listed by id.
    static func todos(_ name: String, dates: DatePrecision, subject: @escaping @Sendable () async throws -> RepositoryWitness<Todo>) -> Conformance<CRUD<Todo>> {
        Conformance<CRUD<Todo>>(
            name, capabilities: [.create, .update, .delete, .concurrentAccess],
            ordering: .sorted("by id") { $0.id < $1.id },
            // The store keeps `due` to its precision (SQLite: GRDB's date text, to the millisecond;
            // PostgreSQL: timestamptz, to the microsecond): equal within it is the same to-do.
            equivalence: Equivalence("== with dates to \(dates.name)") { lhs, rhs in
                var left = lhs, right = rhs
                left.due = nil
                right.due = nil
                return left == right && dates.same(lhs.due, rhs.due)
            },
            timeout: realStoreTimeout
        ) { try await subject() }
        // A title holding NUL: SQLite's text ends at it and PostgreSQL's text cannot hold it (SQLSTATE
        // 22021); both stores refuse it as invalid input.
        .refusing(nulTitles)
    }

    /// A to-do whose title holds NUL, refused as invalid input.
    static let nulTitles = FailingWrites<Todo>.invalid("a title holding NUL", refuses: { $0.title.contains("\0") }) { todo in
        var invalid = todo
        invalid.title = "before\0after"
        return invalid
    }

    /// The to-do store on SQLite, a database file per subject.
    public static func sqliteTodos(bugs: StoreBug = []) -> Conformance<CRUD<Todo>> {
        todos("sqlite todos" + bugs.suffix, dates: .millisecond) { RepositoryWitness(try SQLiteTodoStore(bugs: bugs)) }
    }

    /// The to-do store on PostgreSQL, a schema per subject.
    public static func postgresTodos(bugs: StoreBug = []) -> Conformance<CRUD<Todo>> {
        todos("postgres todos" + bugs.suffix, dates: .microsecond) { RepositoryWitness(try await PostgresTodoStore.make(bugs: bugs)) }
    }

    // MARK: - HTTP

    /// The live HTTP API (`TodoBackend`), emptied before each clause by deleting every to-do through the
    /// API itself: the stub server's upstream inside a scope that records (or checks drift with writes),
    /// the server `REAL_STORES_HTTP_URL` names outside any scope. Replay and a read-only drift check do
    /// not reset it (the engine withholds the reset); a scope without an upstream has nothing to reset.
    public static let httpBackend = SharedBackend("TodoBackend") { progress in
        let live = if let scope = StubServer.currentIfAny { scope.configuration.recording.upstream } else { HTTPBackend.url }
        guard let live else { return }
        try await emptyHTTPBackend(at: live, progress: progress)
    }

    /// Deletes every to-do of the API at `live`, reporting each to `progress`.
    public static func emptyHTTPBackend(at live: URL, progress: ResetProgress? = nil) async throws {
        let api = HTTPTodoStore(baseURL: live)
        for todo in try await api.fetchAll() {
            try await api.delete(id: todo.id)
            progress?.advance()
        }
    }

    /// The to-do store over HTTP: against the live server `REAL_STORES_HTTP_URL` names, or, with
    /// `throughStubServer`, against the running stub server scope (`StubServer.current`), which records
    /// from, replays or checks drift against the live server. The server assigns ids, so an id is not
    /// compared; it keeps `due` as SQLite does through GRDB, to the millisecond.
    public static func httpTodos(throughStubServer: Bool = false) -> Conformance<CRUD<Todo>> {
        Conformance<CRUD<Todo>>(
            throughStubServer ? "http todos (stub server)" : "http todos",
            capabilities: [.create, .update, .delete, .serverAssignedIDs, .concurrentAccess],
            ordering: .sorted("by id") { $0.id < $1.id },
            equivalence: Equivalence("== ignoring id, with dates to the millisecond") { lhs, rhs in
                var left = lhs, right = rhs
                left.id = 0
                right.id = 0
                left.due = nil
                right.due = nil
                return left == right && DatePrecision.millisecond.same(lhs.due, rhs.due)
            },
            timeout: realStoreTimeout,
            sharedBackend: httpBackend
        ) {
            if throughStubServer { return RepositoryWitness(HTTPTodoStore(baseURL: StubServer.current.baseURL)) }
            guard let live = HTTPBackend.url else { throw HTTPBackendNotConfigured() }
            return RepositoryWitness(HTTPTodoStore(baseURL: live))
        }
        // The server keeps its to-dos in SQLite, whose text ends at a NUL: it answers 400 to a title
        // holding one, which the store throws as invalid input.
        .refusing(nulTitles)
    }

    /// ``httpTodos(throughStubServer:)`` against the live server, whose every subject starts from an
    /// emptied server: for the model check, which makes a subject per run and runs no shared-backend reset.
    public static func httpTodosEmptiedPerSubject() -> Conformance<CRUD<Todo>> {
        var conformance = httpTodos()
        let make = conformance.makeSubject
        conformance.makeSubject = { environment in
            guard let live = HTTPBackend.url else { throw HTTPBackendNotConfigured() }
            try await emptyHTTPBackend(at: live)
            return try await make(environment)
        }
        return conformance
    }

    // MARK: - Notes

    /// Notes for ordinals: a body, two tags each, one shared by a third of them, one by all; an edit
    /// changes the title, the body and the tags.
    public static let noteFactory = EntityFactory<Note>(
        make: { Note(id: $0, title: "Note \($0)", body: "Body of note \($0).", tags: ["tag\($0 % 3)", "Shared"]) },
        mutate: { note in
            var changed = note
            changed.title += " (edited)"
            changed.body += " Edited."
            changed.tags = changed.tags.contains("edited") ? changed.tags.filter { $0 != "edited" } : changed.tags + ["edited"]
            return changed
        },
        identity: \.id)

    /// The witness of a note store with every family's operations; `clock` is the store's time.
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

    /// The note stores' promises: every family declared, as a note store keeps them.
    static func notes(_ name: String, subject: @escaping @Sendable (MockClock) async throws -> any NoteStore) -> Conformance<CRUD<Note>> {
        Conformance<CRUD<Note>>(name, capabilities: [.create, .update, .delete, .concurrentAccess], timeout: realStoreTimeout) {
            // The store's time: a mock clock starting now, so its dates have the sub-millisecond part
            // `Date()` has, and the contract moves it between writes.
            let clock = MockClock(startDate: Date())
            return witness(try await subject(clock), clock: clock)
        }
        // `deletedAt` is the store's: nil on every note a read returns (no rule says "cleared while live";
        // set-on-create is what holds for live notes).
        .maintaining(.version(\.version), .createdAt(\.createdAt), .updatedAt(\.updatedAt), .createdAt(\.deletedAt))
        .ordered(.sorted(by: .descending(\.updatedAt), .ascending(\.id)))
        .paginated(Pagination(maximumLimit: NoteStores.maximumPageLimit, invalidCursor: .invalidInput))
        .optimisticConcurrency(.token(\.version, staleError: .conflict))
        .softDeleting(.purging)
        .batchWrites(.allOrNothing(error: .conflict))
        .querying(.named("tag", isOrdered: true, parameters: \.tags) { note, tag in note.tags.contains(tag) })
        // An empty title fails the table's CHECK constraint.
        .refusing(.invalid("a note with an empty title", refuses: { $0.title.isEmpty }) { note in
            var invalid = note
            invalid.title = ""
            return invalid
        })
        // Text holding NUL is refused (see the to-dos), tags too: SQLite's query parameter would be cut at it.
        .refusing(.invalid("text holding NUL", refuses: { note in
            note.title.contains("\0") || note.body.contains("\0") || note.tags.contains { $0.contains("\0") }
        }) { note in
            var invalid = note
            invalid.body = "before\0after"
            return invalid
        })
    }

    /// The note store on SQLite, a database file per subject.
    public static func sqliteNotes(bugs: StoreBug = []) -> Conformance<CRUD<Note>> {
        notes("sqlite notes" + bugs.suffix) { clock in try SQLiteNoteStore(now: { clock.date }, bugs: bugs) }
    }

    /// The note store on PostgreSQL, a schema per subject.
    public static func postgresNotes(bugs: StoreBug = []) -> Conformance<CRUD<Note>> {
        notes("postgres notes" + bugs.suffix) { clock in try await PostgresNoteStore.make(now: { clock.date }, bugs: bugs) }
    }
}

/// `REAL_STORES_HTTP_URL` is not set.
struct HTTPBackendNotConfigured: Error, CustomStringConvertible {
    var description: String { "\(HTTPBackend.environmentVariable) is not set: .ci/real-stores starts TodoBackend and sets it" }
}

/// How finely a store keeps dates.
struct DatePrecision: Sendable {
    let name: String
    let seconds: Double

    static let millisecond = DatePrecision(name: "the millisecond", seconds: 0.001)
    static let microsecond = DatePrecision(name: "the microsecond", seconds: 0.000_001)

    /// Whether the two dates are equal within this precision (and the rounding of a `Double` that far out).
    func same(_ lhs: Date?, _ rhs: Date?) -> Bool {
        guard let lhs, let rhs else { return lhs == nil && rhs == nil }
        let a = lhs.timeIntervalSinceReferenceDate, b = rhs.timeIntervalSinceReferenceDate
        return abs(a - b) < seconds + 4 * max(a.ulp, b.ulp)
    }
}

extension StoreBug {
    /// ` (bug: …)` naming the bugs, for conformance names; empty for none.
    var suffix: String {
        var names: [String] = []
        if contains(.dropsColumnOnUpdate) { names.append("drops a column on update") }
        if contains(.pageWithoutTiebreak) { names.append("page without tiebreak") }
        if contains(.batchWithoutTransaction) { names.append("batch without transaction") }
        if contains(.versionCheckMissing) { names.append("version check missing") }
        return names.isEmpty ? "" : " (bug: \(names.joined(separator: ", ")))"
    }
}
