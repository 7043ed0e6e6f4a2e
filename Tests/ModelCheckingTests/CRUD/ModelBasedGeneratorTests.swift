import ContractEngine
import ModelChecking
import Testing

@Suite("ModelBased › generator")
struct ModelBasedGeneratorTests {
    static func kinds(_ capabilities: Capabilities, seeds: ClosedRange<UInt64> = 1...50) -> Set<String> {
        Set(seeds.flatMap { ModelCheck.operations(seed: $0, steps: 40, capabilities: capabilities).map(\.kind) })
    }

    @Test("every operation appears when CRUD is declared")
    func crud() {
        #expect(Self.kinds(.crud) == [
            "create", "createAgain", "createTwin", "createEdgeCase", "createMany", "fetch", "fetchAll", "update", "updateField", "delete",
        ])
    }

    @Test("a read-only conformer gets only reads, of unknown ids")
    func readOnly() {
        #expect(Self.kinds([]) == ["fetch", "fetchAll"])
        let steps = (1...20).flatMap { ModelCheck.operations(seed: $0, capabilities: []) }
        #expect(steps.allSatisfy { if case .created? = $0.reference { false } else { true } })
    }

    @Test("no update or delete unless declared; no createAgain with server-assigned ids")
    func respectsCapabilities() {
        let creates: Set<String> = ["create", "createTwin", "createEdgeCase", "createMany"]
        #expect(Self.kinds(.create) == creates.union(["createAgain", "fetch", "fetchAll"]))
        #expect(Self.kinds([.create, .delete]) == creates.union(["createAgain", "fetch", "fetchAll", "delete"]))
        #expect(Self.kinds([.create, .update, .delete, .serverAssignedIDs]) == creates.union(["fetch", "fetchAll", "update", "updateField", "delete"]))
    }

    @Test("references name only entities created earlier in the sequence")
    func referencesAreValid() {
        for seed in UInt64(1)...100 {
            var created = 0
            for step in ModelCheck.operations(seed: seed, steps: 60, capabilities: .crud) {
                #expect(step.isValid(createdCount: created), "seed \(seed): \(step) after \(created) creates")
                created += step.createdCount
            }
        }
    }

    @Test("the same seed gives the same sequence; another seed another")
    func deterministic() {
        let first = ModelCheck.operations(seed: 0xC0FFEE, capabilities: .crud)
        #expect(first == ModelCheck.operations(seed: 0xC0FFEE, capabilities: .crud))
        #expect(first != ModelCheck.operations(seed: 0xC0FFEF, capabilities: .crud))
        #expect(first.count == ModelCheck.defaultSteps)
    }

    @Test("steps print as lines and as Swift")
    func printing() {
        let steps: [ModelOperation] = [.create(ordinal: 1), .update(.created(0)), .delete(.unknown(2)), .fetchAll]
        #expect(steps.map(\.description) == ["create(ordinal 1)", "update(#0)", "delete(unknown#2)", "fetchAll()"])
        #expect(steps.swiftSource == "[.create(ordinal: 1), .update(.created(0)), .delete(.unknown(2)), .fetchAll]")
    }
}
