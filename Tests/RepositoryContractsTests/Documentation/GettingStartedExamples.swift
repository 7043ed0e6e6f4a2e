import Foundation
import Testing

/// The article "Getting started" shows the README's compiled example (`ReadmeExample.swift`), whole.
@Suite("Article: GettingStarted")
struct GettingStartedExamples {
    @Test("the article's example is ReadmeExample.swift's, ten lines at most")
    func example() throws {
        let source = try String(
            contentsOf: ReadmeExampleTests.root.appendingPathComponent("Tests/RepositoryContractsTests/ReadmeExample.swift"), encoding: .utf8)
        let example = try #require(source.components(separatedBy: "// README example begins\n").last?
            .components(separatedBy: "// README example ends").first)
        #expect(try DocumentationArticle.text("GettingStarted").contains("```swift\n" + example + "```"))
        #expect(example.split(separator: "\n").count <= 10)
    }
}
