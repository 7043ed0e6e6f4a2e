import Foundation
import RepositoryContracts
import Testing

/// What real stores lose, as the derived edge cases meet it: a date cut to the microsecond, a NUL the
/// store refuses; and how a conformance leaves one value or one kind of value out with its reason.
@Suite("Derived edge cases: what real stores lose, and leaving values out")
struct EdgeCaseExclusionTests {
    static let refusesNUL = "PostgreSQL refuses NUL in text (SQLSTATE 22021)"

    func clause(_ id: String, _ report: ConformanceReport) throws -> ClauseResult {
        try #require(report.clauses.first { $0.id == id })
    }

    @Test("dates are derived at each precision stores keep, and below the microsecond")
    func precisions() {
        let names = NoteContracts.notes.terms.factory.edgeCases().map(\.name)
        #expect(names.contains("$.createdAt: whole milliseconds"))
        #expect(names.contains("$.createdAt: sub-millisecond"))
        #expect(names.contains("$.createdAt: sub-microsecond"))
        // make(1)'s date is already whole seconds: that value is the base, not an edge case.
        #expect(!names.contains("$.createdAt: whole seconds"))
        let fractional = EntityFactory<Note>(
            make: { Note(id: $0, title: "n", createdAt: Date(timeIntervalSince1970: 1_700_000_000.75), body: nil, tags: []) },
            mutate: { var note = $0; note.title += "!"; return note }, identity: \.id)
        #expect(fractional.edgeCases().map(\.name).contains("$.createdAt: whole seconds"))
    }

    @Test("a store that cuts dates to the microsecond, as postgres-nio does, is caught by the new dates only")
    func microseconds() async throws {
        let conformance = Conformance("µs", ordering: .insertion) { NoteStore(.datesTruncatedToMicroseconds) }
        let report = await NoteContracts.notes.report(on: conformance)
        let roundTrip = try clause("values.edgeCasesRoundTrip", report)
        #expect(roundTrip.status == .failed)
        let messages = roundTrip.failures.map(\.message)
        // The date below the microsecond is cut; a whole-millisecond date, just below .123 in binary, loses
        // a microsecond to the cut; the older values (exact to the microsecond) pass.
        #expect(messages.allSatisfy { $0.contains("$.createdAt: sub-microsecond") || $0.contains("$.createdAt: whole milliseconds") }, "\(messages)")
        #expect(messages.contains { $0.contains("$.createdAt: stored 2023-11-14T22:13:21.123456Z, sent 2023-11-14T22:13:21.1234567Z") },
                "\(messages)")
        #expect(messages.contains { $0.contains("$.createdAt: stored 2023-11-14T22:13:21.122999Z, sent 2023-11-14T22:13:21.123Z") },
                "\(messages)")
        // Expected and actual print the dates in full, so they differ where the dates do.
        let failure = try #require(roundTrip.failures.first)
        #expect(failure.actual != failure.expected)
        #expect(failure.expected?.contains("createdAt: 2023-11-14T22:13:21.1234567Z") == true, "\(failure.expected ?? "")")

        // Leaving out the kind with a reason: the clause names each value left out, and still tries the rest.
        let leftOut = Conformance("µs", ordering: .insertion, edgeCases: .excluding(.datesBelowTheMicrosecond, because: "PostgreSQL keeps microseconds")) {
            NoteStore(.datesTruncatedToMicroseconds)
        }
        let second = try clause("values.edgeCasesRoundTrip", await NoteContracts.notes.report(on: leftOut))
        #expect(second.notes == ["$.createdAt: sub-microsecond left out: PostgreSQL keeps microseconds"])
        #expect(!second.failures.isEmpty && second.failures.allSatisfy { $0.message.contains("whole milliseconds") })
    }

    /// What a PostgreSQL driver throws: its description hides the SQLSTATE.
    struct DriverError: Error, CustomStringConvertible {
        var sqlState: String
        var description: String { "a database error occurred (details withheld)" }
    }

    /// A note store that refuses a NUL in any text, as PostgreSQL does.
    static func refusingNUL(_ name: String, edgeCases: EdgeCases = .derived) -> Conformance<CRUD<Note>> {
        Conformance(name, ordering: .insertion, edgeCases: edgeCases) {
            let store = NoteStore()
            var witness = RepositoryWitness(store)
            let create = witness.create, update = witness.update
            witness.create = { note in try refuseNUL(note); return try await create(note) }
            witness.update = { note in try refuseNUL(note); return try await update(note) }
            return witness
        }
    }

    static func refuseNUL(_ note: Note) throws {
        if ([note.title, note.body ?? ""] + note.tags).contains(where: { $0.contains("\0") }) {
            throw DriverError(sqlState: "22021")
        }
    }

    @Test("a refused value's failure shows the driver's hidden detail and says how to leave the value out, not to normalise it")
    func refusedMessage() async throws {
        let report = await NoteContracts.notes.report(on: Self.refusingNUL("postgres"))
        let messages = try clause("values.edgeCasesRoundTrip", report).failures.map(\.message)
        let title = try #require(messages.first { $0.hasPrefix("create(_:) of $.title: NUL threw") }, "\(messages)")
        #expect(title.contains(#"sqlState: "22021""#), "\(title)")
        #expect(title.contains(#"edgeCases: .excluding(.nulInText, because: "…")"#), "\(title)")
        #expect(title.contains(".refusing(.invalid("), "\(title)")
        #expect(!title.contains("equivalence"), "\(title)")
        #expect(!title.contains("edgeCases: .off"), "\(title)")
    }

    @Test("leaving out NUL in text, with a reason, passes and every clause that would have tried it names it")
    func excludedByKind() async throws {
        let settings = EdgeCases.excluding(.nulInText, because: Self.refusesNUL)
        let report = await NoteContracts.notes.report(on: Self.refusingNUL("postgres", edgeCases: settings))
        #expect(report.clauses.filter { $0.status == .failed }.map(\.id) == [])
        let roundTrip = try clause("values.edgeCasesRoundTrip", report)
        #expect(roundTrip.status == .passed)
        #expect(Set(roundTrip.notes) == [
            "$.title: NUL left out: \(Self.refusesNUL)", "$.body: NUL left out: \(Self.refusesNUL)", "$.tags[0]: NUL left out: \(Self.refusesNUL)",
        ])
        #expect(try clause("values.edgeCasesSurviveUpdate", report).notes.count == 3)
        // The per-field update sends no NUL: nothing is left out of it, and it still runs.
        let eachField = try clause("update.eachFieldAlone", report)
        #expect(eachField.status == .passed && eachField.notes.isEmpty)
        let list = try #require(report.leftOutList(contract: "CRUD"))
        #expect(list.hasPrefix("[CRUD] 6 values left out on postgres:"), "\(list)")
        #expect(list.contains("  values.edgeCasesRoundTrip: $.title: NUL left out: \(Self.refusesNUL)"), "\(list)")
        let json = try ContractReport(contract: "CRUD", conformances: [report]).json()
        #expect(json.contains("\"notes\""), "\(json)")
        // Every other value is still tried.
        let factory = NoteContracts.notes.terms.factory
        #expect(factory.edgeCases(settings).count == factory.edgeCases().count - 3)
        #expect("\(settings)" == ".derived excluding NUL in text (\(Self.refusesNUL))")
    }

    @Test("leaving out one value by the name a report prints leaves the others of its kind in")
    func excludedByName() async throws {
        let settings = EdgeCases.excluding(.named("$.title: NUL"), because: "the title column is a C string")
        let report = await NoteContracts.notes.report(on: Self.refusingNUL("postgres", edgeCases: settings))
        let roundTrip = try clause("values.edgeCasesRoundTrip", report)
        #expect(roundTrip.notes == ["$.title: NUL left out: the title column is a C string"])
        let messages = roundTrip.failures.map(\.message)
        #expect(!messages.contains { $0.hasPrefix("create(_:) of $.title: NUL") })
        // A failure repeats what was left out among what the conformance declared.
        #expect(roundTrip.assumptions?.contains(#"edge cases .derived excluding $.title: NUL (the title column is a C string)"#) == true,
                "\(roundTrip.assumptions ?? "")")
        #expect(messages.contains { $0.hasPrefix("create(_:) of $.body: NUL threw") }, "\(messages)")
    }

    @Test("an exclusion that matches no derived value says so")
    func excludesNothing() async throws {
        let settings = EdgeCases.derived.excluding(.named("$.titel: NUL"), because: "typo")
        let report = await NoteContracts.notes.report(on: Conformance("typo", ordering: .insertion, edgeCases: settings) { NoteStore() })
        let notes = try clause("values.edgeCasesRoundTrip", report).notes
        #expect(notes.count == 1 && notes[0].hasPrefix("excluding $.titel: NUL leaves out nothing"), "\(notes)")
    }
}
