import ContractEngine
import ModelChecking
import RepositoryContractsPrimitives
import Testing

/// A passing model check describes no value it sent or saw: the descriptions are made only when a
/// failure's report reads them, and say then what they would have said when the value was observed.
@Suite("Model check: values described only for a report")
struct DeferredDescriptionTests {
    /// A note that counts how often it is described.
    struct CountedNote: Identifiable, Equatable, Sendable, CustomStringConvertible {
        static let descriptions = Protected(0)
        var id: Int
        var text: String

        var description: String {
            Self.descriptions.withLock { $0 += 1 }
            return "CountedNote(\(id): \(text))"
        }
    }

    /// An in-memory store; with `dropsUpdates` an update returns the note but keeps the old one.
    actor CountedNotes: RepositoryProtocol {
        private var notes: [Int: CountedNote] = [:]
        private var order: [Int] = []
        private let dropsUpdates: Bool

        init(dropsUpdates: Bool = false) {
            self.dropsUpdates = dropsUpdates
        }

        func create(_ note: CountedNote) throws -> CountedNote {
            guard notes[note.id] == nil else { throw RepositoryError.conflict() }
            notes[note.id] = note
            order.append(note.id)
            return note
        }

        func fetch(id: Int) -> CountedNote? { notes[id] }
        func fetchAll() -> [CountedNote] { order.compactMap { notes[$0] } }

        func update(_ note: CountedNote) throws -> CountedNote {
            guard notes[note.id] != nil else { throw RepositoryError.notFound() }
            if !dropsUpdates { notes[note.id] = note }
            return note
        }

        func delete(id: Int) throws {
            guard notes.removeValue(forKey: id) != nil else { throw RepositoryError.notFound() }
            order.removeAll { $0 == id }
        }
    }

    static let factory = EntityFactory<CountedNote>(
        make: { CountedNote(id: $0, text: "note \($0)") }, mutate: { CountedNote(id: $0.id, text: $0.text + "!") },
        identity: \.id)

    static func conformance(dropsUpdates: Bool) -> Conformance<CRUD<CountedNote>> {
        Conformance<CRUD<CountedNote>>(
            dropsUpdates ? "drops updates" : "in-memory", capabilities: [.create, .update, .delete], ordering: .insertion
        ) { RepositoryWitness(CountedNotes(dropsUpdates: dropsUpdates)) }
    }

    /// One test, so that the counts of the passing and the failing check do not mix.
    @Test("a passing check describes no note; a failing one's report names the notes as they were observed")
    func describedForReportsOnly() async throws {
        CountedNote.descriptions.withLock { $0 = 0 }
        let passing = await ModelCheck.check(Self.conformance(dropsUpdates: false), factory: Self.factory, runs: 30, seed: 7)
        #expect(passing.passed, "\(passing)")
        #expect(CountedNote.descriptions.withLock { $0 } == 0, "a passing run described its notes")

        let failing = await ModelCheck.check(Self.conformance(dropsUpdates: true), factory: Self.factory, runs: 30, seed: 7)
        let report = failing.description
        #expect(!failing.passed)
        #expect(CountedNote.descriptions.withLock { $0 } > 0)
        // The update returned the edited note; the fetch after it found the old one.
        #expect(report.contains("!)"), "\(report)")
        #expect(report.contains("returned CountedNote("), "\(report)")
    }

    final class Box: Sendable {}
    struct Plain {}

    @Test("class instances, and containers of them, are told apart from values", arguments: [
        (Box.self as Any.Type, true), ([Box].self, true), ([Int: Box]?.self, true), (Set<Int>?.self, false),
        (Int.self, false), ([String].self, false), (Plain.self, false), ([Plain?].self, false),
    ])
    func classesFound(_ type: Any.Type, holds: Bool) {
        #expect(holdsObjects(type) == holds, "\(type)")
    }

    /// A class whose description reads state that changes.
    final class Mutable: Sendable, CustomStringConvertible {
        let text = Protected("first")
        var description: String { text.withLock { $0 } }
    }

    /// A value whose description counts how often it is made.
    struct Counting: Sendable, CustomStringConvertible {
        let made: Protected<Int>
        var description: String {
            made.withLock { $0 += 1 }
            return "counted"
        }
    }

    @Test("a watched call's name: a class instance abbreviated as it was sent, a value when a message reads it")
    func callNames() {
        let object = Mutable()
        let objectName = Abbreviation(object)
        let objects = Abbreviation([object])
        object.text.withLock { $0 = "later" }
        #expect(objectName.description == "first")
        #expect(objects.description == "[first]")

        let made = Protected(0)
        let valueName = Abbreviation(Counting(made: made))
        #expect(made.withLock { $0 } == 0)
        #expect(valueName.description == "counted")
        #expect(made.withLock { $0 } == 1)
    }

    @Test("a class instance's text is made when observed; a value's when read")
    func madeWhenObserved() {
        let object = Mutable()
        let objectText = DeferredText(describing: object, holding: Mutable.self) { $0.text.withLock { $0 } }
        object.text.withLock { $0 = "later" }
        #expect(objectText.description == "first")

        let valueMade = Protected(0)
        let valueText = DeferredText(describing: 42, holding: Int.self) { value in
            valueMade.withLock { $0 += 1 }
            return "\(value)"
        }
        #expect(valueMade.withLock { $0 } == 0)
        #expect(valueText.description == "42")
        #expect(valueMade.withLock { $0 } == 1)
    }
}
