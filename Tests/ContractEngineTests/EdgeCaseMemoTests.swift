import ContractEngine
import RepositoryContractsPrimitives
import Testing

/// A factory derives its edge cases once for an entity, twin and settings, and its copies share them;
/// what changes the derivation (another `make`, another twin, other settings) derives again.
@Suite("Edge cases: derived once per factory")
struct EdgeCaseMemoTests {
    /// An entity that counts how often it is encoded: derivation encodes it for each value it tries.
    struct Counted: Codable, Identifiable, Equatable, Sendable {
        static let encodes = Protected(0)
        var id: Int
        var title: String

        init(id: Int, title: String) {
            (self.id, self.title) = (id, title)
        }

        private enum CodingKeys: String, CodingKey { case id, title }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            (id, title) = (try container.decode(Int.self, forKey: .id), try container.decode(String.self, forKey: .title))
        }

        func encode(to encoder: any Encoder) throws {
            Self.encodes.withLock { $0 += 1 }
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(title, forKey: .title)
        }
    }

    static func encodes(_ body: () -> Void) -> Int {
        let before = Counted.encodes.withLock { $0 }
        body()
        return Counted.encodes.withLock { $0 } - before
    }

    /// One test: the counts are of the whole process, so its steps must not interleave with another's.
    @Test("a second derivation, and a copy's, encode nothing; another make, twin or settings derive again")
    func derivedOnce() {
        let factory = EntityFactory<Counted>(
            make: { Counted(id: $0, title: "note \($0)") }, mutate: { Counted(id: $0.id, title: $0.title + "!") }, identity: \.id)
        var first: [String] = []
        #expect(Self.encodes { first = factory.edgeCases().map(\.name) } > 0)
        #expect(first.contains { $0.hasPrefix("$.title") })

        var again: [String] = []
        let copy = factory
        #expect(Self.encodes { again = factory.edgeCases().map(\.name) + copy.edgeCases().map(\.name) } == 0)
        #expect(again == first + first)

        var retitled = factory
        retitled.make = { Counted(id: $0, title: "other \($0)") }
        var values: [String] = []
        #expect(Self.encodes { values = retitled.edgeCases().map(\.value.title) } > 0)
        #expect(values.contains { $0.contains("other 1") }, "the derivation starts from the new make(1): \(values)")

        var twinned = factory
        twinned.twin = { entity, ordinal in Counted(id: ordinal + 100, title: entity.title) }
        #expect(Self.encodes { _ = twinned.edgeCases() } > 0)

        let adding = EdgeCases.derived(adding: ["zz-added"])
        var added: [String] = []
        #expect(Self.encodes { added = factory.edgeCases(adding).map(\.value.title) } > 0)
        #expect(added.contains("zz-added"))
    }
}
