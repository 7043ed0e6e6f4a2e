public import ContractEngine
import Foundation
public import MockTime
public import TodoExample

/// A note store with CRUD, store-maintained fields and a sort, and one bug in them (or none): what the
/// `maintained.*` and `order.*` clauses are proven on.
public actor MaintainedBugStore {
    /// The one bug.
    public enum Bug: String, Sendable, CaseIterable {
        /// No bug.
        case none
        /// update keeps the stored version.
        case versionNotBumped
        /// update stores the version the client sent, plus one.
        case versionFromClient
        /// update keeps the stored `updatedAt`.
        case updatedAtNotRefreshed
        /// update stores the `createdAt` the client sent.
        case createdAtFromClient
        /// update returns what was sent, though it stores the right fields.
        case updateReturnsWhatWasSent
        /// fetch(id:) counts reads in the version.
        case readBumpsVersion
        /// A create refused for an existing id still refreshes that entity's `updatedAt`.
        case refusedCreateTouches
        /// fetchAll() sorts by `updatedAt` only, so ties keep their creation order, not the declared id order.
        case unstableTies
        /// fetchAll() sorts by `updatedAt` ascending although descending is declared.
        case oldestFirst
    }

    private let bug: Bug
    private let clock: MockClock
    private var notes: [Int: Note] = [:]
    private var creationOrder: [Int] = []

    /// A store with `bug`, stamped by `clock`.
    public init(_ bug: Bug, clock: MockClock) {
        self.bug = bug
        self.clock = clock
    }

    func create(_ note: Note) throws -> Note {
        if var existing = notes[note.id] {
            if bug == .refusedCreateTouches {
                existing.updatedAt = clock.date
                notes[note.id] = existing
            }
            throw RepositoryError.conflict()
        }
        var stored = note
        stored.version = 1
        stored.createdAt = clock.date
        stored.updatedAt = clock.date
        notes[note.id] = stored
        creationOrder.append(note.id)
        return stored
    }

    func fetch(id: Int) -> Note? {
        guard var note = notes[id] else { return nil }
        if bug == .readBumpsVersion {
            note.version &+= 1
            notes[id] = note
        }
        return note
    }

    func fetchAll() -> [Note] {
        switch bug {
        case .unstableTies: creationOrder.compactMap { notes[$0] }.sorted { $0.updatedAt > $1.updatedAt }
        case .oldestFirst: notes.values.sorted { $0.updatedAt != $1.updatedAt ? $0.updatedAt < $1.updatedAt : $0.id < $1.id }
        default: notes.values.sorted(by: NoteTable.isBefore)
        }
    }

    func update(_ note: Note) throws -> Note {
        guard let current = notes[note.id] else { throw RepositoryError.notFound() }
        var stored = note
        stored.version = switch bug {
        case .versionNotBumped: current.version
        case .versionFromClient: note.version &+ 1
        default: current.version + 1
        }
        stored.createdAt = bug == .createdAtFromClient ? note.createdAt : current.createdAt
        stored.updatedAt = bug == .updatedAtNotRefreshed ? current.updatedAt : clock.date
        notes[note.id] = stored
        return bug == .updateReturnsWhatWasSent ? note : stored
    }

    func delete(id: Int) throws {
        guard notes.removeValue(forKey: id) != nil else { throw RepositoryError.notFound() }
        creationOrder.removeAll { $0 == id }
    }

    /// A conformance of a fresh store with `bug`, declaring the note stores' fields and sort.
    public static func conformance(_ bug: Bug) -> Conformance<CRUD<Note>> {
        Conformance<CRUD<Note>>("notes with \(bug.rawValue)") {
            let clock = MockClock()
            let store = MaintainedBugStore(bug, clock: clock)
            return RepositoryWitness<Note>(
                create: { try await store.create($0) }, fetch: { await store.fetch(id: $0) },
                fetchAll: { await store.fetchAll() }, update: { try await store.update($0) },
                delete: { try await store.delete(id: $0) })
                .movingStoreTime { clock.advance(by: .seconds(1)) }
        }
        .maintaining(.version(\.version), .createdAt(\.createdAt), .updatedAt(\.updatedAt))
        .ordered(.sorted(by: .descending(\.updatedAt), .ascending(\.id)))
    }
}
