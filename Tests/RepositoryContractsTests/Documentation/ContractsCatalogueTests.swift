import Foundation
import Testing

/// The contracts catalogue's landing page lists every article, so none is reachable only by search.
@Suite("Contracts catalogue")
struct ContractsCatalogueTests {
    @Test("the landing page's topics list every article of the catalogue, and SupportedPlatforms")
    func everyArticleIsListed() throws {
        let landing = try String(
            contentsOf: DocumentationArticle.catalogue.appendingPathComponent("RepositoryContracts.md"), encoding: .utf8)
        let articles = try FileManager.default.contentsOfDirectory(
            at: DocumentationArticle.catalogue.appendingPathComponent("Articles"), includingPropertiesForKeys: nil
        ).filter { $0.pathExtension == "md" }.map { $0.deletingPathExtension().lastPathComponent }
        #expect(articles.count >= 10)
        for name in articles + ["SupportedPlatforms"] {
            #expect(landing.contains("- <doc:\(name)>"), "\(name)")
        }
    }
}
