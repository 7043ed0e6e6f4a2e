import Foundation
import RecordReplay
import Testing

@testable import StubServerTesting

/// The messages the "Finding fixtures" article quotes, produced here by the code that reports them: a
/// test whose source tree and resource bundle are both missing (at the article's paths, none of which
/// exists), and a recording refused on a bundle's copy. The order it describes is checked step by step
/// in `FixturesSearchTests`, the bundle step on a real build in `FixturesFromResourcesTests` and
/// `.ci/consumer-resources`.
@Suite("Documentation: finding fixtures")
struct FindingFixturesExamples {
    /// Checks that one of the article's `text` blocks is `message`.
    private static func expectQuoted(_ message: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let blocks = ArticleText.blocks("text", in: try ArticleText.article("FindingFixtures"))
        #expect(blocks.contains(message), "the article does not quote this message:\n\(message)", sourceLocation: sourceLocation)
    }

    @Test("no folder found: each step and the paths it tried")
    func nothingFound() throws {
        let search = FixturesSearch(
            explicitRoot: nil, bundleResources: nil,
            sourceFilePath: "/src/TodoClient/Tests/TodoClientTests/TodoTests.swift", targetName: "TodoClientTests")
        let bundles = TestBundleFolders(resourceBundleParents: [URL(fileURLWithPath: "/build/debug")], testBundles: [])
        let error = try #require(throws: FixturesNotFoundError.self) {
            try search.resolve("Todos", environment: [:], bundles: bundles)
        }
        try Self.expectQuoted(error.description)
    }

    @Test("a recording refused on a bundle's copy")
    func recordingRefused() throws {
        let file = "/build/debug/TodoClient_TodoClientTests.resources/Fixtures/Todos/listsTodos.json"
        try Self.expectQuoted(StubServerError.recordingIntoCopy(fixture: file).description)
    }
}
