import BrokenExamples
import ContractEngine
import ModelChecking
import Testing
import TodoExample

@Suite("ModelBased › check")
struct ModelBasedCheckTests {
    static let factory = ExampleContracts.todoFactory
    static let seeds: [UInt64] = [1, 2, 3, 0xDEAD_BEEF, 0x7892_BFBB_827A_1668, 42, 1_234_567, 99]

    @Test("the correct in-memory repository passes the default budget, quickly")
    func inMemoryPasses() async {
        let clock = ContinuousClock()
        let start = clock.now
        let result = await ModelCheck.check(ExampleContracts.inMemory, factory: Self.factory, seed: 0x5EED)
        let elapsed = clock.now - start
        #expect(result.passed, "\(result)")
        #expect(result.runs == ModelCheck.defaultRuns)
        print("[ModelBased] in-memory: \(result.runs) runs × \(result.steps) steps in \(elapsed)")
    }

    @Test("the correct in-memory repository passes many more runs, and a server-id conformer passes too")
    func manyRuns() async {
        for seed in Self.seeds.prefix(3) {
            let result = await ModelCheck.check(ExampleContracts.inMemory, factory: Self.factory, runs: 100, steps: 40, seed: seed)
            #expect(result.passed, "\(result)")
        }
        let serverIDs = await ModelCheck.check(SequenceBugs.serverIDs, factory: Self.factory, seed: 7)
        #expect(serverIDs.passed, "\(serverIDs)")
    }

    @Test(
        "each wrong conformer is found within the default budget and shrunk to at most 5 steps",
        arguments: [
            (SequenceBugs.idReusing, ["duplicateID", "reusedID"]),
            (SequenceBugs.staleCache, ["value"]),
            (SequenceBugs.swapRemove, ["order"]),
            (SequenceBugs.lostWrite, ["value"]),
        ])
    func wrongConformersAreFound(_ conformance: Conformance<CRUD<Todo>>, checks: [String]) async throws {
        var runsNeeded: [Int] = []
        var shrunkTo: [Int] = []
        let clock = ContinuousClock()
        let start = clock.now
        for seed in Self.seeds {
            let result = await ModelCheck.check(conformance, factory: Self.factory, seed: seed)
            let failure = try #require(result.failure, "\(conformance.name), seed \(seed): not found\n\(result)")
            #expect(failure.shrunk.count <= 5, "\(result)")
            #expect(checks.contains(failure.divergence.check), "\(result)")
            #expect(failure.divergence.signature == failure.originalDivergence.signature)
            runsNeeded.append(failure.run)
            shrunkTo.append(failure.shrunk.count)
            if seed == Self.seeds[0] {
                print("[ModelBased] \(conformance.name), first seed:\n\(result)")
            }
        }
        let elapsed = clock.now - start
        print("[ModelBased] \(conformance.name): \(Self.seeds.count) seeds; runs needed \(runsNeeded); shrunk to \(shrunkTo) steps; total \(elapsed)")
    }

    @Test("the same seed replays the same run: same failure, same shrunk sequence")
    func replayBySeed() async throws {
        let first = try #require(await ModelCheck.check(SequenceBugs.lostWrite, factory: Self.factory, seed: 11).failure)
        let replayed = try #require(
            await ModelCheck.check(SequenceBugs.lostWrite, factory: Self.factory, seed: first.seed).failure)
        #expect(replayed.run == 1)
        #expect(replayed.original == first.original)
        #expect(replayed.shrunk == first.shrunk)
        #expect(replayed.divergence == first.divergence)
        let direct = await ModelCheck.replay(first.shrunk, on: SequenceBugs.lostWrite, factory: Self.factory)
        #expect(direct.failure?.divergence.signature == first.divergence.signature)
    }

    @Test("the report prints the steps, pasteable Swift, the seed and the replay token")
    func report() async throws {
        let result = await ModelCheck.check(SequenceBugs.staleCache, factory: Self.factory, seed: 5)
        let failure = try #require(result.failure)
        let text = result.description
        #expect(text.contains("falsified (seed 0x"))
        #expect(text.contains("REPOSITORY_CONTRACTS_SEED=0x"))
        #expect(text.contains("Replay the minimal case: paste the Swift above into a test"))
        #expect(!text.contains("ModelCheck.replay"))
        let snippet = try #require(result.swiftSnippet)
        #expect(snippet.hasPrefix("let repo = try await conformance.makeRepository()\nvar sent: [Todo] = []\nsent.append(factory.make(1))"))
        #expect(snippet.contains("// ✗ expected returns nil"))
        #expect(failure.shrunk.map(\.kind) == ["create", "update", "delete", "fetch"])
    }

    @Test("differential mode reports the first difference with both outcomes; equal conformers agree")
    func differential() async throws {
        let same = await ModelCheck.check(ExampleContracts.inMemory, against: ExampleContracts.inMemory, factory: Self.factory, seed: 3)
        #expect(same.passed, "\(same)")
        let result = await ModelCheck.check(ExampleContracts.inMemory, against: SequenceBugs.swapRemove, factory: Self.factory, seed: 3)
        let failure = try #require(result.failure, "\(result)")
        #expect(failure.divergence.signature == "fetchAll.order")
        #expect(failure.divergence.expected.hasPrefix("in-memory returned ["))
        #expect(failure.divergence.actual.hasPrefix("swap-remove returned ["))
        #expect(failure.shrunk.count <= 5, "\(result)")
        let serverIDs = await ModelCheck.check(SequenceBugs.serverIDs, against: SequenceBugs.idReusing, factory: Self.factory, seed: 3)
        #expect(serverIDs.failure != nil, "\(serverIDs)")
    }

    @Test("a conformer that hangs or throws unexpected errors gives a clear failure, not a crashed runner")
    func misbehavingConformers() async throws {
        let hanging = Conformance<CRUD<Todo>>("hanging", ordering: .insertion, timeout: .milliseconds(100)) {
            let store = InMemoryTodoRepository()
            return RepositoryWitness(
                create: { try await store.create($0) }, fetch: { await store.fetch(id: $0) },
                fetchAll: {
                    try await Task.sleep(for: .seconds(60))
                    return await store.fetchAll()
                },
                update: { try await store.update($0) }, delete: { try await store.delete(id: $0) })
        }
        // Nothing else counts as progress here: the other tests of the run would hold the watchdog off.
        let hung = await ProgressMonitor.$sources.withValue([]) {
            await ModelCheck.check(hanging, factory: Self.factory, runs: 3, seed: 1, maxShrinkAttempts: 10)
        }
        let failure = try #require(hung.failure)
        #expect(failure.divergence.signature == "fetchAll.broken")
        #expect(failure.divergence.actual.contains("did not complete: running for"))
        #expect(failure.divergence.actual.contains("with no sign of progress for 0.1 s"))
        #expect(failure.shrunk == [.fetchAll])

        struct Boom: Error {}
        let throwing = Conformance<CRUD<Todo>>("throwing", ordering: .insertion) {
            let store = InMemoryTodoRepository()
            return RepositoryWitness(
                create: { try await store.create($0) }, fetch: { await store.fetch(id: $0) },
                fetchAll: { await store.fetchAll() },
                update: { _ in throw Boom() }, delete: { try await store.delete(id: $0) })
        }
        let threw = try #require(await ModelCheck.check(throwing, factory: Self.factory, seed: 1).failure)
        #expect(threw.divergence.signature == "update.outcome")
        #expect(threw.divergence.actual.contains("Boom"))
        #expect(threw.shrunk == [.create(ordinal: 1), .update(.created(0))])

        let broken = Conformance<CRUD<Todo>>("no subject") { () async throws -> RepositoryWitness<Todo> in throw Boom() }
        let setup = await ModelCheck.check(broken, factory: Self.factory, seed: 1)
        #expect(!setup.passed)
        #expect(setup.setupError?.contains("makeSubject() threw") == true)
    }
}
