public import ContractEngine
import Foundation
import MockTime
public import TodoExample

/// Note stores with one pagination bug each, everything else as the correct in-memory store does: what
/// the `pages.*` kill table runs. Each is declared exactly as the correct stores are.
public enum PageBugs {
    /// One way to get pages wrong.
    public enum Bug: String, CaseIterable, Sendable {
        /// The cursor compares only `updatedAt`: the next page starts after every note of the boundary's
        /// timestamp, skipping those that tie with it.
        case boundarySkip
        /// Ties on `updatedAt` come in a different order on every request (a query with no tiebreak), so a
        /// cursor taken in one order is applied to another.
        case unstableTies
        /// The last page still returns a next cursor (which leads to an empty page).
        case nextOnLastPage
        /// Every page holds one note more than its limit.
        case limitPlusOne
        /// A limit above the maximum is served in full.
        case ignoresMaximum
        /// A cursor that does not parse starts over from the first page instead of being refused.
        case badCursorStartsOver
        /// The cursor is an offset: a note deleted before it shifts the rest, skipping one.
        case offsetCursor
        /// Soft-deleted notes still appear in pages.
        case showsDeleted
        /// The cursor is the id of the last note served, looked up on the next request: once that note is
        /// deleted, the cursor leads nowhere and the next page throws.
        case lastIDCursor
    }

    /// The note store with `bug`, every family declared as for the correct stores.
    public static func conformance(_ bug: Bug) -> Conformance<CRUD<Note>> {
        NoteContracts.declaringFamilies(Conformance<CRUD<Note>>("notes with \(bug.rawValue)") {
            let clock = MockClock()
            return NoteContracts.witness(PageBugNoteStore(bug, now: { clock.date }), clock: clock)
        })
    }
}

/// The correct in-memory note store with one pagination bug: every call but `page(after:limit:)` is the
/// correct store's (and `delete` remembers what it hid, for the store that shows deleted notes).
actor PageBugNoteStore: NoteStore {
    private let base: InMemoryNoteStore
    private let bug: PageBugs.Bug
    private var requests = 0
    private var hidden: [Int: Note] = [:]

    init(_ bug: PageBugs.Bug, now: @escaping @Sendable () -> Date) {
        base = InMemoryNoteStore(now: now)
        self.bug = bug
    }

    func create(_ note: Note) async throws -> Note { try await base.create(note) }
    func fetch(id: Int) async throws -> Note? { await base.fetch(id: id) }
    func fetchAll() async throws -> [Note] { await base.fetchAll() }
    func update(_ note: Note) async throws -> Note { try await base.update(note) }
    func update(_ note: Note, expectedVersion: Int) async throws -> Note { try await base.update(note, expectedVersion: expectedVersion) }
    func restore(id: Int) async throws {
        try await base.restore(id: id)
        hidden[id] = nil
    }
    func purge(id: Int) async throws {
        try await base.purge(id: id)
        hidden[id] = nil
    }
    func insertAll(_ notes: [Note]) async throws -> [Note] { try await base.insertAll(notes) }
    func notes(taggedWith tag: String) async throws -> [Note] { await base.notes(taggedWith: tag) }

    func delete(id: Int) async throws {
        let note = await base.fetch(id: id)
        try await base.delete(id: id)
        hidden[id] = note
    }

    func page(after cursor: String?, limit: Int) async throws -> (notes: [Note], next: String?) {
        let live = await base.fetchAll()
        requests += 1
        switch bug {
        case .boundarySkip:
            return try NoteTable.page(of: live, after: cursor, limit: limit) { $0.updatedAt > $1.updatedAt }
        case .unstableTies:
            let idsAscending = requests % 2 == 1
            let order: (Note, Note) -> Bool = { lhs, rhs in
                lhs.updatedAt != rhs.updatedAt ? lhs.updatedAt > rhs.updatedAt : (idsAscending ? lhs.id < rhs.id : lhs.id > rhs.id)
            }
            return try NoteTable.page(of: live.sorted(by: order), after: cursor, limit: limit, isBefore: order)
        case .nextOnLastPage:
            let page = try NoteTable.page(of: live, after: cursor, limit: limit)
            return (page.notes, page.next ?? page.notes.last.map(NoteTable.cursor(after:)))
        case .limitPlusOne:
            return try NoteTable.page(of: live, after: cursor, limit: limit + 1)
        case .ignoresMaximum:
            return try NoteTable.page(of: live, after: cursor, limit: limit, maximum: .max)
        case .badCursorStartsOver:
            do {
                return try NoteTable.page(of: live, after: cursor, limit: limit)
            } catch {
                return try NoteTable.page(of: live, after: nil, limit: limit)
            }
        case .offsetCursor:
            let start = try Self.parsed(cursor) { offset in offset >= 0 ? offset : nil }
            return Self.page(of: live, from: start, limit: limit) { _, end in String(end) }
        case .lastIDCursor:
            let start = try Self.parsed(cursor) { id in live.firstIndex { $0.id == id }.map { $0 + 1 } }
            return Self.page(of: live, from: start, limit: limit) { last, _ in String(last.id) }
        case .showsDeleted:
            return try NoteTable.page(of: (live + hidden.values).sorted(by: NoteTable.isBefore), after: cursor, limit: limit)
        }
    }

    /// Where the page after `cursor` starts: 0 for none, else what `start` makes of the integer the
    /// cursor holds; a cursor that holds none, or that `start` finds nothing for, is refused.
    private static func parsed(_ cursor: String?, start: (Int) -> Int?) throws -> Int {
        guard let cursor else { return 0 }
        guard let value = Int(cursor), let position = start(value) else { throw RepositoryError(.invalidInput, "not a cursor: \(cursor)") }
        return position
    }

    /// At most `limit` of `notes` from index `start`, and `cursor(last, end)` of the last one when more
    /// follow: pages by position.
    private static func page(
        of notes: [Note], from start: Int, limit: Int, cursor: (_ last: Note, _ end: Int) -> String
    ) -> (notes: [Note], next: String?) {
        let page = Array(notes.dropFirst(start).prefix(min(max(limit, 0), NoteTable.maximumPageLimit)))
        let end = start + page.count
        return (page, end < notes.count ? page.last.map { cursor($0, end) } : nil)
    }
}
