import BrokenExamples
import MockTime
import RepositoryContracts
import Testing
import TodoExample

/// The pagination family's power: the correct note stores (keyset pages in memory and in a file, offset
/// pages over a list) pass every `pages.*` clause, and each one-bug store fails exactly the clauses that
/// name its bug.
@Suite("Pages family: kill table")
struct PagesKillTableTests {
    /// The CRUD contract's `pages.*` clauses alone.
    static let pages = NoteFamilyRuns.family("pages.")

    /// The clauses each bug must fail, and no other.
    static let killedBy: [PageBugs.Bug: Set<String>] = [
        .boundarySkip: ["pages.everyEntityOnceWithTies"],
        .unstableTies: ["pages.everyEntityOnceWithTies"],
        .nextOnLastPage: ["pages.endOnlyAtEnd"],
        .limitPlusOne: [
            "pages.everyEntityOnce", "pages.everyEntityOnceWithTies", "pages.zeroLimit", "pages.hideDeleted",
            "pages.deleteBetweenPages", "pages.createBetweenPages",
        ],
        .ignoresMaximum: ["pages.oversizedLimit"],
        .badCursorStartsOver: ["pages.invalidCursorRefused"],
        .offsetCursor: ["pages.deleteBetweenPages", "pages.createBetweenPages"],
        .showsDeleted: ["pages.hideDeleted"],
        .lastIDCursor: ["pages.deleteBetweenPages"],
    ]

    static func report(_ conformance: Conformance<CRUD<Note>>) async -> ConformanceReport {
        await pages.report(on: conformance)
    }

    static func failed(_ report: ConformanceReport) -> [String: String] {
        Dictionary(uniqueKeysWithValues: report.clauses.filter { $0.status == .failed }.map { ($0.id, $0.message ?? "") })
    }

    @Test("the correct note stores pass every pages clause; the offset store skips only the between-pages clauses",
          arguments: [NoteContracts.inMemory, NoteContracts.fileBacked, ThePagesFamilyExamples.offsetNotes])
    func correctStoresPass(_ conformance: Conformance<CRUD<Note>>) async {
        let report = await Self.report(conformance)
        #expect(Self.failed(report).isEmpty, "\(Self.failed(report))")
        let skipped = Set(report.clauses.filter { $0.status == .skipped }.map(\.id))
        let between: Set<String> = ["pages.deleteBetweenPages", "pages.createBetweenPages"]
        #expect(skipped == (conformance.name == ThePagesFamilyExamples.offsetNotes.name ? between : []))
        #expect(report.count(.passed) == Self.pages.clauses.count - skipped.count)
    }

    @Test("every one-bug note store fails exactly the pages clauses named for its bug")
    func killTable() async {
        var rows: [String] = []
        for bug in PageBugs.Bug.allCases {
            let failed = await Self.failed(Self.report(PageBugs.conformance(bug)))
            #expect(Set(failed.keys) == Self.killedBy[bug], "\(bug): \(failed)")
            rows.append("\(bug.rawValue) → \(failed.keys.sorted().joined(separator: ", "))")
        }
        print("pages kill table (\(rows.count) bugs):\n" + rows.joined(separator: "\n"))
    }

    @Test("the unstable-ties store is declared with ties unspecified; the correct store passes that declaration")
    func unstableTiesDeclaration() async {
        let weaker = NoteContracts.inMemory.ordered(.sorted(by: .descending(\.updatedAt)))
        #expect(Self.failed(await Self.report(weaker)).isEmpty)
    }

    @Test("a failure names the call, the ids, what was declared and where")
    func messages() async throws {
        let skip = Self.failed(await Self.report(PageBugs.conformance(.boundarySkip)))
        let message = try #require(skip["pages.everyEntityOnceWithTies"])
        #expect(message.contains("were never served"), "\(message)")
        #expect(message.contains("entities tied on updatedAt (store-maintained"), "\(message)")
        #expect(message.contains("declared: pages: maximum limit 50") && message.contains("conformance declared at BrokenExamples/PageBugs.swift:"), "\(message)")
        let next = Self.failed(await Self.report(PageBugs.conformance(.nextOnLastPage)))
        #expect(next["pages.endOnlyAtEnd"]?.contains("held the last entity but returned next cursor") == true, "\(next)")
        let cursor = Self.failed(await Self.report(PageBugs.conformance(.badCursorStartsOver)))
        let lastID = Self.failed(await Self.report(PageBugs.conformance(.lastIDCursor)))
        #expect(lastID["pages.deleteBetweenPages"]?.contains("between pages of limit 3, page(after: 5, limit: 3) threw RepositoryError") == true, "\(lastID)")
        #expect(cursor["pages.invalidCursorRefused"]?.contains("page(after: %%not-a-cursor%%, limit: 2), a cursor the store never issued, returned a page instead of throwing") == true, "\(cursor)")
    }

    @Test("pages declared on a witness that reads none fail every applicable pages clause, saying which builder to add")
    func missingReader() async {
        let bare = Conformance<CRUD<Note>>("no pages") {
            let clock = MockClock()
            var witness = NoteContracts.witness(InMemoryNoteStore(now: { clock.date }), clock: clock)
            witness.pages = nil
            return witness
        }
        .paginated(Pagination(maximumLimit: 5))
        let failed = Self.failed(await Self.report(bare))
        #expect(Set(failed.keys) == Set(Self.pages.clauses.map(\.id)).subtracting(["pages.everyEntityOnceWithTies"]))
        #expect(failed.values.allSatisfy { $0.contains("declares .paginated(…)") && $0.contains("add .paging { cursor, limit in … }") }, "\(failed)")
    }

    @Test("an offset reader declared with end: .exact fails only the end clause: its pages end with an empty page")
    func offsetEndDeclaration() async {
        let exact = ThePagesFamilyExamples.offsetNotes
            .paginated(Pagination(maximumLimit: 20, invalidCursor: .invalidInput, changesBetweenPages: .unspecified))
        #expect(Set(Self.failed(await Self.report(exact)).keys) == ["pages.endOnlyAtEnd"])
    }

    @Test("a declared maximum below the clauses' limits keeps every request within it; a store that serves more than it fails only the oversized clause")
    func smallMaximum() async {
        let declaredTwo = NoteContracts.inMemory.paginated(Pagination(maximumLimit: 2, invalidCursor: .invalidInput))
        let failed = Self.failed(await Self.report(declaredTwo))
        #expect(Set(failed.keys) == ["pages.oversizedLimit"])
        #expect(failed["pages.oversizedLimit"]?.contains("page(after: nil, limit: 3) returned 3 entities, more than 2") == true, "\(failed)")
    }
}
