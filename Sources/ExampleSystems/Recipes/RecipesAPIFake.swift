public import Foundation
public import RecordReplay

/// The recipes API as a fake: `GET /recipes.json` lists the recipes it holds (``Recipe/samples`` to
/// begin with); anything else is `404`. Served by a clause's stub server, or live on a loopback port
/// (``RecipesAPIServer``) for recording `Fixtures/Systems/Recipes/`.
public final class RecipesAPIFake: Sendable {
    private let body: Data

    public init(recipes: [Recipe] = Recipe.samples) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        body = (try? encoder.encode(recipes)) ?? Data()
    }

    public func respond(to request: StubRequest) -> StubResponse {
        guard request.method == "GET", request.path == "/recipes.json" else {
            return StubResponse(status: 404, headers: ["Content-Type": "application/json"], body: Data(#"{"error":"no route"}"#.utf8))
        }
        return StubResponse(status: 200, headers: ["Content-Type": "application/json"], body: body)
    }
}

/// A ``RecipesAPIFake`` served live on a loopback port, for a recording proxy to forward to.
public final class RecipesAPIServer: Sendable {
    private let server = StubServer()

    public init() {
        let api = RecipesAPIFake()
        server.playback.stub(.any) { api.respond(to: $0) }
    }

    public func start() async throws { try await server.start() }
    public func stop() async { await server.stop() }
    public var baseURL: URL { server.baseURL }
}
