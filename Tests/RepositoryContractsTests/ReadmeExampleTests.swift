import Foundation
import Testing

@Suite("README")
struct ReadmeExampleTests {
    /// The repository's root, found from this file's path.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("the README's example is the code this test target compiles and runs")
    func exampleIsCompiled() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOf: Self.root.appendingPathComponent("Tests/RepositoryContractsTests/ReadmeExample.swift"), encoding: .utf8)
        let example = try #require(source.components(separatedBy: "// README example begins\n").last?
            .components(separatedBy: "// README example ends").first)
        #expect(readme.contains("```swift\n" + example + "```"))
        #expect(example.split(separator: "\n").count <= 10)
    }

    @Test("the README's live-backend recipe resets the backend as LiveBackendRecipeTests does, reporting progress")
    func recipeResetIsTested() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(
            contentsOf: Self.root.appendingPathComponent("Tests/RepositoryContractsTests/LiveBackendRecipeTests.swift"), encoding: .utf8)
        let lines = source.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex { $0.hasPrefix("    static let todosAPI = SharedBackend(") })
        let end = try #require(lines[start...].firstIndex { $0 == "    }" })
        let reset = lines[start...end].map { String($0.dropFirst(4)) }.joined(separator: "\n")
            .replacingOccurrences(of: "static let todosAPI", with: "let todosAPI")
        #expect(readme.contains(reset), "\(reset)")
        #expect(reset.contains("progress.advance()"))
    }

    @Test("the README's mapping of a store without fetch(id:) is the one the worked example runs")
    func bookmarkMappingIsTested() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(
            contentsOf: Self.root.appendingPathComponent("Tests/RepositoryContractsTests/Examples/BookmarkStoreMapping.swift"),
            encoding: .utf8)
        let lines = source.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex { $0.hasPrefix("    static func witness(") })
        let end = try #require(lines[start...].firstIndex { $0 == "    }" })
        let witness = lines[start...end].map { String($0.dropFirst(4)) }.joined(separator: "\n")
        #expect(readme.contains("```swift\n" + witness + "\n```"), "\(witness)")
        #expect(readme.contains("reads 1,001,000 rows") && readme.contains("Scaled to\n50 it reads 2,550"))
    }
}
