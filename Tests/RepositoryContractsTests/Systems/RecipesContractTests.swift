import BrokenExamples
import ContractEngine
import Foundation
import ExampleSystems
import RecordReplay
import StandardContracts
import Testing

/// The recipes contract on the real facade (HTTP service + cache) against the API fake in code,
/// replaying `Fixtures/Systems/Recipes/<clause id>.json`, and live through a recording proxy; and on
/// broken variants that must fail exactly the clause naming their bug.
@Suite("Recipes contract")
struct RecipesContractTests {
    static let contract = RecipesContract.contract

    @Test("over HTTP against the API fake", arguments: contract.cases(for: RecipesContract.httpFakeAPI))
    func httpFakeAPI(_ check: ContractCase<RecipesTerms>) async { expectPassed(await check.run(), check.label) }

    @Test("over HTTP replaying Fixtures/Systems/Recipes", arguments: contract.cases(for: RecipesContract.http))
    func replay(_ check: ContractCase<RecipesTerms>) async throws {
        try await SeedFixtures.expectReplayPasses(check, from: SeedFixtures.recipes)
    }

    @Test("every clause has a committed fixture, and no fixture is left over")
    func fixturesMatchClauses() throws {
        #expect(try SeedFixtures.names(in: SeedFixtures.recipes) == Set(Self.contract.clauses.map(\.id)))
    }

    /// Each clause runs live: the facade talks to a recording ``StubServer`` (mode `all`) that forwards
    /// to a fresh ``RecipesAPIServer`` and writes `<clause id>.json` (the undecodable body is the
    /// clause's own stub, so it is not recorded); the live result must pass and the recording must
    /// equal the committed fixture byte for byte.
    ///
    /// `REPOSITORY_CONTRACTS_RECORD=all swift test --filter RecipesContractTests/live` writes the
    /// recordings into `Fixtures/Systems/Recipes/` instead: the one command that re-records them.
    @Test("live through the recording proxy: passes, same bytes as committed",
          arguments: contract.cases(for: RecipesContract.http))
    func live(_ check: ContractCase<RecipesTerms>) async throws {
        try await SeedFixtures.recordLive(check, into: SeedFixtures.recipes, filter: "RecipesContractTests/live") {
            let api = RecipesAPIServer()
            try await api.start()
            return (api.baseURL, { await api.stop() })
        }
    }

    @Test("a facade with no cache fails exactly recipes.cacheHitMakesNoRequest")
    func brokenNoCache() async {
        let failed = await SeedFixtures.failedClauses(Self.contract, RecipesContract.broken(.nocache))
        #expect(Set(failed.keys) == ["recipes.cacheHitMakesNoRequest"])
        #expect(failed["recipes.cacheHitMakesNoRequest"]?.contains(#"actual:   ["GET /recipes.json", "GET /recipes.json"]"#) == true)
    }

    @Test("a facade that turns an undecodable body into [] fails exactly recipes.undecodableBodyIsInvalidResponse")
    func brokenSwallowsDecoding() async {
        let failed = await SeedFixtures.failedClauses(Self.contract, RecipesContract.broken(.swallowsDecoding))
        #expect(Set(failed.keys) == ["recipes.undecodableBodyIsInvalidResponse"])
        #expect(failed["recipes.undecodableBodyIsInvalidResponse"]?.contains("recipes() of an undecodable body succeeded") == true)
    }

    @Test("the demo runs every conformer that needs no test scope")
    func demo() async {
        let report = await RecipesContract.demoReport()
        #expect(report.conformances.map(\.name) == ["recipes-http-fake-api", "recipes-broken-no-cache", "recipes-broken-swallows-decoding"])
        #expect(report.conformances.map { $0.count(.failed) } == [0, 1, 1])
    }
}
