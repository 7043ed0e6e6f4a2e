import RepositoryContractsXCTest
import TodoExample
import XCTest

/// The code of the article "XCTest", run by XCTest: the in-memory repository passes, so nothing fails.
final class TodoRepositoryTests: XCTestCase {
    func testInMemory() async {
        await todos.assertConformance(of: Conformance("in-memory") { InMemoryTodoRepository() })
    }
}
