import Foundation
import Testing

/// The article "Getting started" shows the README's compiled example (`ReadmeExample.swift`), whole.
@Suite("Article: GettingStarted")
struct GettingStartedExamples {
    @Test("the article's example is ReadmeExample.swift's, ten lines at most")
    func example() throws {
        let example = try ReadmeExampleTests.example()
        #expect(try DocumentationArticle.text("GettingStarted").contains("```swift\n" + example + "```"))
        #expect(example.split(separator: "\n").count <= 10)
    }
}
