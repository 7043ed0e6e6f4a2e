import Foundation
import ModelChecking
import Testing

/// The section "Your own protocol" of the article "Model-based checks": its declaration is the tests'
/// own, its line count and defaults are true, and its report is what the check prints.
@Suite("Documentation: ModelBasedChecks, your own protocol")
struct ModelCheckingDocumentationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func article() throws -> String {
        try String(
            contentsOf: root.appendingPathComponent("Contracts/Testing/RepositoryContracts.docc/Articles/ModelBasedChecks.md"), encoding: .utf8)
    }

    /// The lines of `file` (by default `BookmarkOperations.swift`) between its declaration markers,
    /// indentation removed.
    static func declaration(in file: String = "Tests/ModelCheckingTests/Bookmarks/BookmarkOperations.swift") throws -> [String] {
        let source = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let begin = try #require(lines.firstIndex { $0.contains("// declaration: begin") })
        let end = try #require(lines.firstIndex { $0.contains("// declaration: end") })
        return lines[(begin + 1)..<end].map { $0.hasPrefix("    ") ? String($0.dropFirst(4)) : $0 }
    }

    @Test("the article shows the declaration the tests run, and its line count, at most 30 for five operations")
    func declarationQuoted() throws {
        let declaration = try Self.declaration()
        let article = try Self.article()
        #expect(article.contains("```swift\n" + declaration.joined(separator: "\n") + "\n```"))
        let count = declaration.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.count
        #expect(count <= 30 && BookmarkOperations.all.count == 5)
        #expect(article.contains("the whole declaration is \(count) lines"), "\(count)")
        #expect(article.contains("| `BookmarkStore` | 5 | \(count) lines |"))
    }

    @Test("the article shows the TTL cache's declaration, its line count, and the report of the early eviction")
    func timeSection() async throws {
        let declaration = try Self.declaration(in: "Tests/ModelCheckingTests/TTLCache/TTLCacheOperations.swift")
        let article = try Self.article()
        #expect(article.contains("```swift\n" + declaration.joined(separator: "\n") + "\n```"))
        let count = declaration.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.count
        #expect(TTLCacheOperations.all.count == 5 && article.contains("declared in \(count) lines"), "\(count)")
        #expect(article.contains("| TTL cache (and time) | 5 | \(count) lines |"))
        let result = await TTLCacheModelCheckTests.check(.overwriteEvictedEarly, seed: 7)
        #expect(article.contains("```text\n" + result.description + "\n```"), "\(result)")
    }

    @Test("the article quotes the report the check prints for the index that keeps a removed URL's tags")
    func reportQuoted() async throws {
        let result = await BookmarkModelCheckTests.check(.removeLeavesTags, seed: 7)
        #expect(!result.passed)
        #expect(try Self.article().contains("```text\n" + result.description + "\n```"), "\(result)")
    }

    // Article: the check of the bookmark store.
    @Test("the article's check: the indexed store agrees with the fake")
    func articleCheck() async {
        let result = await ProtocolModelCheck.check(
            model: { InMemoryBookmarks() }, subject: { IndexedBookmarks() },
            operations: BookmarkOperations.all, observe: { try await $0.all() })
        #expect(result.passed, "\(result)")
    }

    @Test("the defaults the article states")
    func defaults() throws {
        #expect(ProtocolModelCheck.defaultRuns == 100 && ProtocolModelCheck.defaultSteps == 25)
        #expect(try Self.article().contains("By default it makes 100 runs of 25 steps, each on a fresh model"))
    }
}

/// The section "Your operations in parallel": its call is the tests' own, and the report it quotes has the
/// shape the check prints (a race's interleaving varies, so the quote is compared line by line in shape).
@Suite("Documentation: ModelBasedChecks, your operations in parallel")
struct ConcurrentDocumentationTests {
    /// `text` with numbers and hex replaced by `#`.
    static func shape(_ text: String) -> String {
        text.replacing(/0x[0-9a-f]+|[0-9]+/, with: "#")
    }

    @Test("the quoted report has the shape of a report the check prints for the racy store, line for line up to the Swift")
    func reportShape() async throws {
        let article = try ModelCheckingDocumentationTests.article()
        let quoted = try #require(article.split(separator: "```text\n").first { $0.hasPrefix("Concurrent model check falsified") })
        let result = await ConcurrentBookmarkCheckTests.check({ RacyBookmarks() }, seed: 7)
        let printed = result.description.split(separator: "\n").map(String.init)
        let quotedLines = quoted.split(separator: "\n").map(String.init)
        #expect(Self.shape(quotedLines[0]) == Self.shape(printed[0]), "\(result)")
        for line in ["  task 1:", "  task 2:", "  after the tasks:", "    let gate = TaskGate(tasks: 2)",
                     "  No order of the calls, each taking effect between its invocation and its response, explains every result."] {
            #expect(quotedLines.contains(line) && printed.contains(line), "\(line)\n\(result)")
        }
        #expect(article.contains("The same check of `RacyBookmarks`, an actor whose `add` checks for the URL"))
    }

    // Article: the concurrent check of the indexed store.
    @Test("the article's concurrent check: the indexed store passes")
    func articleCheck() async {
        let result = await ProtocolModelCheck.checkConcurrently(
            model: { InMemoryBookmarks() }, subject: { IndexedBookmarks() },
            operations: BookmarkOperations.all, observe: { try await $0.all() })
        #expect(result.passed, "\(result)")
    }
}
