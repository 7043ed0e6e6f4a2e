import MockTime
import RepositoryContracts
import Testing
import TodoExample

/// The pages declarations the kill table does not exercise: limits refused rather than clamped, and a
/// cursor type the contract cannot make an invalid cursor for.
@Suite("Pages family: declarations")
struct PagesDeclarationTests {
    /// A cursor of the user's own type, which the contract knows nothing about.
    struct Position: Sendable {
        var text: String
    }

    /// The in-memory note store, its pages read through `page` instead of its own.
    static func notes(
        _ name: String,
        page: @escaping @Sendable (InMemoryNoteStore, _ cursor: String?, _ limit: Int) async throws -> (notes: [Note], next: String?)
    ) -> Conformance<CRUD<Note>> {
        NoteContracts.declaringFamilies(Conformance<CRUD<Note>>(name) {
            let clock = MockClock()
            let store = InMemoryNoteStore(now: { clock.date })
            return NoteContracts.witness(store, clock: clock)
                .paging { (cursor: String?, limit) in try await page(store, cursor, limit) }
        })
    }

    /// A store that refuses a limit out of 1…50 with `invalidInput`.
    static let refusing = notes("refusing limits") { store, cursor, limit in
        guard (1...NoteTable.maximumPageLimit).contains(limit) else { throw RepositoryError(.invalidInput, "limit \(limit)") }
        return try await store.page(after: cursor, limit: limit)
    }

    @Test("limits refused as declared pass; the same refusals declared as clamped, or as another kind, fail the limit clauses")
    func refusedLimits() async {
        let maximum = NoteTable.maximumPageLimit
        let declared = Self.refusing.paginated(Pagination(
            maximumLimit: maximum, zeroLimit: .rejected(.invalidInput), oversizedLimit: .rejected(.invalidInput), invalidCursor: .invalidInput))
        #expect(PagesKillTableTests.failed(await PagesKillTableTests.report(declared)).isEmpty)

        let clamped = PagesKillTableTests.failed(await PagesKillTableTests.report(Self.refusing))
        #expect(Set(clamped.keys) == ["pages.zeroLimit", "pages.oversizedLimit"])
        #expect(clamped["pages.zeroLimit"]?.contains("page(after: nil, limit: 0) threw") == true, "\(clamped)")

        let otherKind = declared.paginated(Pagination(
            maximumLimit: maximum, zeroLimit: .rejected(.conflict), oversizedLimit: .rejected(nil), invalidCursor: .invalidInput))
        let failed = PagesKillTableTests.failed(await PagesKillTableTests.report(otherKind))
        #expect(Set(failed.keys) == ["pages.zeroLimit"])
        #expect(failed["pages.zeroLimit"]?.contains("classified as invalidInput, not as the pagination declares (zeroLimit: rejected as conflict)") == true, "\(failed)")
    }

    @Test("a store that clamps limits fails the limit clauses declared as rejected")
    func clampedDeclaredRejected() async {
        let declared = NoteContracts.inMemory.paginated(Pagination(
            maximumLimit: NoteTable.maximumPageLimit, zeroLimit: .rejected(nil), oversizedLimit: .rejected(.invalidInput), invalidCursor: .invalidInput))
        let failed = PagesKillTableTests.failed(await PagesKillTableTests.report(declared))
        #expect(Set(failed.keys) == ["pages.zeroLimit", "pages.oversizedLimit"])
        #expect(failed["pages.oversizedLimit"]?.contains("returned a page instead of throwing, as the pagination declares (oversizedLimit: rejected as invalidInput)") == true, "\(failed)")
    }

    /// The in-memory note store paged with cursors of the user's own type.
    static func positioned(invalidCursor: Position?) -> Conformance<CRUD<Note>> {
        NoteContracts.declaringFamilies(Conformance<CRUD<Note>>("positioned") {
            let clock = MockClock()
            let store = InMemoryNoteStore(now: { clock.date })
            return NoteContracts.witness(store, clock: clock).paging(invalidCursor: invalidCursor) { (cursor: Position?, limit) in
                let page = try await store.page(after: cursor?.text, limit: limit)
                return (page.notes, page.next.map(Position.init))
            }
        })
    }

    @Test("a cursor type the contract cannot forge fails the invalid-cursor clause saying how to give one; given one, it passes")
    func ownCursorType() async {
        let without = PagesKillTableTests.failed(await PagesKillTableTests.report(Self.positioned(invalidCursor: nil)))
        #expect(Set(without.keys) == ["pages.invalidCursorRefused"])
        #expect(without["pages.invalidCursorRefused"]?.contains("give one, .paging(invalidCursor: …) { cursor, limit in … }") == true, "\(without)")
        let given = await PagesKillTableTests.report(Self.positioned(invalidCursor: Position(text: "nowhere")))
        #expect(PagesKillTableTests.failed(given).isEmpty)
    }

    @Test("pages sorted by id first cannot tie: the ties clause is skipped, saying so, and the others pass")
    func sortedByID() async throws {
        let byID = NoteContracts.declaringFamilies(Conformance<CRUD<Note>>("notes by id") {
            let clock = MockClock()
            let store = InMemoryNoteStore(now: { clock.date })
            return NoteContracts.witness(store, clock: clock).pagingByOffset { offset, limit in
                guard offset >= 0 else { throw RepositoryError(.invalidInput, "negative offset \(offset)") }
                return Array(await store.fetchAll().sorted { $0.id < $1.id }.dropFirst(offset).prefix(min(limit, 50)))
            }
        })
        .ordered(.sorted(by: .ascending(\.id)))
        .paginated(Pagination(maximumLimit: 50, invalidCursor: .invalidInput, end: .mayEndWithEmptyPage, changesBetweenPages: .unspecified))
        let report = await PagesKillTableTests.report(byID)
        #expect(PagesKillTableTests.failed(report).isEmpty, "\(PagesKillTableTests.failed(report))")
        let ties = try #require(report.clauses.first { $0.id == "pages.everyEntityOnceWithTies" })
        #expect(ties.status == .skipped && ties.reason == "the first sort key is the id: entities never tie on it", "\(ties)")
    }
}
