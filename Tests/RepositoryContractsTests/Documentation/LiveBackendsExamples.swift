import RepositoryContracts
import Testing

/// The article "A live, stateful backend" quotes `LiveBackendRecipeTests`' recipe, which that suite runs
/// (recorded live, replayed offline); here, the numbers the article states.
@Suite("Article: LiveBackends")
struct LiveBackendsExamples {
    @Test("a shared backend's reset has 30 s without progress by default, and the recipe's backend is the one its conformance shares")
    func resetTimeout() throws {
        #expect(SharedBackend("todos API").resetTimeout == .seconds(30))
        #expect(LiveBackendRecipeTests.http.sharedBackend === LiveBackendRecipeTests.todosAPI)
        #expect(LiveBackendRecipeTests.todosAPI.hasReset)
        #expect(try DocumentationArticle.text("LiveBackends").contains("`resetTimeout` (default 30 s)"))
    }
}
