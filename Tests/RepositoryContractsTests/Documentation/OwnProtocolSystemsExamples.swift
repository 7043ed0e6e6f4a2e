import Foundation
import RepositoryContracts
import Testing

/// The seed systems' rows of "Three protocols, measured" in the article "Model-based checks", and the
/// cache-then-network declaration it quotes: the tests' own.
@Suite("Article: ModelBasedChecks, the seed systems' own protocols")
struct OwnProtocolSystemsExamples {
    /// The lines of `ModelChecks/<file>` between its declaration markers, indentation removed.
    static func declaration(in file: String) throws -> [String] {
        let url = ReadmeExampleTests.root.appendingPathComponent("Tests/RepositoryContractsTests/Systems/ModelChecks/\(file)")
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let begin = try #require(lines.firstIndex { $0.contains("// declaration: begin") })
        let end = try #require(lines.firstIndex { $0.contains("// declaration: end") })
        return lines[(begin + 1)..<end].map { $0.hasPrefix("    ") ? String($0.dropFirst(4)) : $0 }
    }

    static func count(_ lines: [String]) -> Int {
        lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.count
    }

    @Test("the cache-then-network declaration is quoted as the tests run it, and both rows count their lines")
    func declarations() throws {
        let article = try DocumentationArticle.text("ModelBasedChecks")
        let items = try Self.declaration(in: "ItemsApp.swift")
        #expect(article.contains("```swift\n" + items.joined(separator: "\n") + "\n```"))
        #expect(article.contains("| cache then network (and the API, and time) | \(ItemsOperations.all.count) | \(Self.count(items)) lines |"))
        let session = try Self.declaration(in: "SessionApp.swift")
        #expect(article.contains("| session repository (and a relaunch) | \(SessionOperations.all.count) | \(Self.count(session)) lines |"))
    }
}
