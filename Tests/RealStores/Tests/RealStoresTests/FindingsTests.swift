import Foundation
import RealStores
import RepositoryContracts
import Testing

/// Every declaration the real stores' conformances make about a difference from the in-memory behaviour
/// is needed: without it, the clause that found the difference fails again, naming the field. (The
/// README's findings table lists them.)
@Suite("Findings")
struct FindingsTests {
    /// The clauses of `contract` with ids in `ids`, run on `conformance`: the failed ones with their messages.
    static func failed<Entity>(_ contract: Contract<CRUD<Entity>>, _ ids: Set<String>, on conformance: Conformance<CRUD<Entity>>) async -> [String: String] {
        let report = await Contract("CRUD", terms: contract.terms, clauses: contract.clauses.filter { ids.contains($0.id) }).report(on: conformance)
        var failed: [String: String] = [:]
        for clause in report.clauses where clause.status == .failed || clause.status == .crashed {
            failed[clause.id] = (clause.message ?? "").replacingOccurrences(of: "\0", with: "\\0")
        }
        print("\(conformance.name): \(failed.keys.sorted())")
        for (id, message) in failed.sorted(by: { $0.key < $1.key }) { print("  \(id): \(message.prefix(700))") }
        return failed
    }

    static func expectDueDatesDiffer(
        _ conformance: Conformance<CRUD<Todo>>, edgeCase: String, sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        var exact = conformance
        exact.promises.declaredEquivalence = .equal
        let failed = await Self.failed(Contracts.todos, ["values.edgeCasesRoundTrip"], on: exact)
        #expect(failed["values.edgeCasesRoundTrip"]?.contains("create(_:) of $.due: \(edgeCase) returned a value not equivalent (==)") == true,
                "\(failed)", sourceLocation: sourceLocation)
        let declared = await Self.failed(Contracts.todos, ["values.edgeCasesRoundTrip"], on: conformance)
        #expect(declared.isEmpty, "\(declared)", sourceLocation: sourceLocation)
    }

    @Test("SQLite keeps dates to the millisecond: without the equivalence, a derived due date fails the round trip")
    func sqliteDates() async {
        await Self.expectDueDatesDiffer(RealStoreContracts.sqliteTodos(), edgeCase: "sub-millisecond")
    }

    @Test("PostgreSQL keeps dates to the microsecond: without the equivalence, a derived due date fails the round trip", .postgresConfigured)
    func postgresDates() async {
        // The derived dates at whole seconds, milliseconds and microseconds pass; the one below the
        // microsecond (as `Date()` has) is the one PostgreSQL cuts.
        await Self.expectDueDatesDiffer(RealStoreContracts.postgresTodos(), edgeCase: "sub-microsecond")
    }

    static func expectNULRefused<Entity>(_ contract: Contract<CRUD<Entity>>, _ conformance: Conformance<CRUD<Entity>>, sourceLocation: SourceLocation = #_sourceLocation) async {
        var undeclared = conformance
        undeclared.promises.failingWrites = nil
        let failed = await Self.failed(contract, ["values.edgeCasesRoundTrip"], on: undeclared)
        #expect(failed["values.edgeCasesRoundTrip"]?.contains("NUL") == true, "\(failed)", sourceLocation: sourceLocation)
    }

    @Test("SQLite and PostgreSQL refuse text holding NUL: without the declaration, the derived NUL edge cases fail")
    func nulRefused() async {
        await Self.expectNULRefused(Contracts.todos, RealStoreContracts.sqliteTodos())
        await Self.expectNULRefused(Contracts.notes, RealStoreContracts.sqliteNotes())
        if PostgresServer.isConfigured {
            await Self.expectNULRefused(Contracts.todos, RealStoreContracts.postgresTodos())
            await Self.expectNULRefused(Contracts.notes, RealStoreContracts.postgresNotes())
        }
    }
}
