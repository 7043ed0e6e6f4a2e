import Foundation
import ModelChecking
import Testing

/// The subsection "Edge values from `Codable`" of the article "Model-based checks": its declarations are
/// the tests' own, its line count and table row are true, and its repros are what the check prints.
@Suite("Documentation: ModelBasedChecks, edge values from Codable")
struct EdgeValueDocumentationTests {
    static let operations = "Tests/ModelCheckingTests/EdgeValues/DraftOperations.swift"

    /// The lines of ``operations`` between `// struct sample: begin` and `end`, indentation removed.
    static func structSampleBlock() throws -> [String] {
        let source = try String(contentsOf: ModelCheckingDocumentationTests.root.appendingPathComponent(operations), encoding: .utf8)
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let begin = try #require(lines.firstIndex { $0.contains("// struct sample: begin") })
        let end = try #require(lines.firstIndex { $0.contains("// struct sample: end") })
        return lines[(begin + 1)..<end].map { $0.hasPrefix("        ") ? String($0.dropFirst(8)) : $0 }
    }

    @Test("the article shows the drafts declaration the tests run, its line count and its row of the table")
    func declarationQuoted() throws {
        let declaration = try ModelCheckingDocumentationTests.declaration(in: Self.operations)
        let article = try ModelCheckingDocumentationTests.article()
        #expect(article.contains("```swift\n" + declaration.joined(separator: "\n") + "\n```"))
        let count = declaration.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.count
        #expect(article.contains("A box of\ndrafts, declared in \(count) lines:"), "\(count)")
        #expect(article.contains("| `DraftBox` (edge values from `Codable`) | \(DraftOperations.all.count) | \(count) lines | 3 of 3, 20/20 each | 1 step |"))
        #expect(EncodedDraftBox.Bug.allCases.count == 3)
        #expect(article.contains("```swift\n" + (try Self.structSampleBlock()).joined(separator: "\n") + "\n```"))
    }

    @Test("the article quotes the repros the check prints: a String edge value as its literal, a struct's by name")
    func reprosQuoted() async throws {
        let article = try ModelCheckingDocumentationTests.article()
        let nul = try #require(await EdgeValueModelCheckTests.check(.dropsTitleAfterNUL, seed: 1).swiftLines?.first)
        #expect(article.contains("```text\n    \(nul)\n```"), "\(nul)")
        let trimmed = try #require(
            await EdgeValueModelCheckTests.check(.trimsTitles, seed: 1, operations: DraftOperations.drafts).swiftLines?.first)
        #expect(article.contains("```text\n    \(trimmed)\n```"), "\(trimmed)")
    }
}
