import Foundation
import RepositoryContracts
import Testing

/// Derived edge cases as a user meets them: the failure names the field and both values, derivation can be
/// turned off per conformance or given values of one's own, and a non-`Codable` entity skips the clauses
/// saying why.
@Suite("Derived edge cases: options and messages")
struct EdgeCaseOptionsTests {
    static let derivedClauses: Set<String> = ["values.edgeCasesRoundTrip", "values.edgeCasesSurviveUpdate", "update.eachFieldAlone"]

    @Test("a failure names the field and both values, and says how to declare the loss")
    func message() async throws {
        let conformance = Conformance("ms", ordering: .insertion) { NoteStore(.datesTruncatedToMilliseconds) }
        let report = await NoteContracts.notes.report(on: conformance)
        let clause = try #require(report.clauses.first { $0.id == "values.edgeCasesRoundTrip" })
        let messages = clause.failures.map(\.message)
        #expect(messages.contains {
            $0.hasPrefix("fetch(id:) of $.createdAt: sub-millisecond returned a value not equivalent (==) to what was sent: "
                + "$.createdAt: stored 2023-11-14T22:13:21.123Z, sent 2023-11-14T22:13:21.123456Z. If ms keeps less than it is sent on purpose")
                && $0.contains("equivalence: .normalizing { … }")
        }, "\(messages)")
    }

    @Test("edgeCases: .off skips the derived clauses, saying so")
    func off() async {
        let conformance = Conformance("off", ordering: .insertion, edgeCases: .off) { NoteStore(.datesRoundedToSeconds) }
        let skipped = NoteContracts.notes.inapplicableClauses(for: conformance).filter { Self.derivedClauses.contains($0.clause.id) }
        #expect(Set(skipped.map(\.clause.id)) == Self.derivedClauses)
        #expect(skipped.allSatisfy { $0.reason.contains("turned off") })
        #expect(NoteContracts.notes.terms.factory.edgeCases(.off).isEmpty)
    }

    @Test("values of your own are tried in every field of their kind, after the engine's")
    func added() async {
        let settings = EdgeCases.derived(adding: ["added-Ω"], integers: [7], dates: [Date(timeIntervalSince1970: 0)])
        let names = NoteContracts.notes.terms.factory.edgeCases(settings).map(\.name)
        #expect(names.contains("$.title: added string 1"))
        #expect(names.contains("$.tags[0]: added string 1"))
        #expect(names.contains("$.createdAt: added date 1"))
        #expect(!NoteContracts.notes.terms.factory.edgeCases().map(\.name).contains("$.title: added string 1"))
        // A backend that drops exactly that title passes the engine's own edge cases, and not the added one.
        let dropping = { (settings: EdgeCases) in
            Conformance<CRUD<Note>>("drops added-Ω", ordering: .insertion, edgeCases: settings) {
                let store = NoteStore()
                var witness = RepositoryWitness(store)
                let create = witness.create
                witness.create = { note in
                    var note = note
                    if note.title == "added-Ω" { note.title = "" }
                    return try await create(note)
                }
                return witness
            }
        }
        let plain = await NoteContracts.notes.report(on: dropping(.derived))
        let extra = await NoteContracts.notes.report(on: dropping(settings))
        #expect(plain.clauses.first { $0.id == "values.edgeCasesRoundTrip" }?.status == .passed)
        #expect(extra.clauses.first { $0.id == "values.edgeCasesRoundTrip" }?.status == .failed)
    }

    /// An entity with a nested object whose optional field `make` leaves `nil`.
    struct Card: Identifiable, Equatable, Sendable, Codable {
        struct Author: Equatable, Sendable, Codable {
            var name: String
            var email: String?
        }
        var id: Int
        var author: Author
        var note: String?
    }

    @Test("nested objects get the same edge cases, nil optionals below the top level included")
    func nested() {
        let factory = EntityFactory<Card>(
            make: { Card(id: $0, author: .init(name: "Ann \($0)")) }, mutate: { var card = $0; card.author.name += "!"; return card },
            identity: \.id)
        let names = Set(factory.edgeCases().map(\.name))
        #expect(names.isSuperset(of: ["$.author.name: empty", "$.author.name: NUL", "$.author.email: present", "$.note: present"]), "\(names.sorted())")
        #expect(!names.contains { $0.hasPrefix("$.id") })
    }

    /// An entity that is not `Codable`.
    struct Plain: Identifiable, Equatable, Sendable {
        var id: Int
        var title: String
    }

    @Test("a non-Codable entity skips the derived clauses, saying why, and keeps the others")
    func notCodable() async {
        let contract = Contract.crud(make: { Plain(id: $0, title: "Plain \($0)") }, mutate: { Plain(id: $0.id, title: $0.title + "!") }, identity: \.id)
        let conformance = Conformance<CRUD<Plain>>("plain", ordering: .insertion) {
            let store = PlainStore()
            return RepositoryWitness(
                create: { try await store.create($0) }, fetch: { await store.fetch($0) }, fetchAll: { await store.all() },
                update: { try await store.update($0) }, delete: { try await store.delete($0) })
        }
        let skipped = contract.inapplicableClauses(for: conformance).filter { Self.derivedClauses.contains($0.clause.id) }
        #expect(Set(skipped.map(\.clause.id)) == Self.derivedClauses)
        #expect(skipped.allSatisfy { $0.reason.contains("is not Codable") })
        let report = await contract.report(on: conformance)
        #expect(report.clauses.filter { $0.status == .failed }.map(\.id) == [])
    }

    actor PlainStore {
        private var items: [Int: Plain] = [:]
        private var order: [Int] = []
        func create(_ item: Plain) throws -> Plain {
            guard items[item.id] == nil else { throw RepositoryError.conflict() }
            items[item.id] = item
            order.append(item.id)
            return item
        }
        func fetch(_ id: Int) -> Plain? { items[id] }
        func all() -> [Plain] { order.compactMap { items[$0] } }
        func update(_ item: Plain) throws -> Plain {
            guard items[item.id] != nil else { throw RepositoryError.notFound() }
            items[item.id] = item
            return item
        }
        func delete(_ id: Int) throws {
            guard items.removeValue(forKey: id) != nil else { throw RepositoryError.notFound() }
            order.removeAll { $0 == id }
        }
    }
}
