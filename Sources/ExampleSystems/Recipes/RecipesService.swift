import RepositoryContractsPrimitives
internal import ContractEngine
public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// The recipes service facade: the recipes, from wherever they come.
public protocol RecipesService: Sendable {
    /// Every recipe. An answer that does not decode throws ``RepositoryError`` `invalidResponse`.
    func recipes() async throws -> [Recipe]
}

/// `GET <baseURL>/recipes.json` through `URLSession`: `200` with a JSON array of recipes. A transport
/// error or `5xx` throws ``RepositoryError`` `unavailable`; any other status or an undecodable body
/// throws `invalidResponse`.
public struct HTTPRecipesService: RecipesService {
    public let baseURL: URL
    private let session: URLSession

    public init(baseURL: URL, session: URLSession = .shared) {
        self.baseURL = baseURL
        self.session = session
    }

    public func recipes() async throws -> [Recipe] {
        var request = URLRequest(url: baseURL.appendingPathComponent("recipes.json"))
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let (status, body) = try await session.seedData(for: request, "GET /recipes.json")
        let text = String(decoding: body.prefix(500), as: UTF8.self)
        guard status == 200 else {
            let message = "GET /recipes.json answered \(status): \(text)"
            throw (500...599).contains(status) ? RepositoryError.unavailable(message) : RepositoryError.invalidResponse(message)
        }
        do {
            return try JSONDecoder().decode([Recipe].self, from: body)
        } catch {
            throw RepositoryError.invalidResponse("GET /recipes.json: not a list of recipes: \(text)")
        }
    }
}

/// The recipes cache facade: answers kept in memory, by key.
public final class RecipesCache: Sendable {
    private let entries = Protected<[String: [Recipe]]>([:])

    public init() {}

    public func value(for key: String) -> [Recipe]? { entries.withLock { $0[key] } }
    public func store(_ recipes: [Recipe], for key: String) { entries.withLock { $0[key] = recipes } }
}

/// A service read through a ``RecipesCache``: the first successful answer is kept, and every later
/// call is answered from the cache without a request. Failures are not cached.
public struct CachedRecipesService: RecipesService {
    public let service: any RecipesService
    public let cache: RecipesCache

    public init(service: any RecipesService, cache: RecipesCache = RecipesCache()) {
        self.service = service
        self.cache = cache
    }

    public func recipes() async throws -> [Recipe] {
        if let cached = cache.value(for: "recipes") { return cached }
        let recipes = try await service.recipes()
        cache.store(recipes, for: "recipes")
        return recipes
    }
}
