import Foundation
import RepositoryContractsPrimitives
import RepositoryContracts
import RepositoryContractsXCTest
import BrokenExamples
import Testing
import TodoExample
import XCTest

/// The Swift Testing glue for model-based checks: one issue at the caller's line per falsified check.
@Suite("ModelCheck glue")
struct ModelCheckGlueTests {
    static let factory = ExampleContracts.todoFactory

    @Test("the correct in-memory repository passes, recording nothing")
    func inMemoryPasses() async {
        let result = await ExampleContracts.inMemory.verifyModel(factory: Self.factory, seed: 0x5EED)
        #expect(result.passed)
        #expect(result.runs == ModelCheck.defaultRuns)
    }

    @Test("a wrong conformer gives one issue at the caller's line with the minimal sequence and the seed")
    func wrongConformerFails() async throws {
        let expected = try #require(await ModelCheck.check(SequenceBugs.staleCache, factory: Self.factory, seed: 5).failure)
        let seedLine = "REPOSITORY_CONTRACTS_SEED=0x" + String(repeating: "0", count: 16 - String(expected.seed, radix: 16).count)
            + String(expected.seed, radix: 16)
        let replay = "Replay the minimal case: paste the Swift above into a test"
        let issues = ModelCheckIssueCounter()
        let line = #line + 2
        await withKnownIssue {
            let result = await SequenceBugs.staleCache.verifyModel(factory: Self.factory, seed: 5)
            #expect(result.failure?.shrunk == expected.shrunk)
        } matching: { issue in
            issues.increment()
            let text = issue.comments.map(\.rawValue).joined(separator: "\n")
            return issue.sourceLocation?.line == line && issue.sourceLocation?.fileName == "ModelCheckGlueTests.swift"
                && text.contains(seedLine) && text.contains(replay)
                && text.hasPrefix("Model-based check of stale-cache falsified")
                && text.contains("// ✗ expected returns nil")
        }
        #expect(issues.count == 1)
        #expect(expected.shrunk.map(\.kind) == ["create", "update", "delete", "fetch"])
    }

    @Test("differential: in-memory against a wrong conformer reports the difference with both outcomes")
    func differential() async {
        let same = await ExampleContracts.inMemory.verifyModel(against: ExampleContracts.inMemory, factory: Self.factory, seed: 3)
        #expect(same.passed)
        let issues = ModelCheckIssueCounter()
        await withKnownIssue {
            let result = await ExampleContracts.inMemory.verifyModel(
                against: SequenceBugs.swapRemove, factory: Self.factory, seed: 3)
            #expect(result.failure?.divergence.signature == "fetchAll.order")
        } matching: { issue in
            issues.increment()
            let text = issue.comments.map(\.rawValue).joined(separator: "\n")
            return text.hasPrefix("Model-based check of in-memory against swap-remove falsified")
                && text.contains("in-memory returned [") && text.contains("swap-remove returned [")
                && text.contains("REPOSITORY_CONTRACTS_SEED=0x")
        }
        #expect(issues.count == 1)
    }

    @Test("a subject that cannot be made is an issue too")
    func setupError() async {
        struct Boom: Error {}
        let broken = Conformance<CRUD<Todo>>("no subject") { () async throws -> RepositoryWitness<Todo> in throw Boom() }
        await withKnownIssue {
            let result = await broken.verifyModel(factory: Self.factory, runs: 1, seed: 1)
            #expect(result.setupError != nil)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("could not run: makeSubject() threw") }
        }
    }
}

/// Counts the issues a `withKnownIssue` matcher sees.
final class ModelCheckIssueCounter: Sendable {
    private let value = Protected(0)
    var count: Int { value.withLock { $0 } }

    func increment() {
        value.withLock { $0 += 1 }
    }
}

/// The XCTest glue for model-based checks (a failure would be an `XCTFail` at the caller's line; Linux XCTest
/// cannot expect one, so only passing checks run here).
final class ModelCheckXCTestGlueTests: XCTestCase {
    func testInMemoryMatchesTheModelThroughXCTest() async {
        let result = await ExampleContracts.inMemory.assertModelCheck(factory: ExampleContracts.todoFactory, runs: 20, seed: 0x5EED)
        XCTAssertTrue(result.passed)
        XCTAssertEqual(result.runs, 20)
    }

    func testInMemoryAgreesWithItselfThroughXCTest() async {
        let result = await ExampleContracts.inMemory.assertModelCheck(
            against: ExampleContracts.inMemory, factory: ExampleContracts.todoFactory, runs: 20, seed: 3)
        XCTAssertTrue(result.passed)
    }

    func testAWrongConformerIsFalsified() async {
        // Through the engine, not the glue: the glue would XCTFail, which Linux XCTest cannot expect.
        let result = await ModelCheck.check(SequenceBugs.lostWrite, factory: ExampleContracts.todoFactory, seed: 11)
        XCTAssertFalse(result.passed)
        XCTAssertTrue(result.description.contains("REPOSITORY_CONTRACTS_SEED=0x"))
    }
}
