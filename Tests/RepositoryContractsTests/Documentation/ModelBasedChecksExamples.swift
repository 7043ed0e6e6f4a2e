import Foundation
import BrokenExamples
import RepositoryContracts
import Testing
import TodoExample

/// The code of the article "Model-based checks", run, and the reports it quotes, produced.
@Suite("Article: ModelBasedChecks")
struct ModelBasedChecksExamples {
    // Article: the sequential check (and, with .concurrentAccess, the parallel one).
    @Test func inMemoryModel() async {
        await ExampleContracts.inMemory.verifyModel(factory: ExampleContracts.todoFactory)   // 100 runs × 25 steps
    }

    // Article: the differential check.
    @Test func fileMatchesInMemory() async {
        let file = Conformance<CRUD<Todo>>("json-file", ordering: .insertion) { try FileTodoRepository.temporary() }
        await file.verifyModel(against: ExampleContracts.inMemory, factory: ExampleContracts.todoFactory, runs: 20)
    }

    // Article: the families' steps.
    @Test func noteStoreModel() async {
        await NoteContracts.inMemory.verifyModel(factory: NoteContracts.factory)   // CRUD and family steps
    }

    @Test("a falsified check through a family step: the report the article quotes")
    func familyReport() async throws {
        let result = await ModelCheck.check(
            ModelCheckFamilyBug.staleUpdateAccepted.conformance, factory: NoteContracts.factory, seed: ModelCheckFamiliesTests.seed)
        #expect(!result.passed)
        #expect(try DocumentationArticle.quotes("ModelBasedChecks", result.description), "\(result.description)")
    }

    @Test("the defaults the article states")
    func defaults() throws {
        #expect(ModelCheck.defaultRuns == 100)
        #expect(ModelCheck.defaultSteps == 25)
        #expect(ModelCheck.defaultParallelRuns == 40)
        let article = try DocumentationArticle.text("ModelBasedChecks")
        #expect(article.contains("100 runs of 25 steps") && article.contains("40 plans"))
    }

    @Test("a falsified sequential check: the report the article walks through, seed aside")
    func sequentialReport() async throws {
        let result = await ModelCheck.check(SequenceBugs.staleCache, factory: ExampleContracts.todoFactory, seed: 5)
        #expect(!result.passed)
        #expect(try DocumentationArticle.quotes("ModelBasedChecks", result.description), "\(result.description)")
    }

    @Test("a falsified parallel check through a plain actor hop: the article quotes the whole report, and the same seed gives it again to the character")
    func parallelReport() async throws {
        let result = await ModelCheck.check(RaceBugs.checkThenActCreate, factory: ExampleContracts.todoFactory, seed: 11)
        #expect(!result.passed)
        let failure = try #require(result.parallel?.failure)
        #expect(failure.outcome.schedule != nil && failure.replays == (10, 10) as (Int, Int), "\(result)")
        // The article quotes the debug build's schedule: a seed names an interleaving of one build.
        if _isDebugAssertConfiguration() {
            let article = try DocumentationArticle.text("ModelBasedChecks")
            #expect(article.contains(result.description), "\(result.description)")
        }
        let again = await ModelCheck.check(RaceBugs.checkThenActCreate, factory: ExampleContracts.todoFactory, seed: 11)
        #expect(again.description == result.description)
    }

    @Test("versioned updates in parallel: the lost update the article shows, its legend and its plan's shape")
    func parallelVersionedReport() async throws {
        let result = await ModelCheck.check(VersionBugs.checkThenAct, factory: NoteContracts.factory, runs: 1, seed: 3, parallelRuns: 40)
        let failure = try #require(result.parallel?.failure, "\(result)")
        let lines = result.description.split(separator: "\n").map(String.init)
        let article = try DocumentationArticle.text("ModelBasedChecks")
        let first = try #require(lines.first?.components(separatedBy: " failed in ").first)
        #expect(DocumentationArticle.normalized(article).contains(DocumentationArticle.normalized(first)), "\(first)")
        let legend = "  A failing run (→ invocation, ← response; vN is the N-th value the plan sends; @vN: the token of vN, which a conditional update carried):"
        #expect(lines.contains(legend) && article.contains(legend), "\(result)")
        // Every task of the shrunk plan races a conditional update of the key the prefix created.
        #expect(failure.shrunk.tasks.count >= 2 && failure.shrunk.makesConditionalUpdates, "\(failure.shrunk)")
        #expect(lines.contains { $0.contains("→ conditionalUpdate(k") && $0.contains(" @v1") }, "\(result)")
        #expect(article.contains("→ conditionalUpdate(k1) v2 @v1"))
    }

    @Test("a result read as a value: the failing seed, the minimal steps, the failed check and the divergence")
    func resultAsValue() async throws {
        let result = await ModelCheck.check(
            ModelCheckFamilyBug.staleUpdateAccepted.conformance, factory: NoteContracts.factory, seed: 0x45)
        if !result.passed {
            print(result.failedCheck ?? "", result.minimalSteps ?? [], result.failingSeed ?? 0)
        }
        #expect(!result.passed)
        #expect(result.failedCheck == "updateStale.stale")
        let steps = try #require(result.minimalSteps)
        #expect((2...4).contains(steps.count) && steps.last?.hasPrefix(".updateStale(") == true, "\(steps)")
        #expect(result.divergence?.contains("expected") == true)
        let seed = try #require(result.failingSeed)
        let replay = await ModelCheck.check(
            ModelCheckFamilyBug.staleUpdateAccepted.conformance, factory: NoteContracts.factory, runs: 1, seed: seed)
        #expect(replay.failedCheck == result.failedCheck)
        let passing = await ModelCheck.check(NoteContracts.inMemory, factory: NoteContracts.factory, runs: 5, seed: 0x45)
        #expect(passing.passed && passing.failedCheck == nil && passing.minimalSteps == nil && passing.failingSeed == nil)
    }
}
