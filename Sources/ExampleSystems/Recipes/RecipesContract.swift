public import ContractEngine
public import StandardContracts
internal import Foundation
internal import RecordReplay

/// The recipes contract's terms: a recipes service over the clause's stub server (the recipes API).
public typealias RecipesTerms = StubServerTerms<any RecipesService>

/// The recipes contract: what the recipes service facade with its cache must do on the wire. Each
/// clause reads the journal of its own stub server (the recipes API): the URL requested, how many
/// requests, and what an undecodable answer becomes.
///
/// ```swift
/// @Test(arguments: RecipesContract.contract.cases(for: RecipesContract.httpFakeAPI))
/// func recipes(_ check: ContractCase<RecipesTerms>) async { #expect(await check.verify() }
/// ```
public enum RecipesContract {
    public static let contract = Contract("Recipes", terms: RecipesTerms(), clauses: [
        Clause("recipes.requestsRecipesURL", "the first read sends one GET /recipes.json and returns the API's recipes") { check in
            check.expectEqual(try await check.subject.recipes(), Recipe.samples, "recipes()")
            check.expectEqual(requests(check), ["GET /recipes.json"], "the requests of one recipes()")
        },
        Clause("recipes.cacheHitMakesNoRequest", "a second read is answered from the cache: no second request") { check in
            let first = try await check.subject.recipes()
            let second = try await check.subject.recipes()
            check.expectEqual(second, first, "the second recipes()")
            check.expectEqual(requests(check), ["GET /recipes.json"], "the requests of two recipes()")
        },
        Clause(
            "recipes.undecodableBodyIsInvalidResponse",
            "a body that does not decode throws invalidResponse, and is not cached: the next read asks again"
        ) { check in
            check.environment.server.playback.stub(
                .get("/recipes.json"), times: 1,
                with: StubResponse(status: 200, headers: ["Content-Type": "application/json"], body: Data(#"{"recipes":42}"#.utf8)))
            if let error = await check.expectThrows("recipes() of an undecodable body", { try await check.subject.recipes() }) {
                check.expectEqual((error as? RepositoryError)?.kind, .invalidResponse, "the error of an undecodable body (\(error))")
            }
            check.expectEqual(try await check.subject.recipes(), Recipe.samples, "recipes() after the undecodable body")
            check.expectEqual(requests(check), ["GET /recipes.json", "GET /recipes.json"], "the requests of the two recipes()")
        },
    ])

    /// "GET /recipes.json" per journal entry.
    static func requests(_ check: ClauseContext<RecipesTerms>) -> [String] {
        check.journal.map { "\($0.method) \($0.path)" }
    }

    // MARK: Conformers

    /// The real facade (HTTP service + cache) against the clause's server as a test set it up
    /// (replaying `Fixtures/Systems/Recipes/<clause id>.json`, or recording).
    public static let http = Conformance<RecipesTerms>("recipes-http") { env in
        CachedRecipesService(service: HTTPRecipesService(baseURL: env.baseURL))
    }

    /// The real facade against the ``RecipesAPIFake`` served by the clause's server.
    public static let httpFakeAPI = Conformance<RecipesTerms>("recipes-http-fake-api") { env in
        serveFake(on: env)
        return CachedRecipesService(service: HTTPRecipesService(baseURL: env.baseURL))
    }

    /// Serves a fresh ``RecipesAPIFake`` on the clause's server.
    package static func serveFake(on env: ClauseServer) {
        let api = RecipesAPIFake()
        env.server.playback.stub(.any) { api.respond(to: $0) }
    }
}

