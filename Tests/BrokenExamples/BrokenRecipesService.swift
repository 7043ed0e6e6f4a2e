public import ContractEngine
public import ExampleSystems
import Foundation
public import StandardContracts

extension RecipesContract {
    /// A broken variant against the ``RecipesAPIFake``.
    public static func broken(_ flaw: BrokenRecipesService.Flaw) -> Conformance<RecipesTerms> {
        Conformance("recipes-broken-\(flaw.rawValue)") { env in
            serveFake(on: env)
            return BrokenRecipesService(service: HTTPRecipesService(baseURL: env.baseURL), flaw: flaw)
        }
    }

    /// Every conformer that runs without a test scope, for `repo-contracts-demo`.
    public static func demoConformances() -> [Conformance<RecipesTerms>] {
        [httpFakeAPI] + BrokenRecipesService.Flaw.allCases.map(broken)
    }

    /// The contract run on ``demoConformances()``.
    public static func demoReport() async -> ContractReport {
        var reports: [ConformanceReport] = []
        for conformance in demoConformances() { reports.append(await contract.report(on: conformance)) }
        return ContractReport(contract: contract.name, conformances: reports)
    }
}

/// A deliberately wrong recipes facade: what the contract must catch.
public struct BrokenRecipesService: RecipesService {
    public enum Flaw: String, Sendable, CaseIterable {
        /// No cache: every read goes to the API.
        case nocache = "no-cache"
        /// An answer that does not decode becomes an empty list, which is cached.
        case swallowsDecoding = "swallows-decoding"
    }

    let service: any RecipesService
    let flaw: Flaw
    private let cache = RecipesCache()

    public func recipes() async throws -> [Recipe] {
        if flaw == .nocache { return try await service.recipes() }
        if let cached = cache.value(for: "recipes") { return cached }
        let recipes = (try? await service.recipes()) ?? []
        cache.store(recipes, for: "recipes")
        return recipes
    }
}
