import ContractEngine
import Foundation
import Testing

/// The Markdown summary: totals, the table of the clauses worth a look, each failure's message, the
/// skipped clauses with their reasons; readable with 100+ clauses.
@Suite("CI reports: Markdown summary")
struct MarkdownSummaryTests {
    static func lines(_ markdown: String) -> [String] {
        markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test("every status: totals, a table per contract with a column per conformer, failures and skips with their text")
    func everyStatus() {
        let markdown = MarkdownSummary(entries: ReportSamples.everyStatus).markdown()
        let lines = Self.lines(markdown)
        #expect(lines.contains("❌ **9 results** of 2 contracts on 3 conformers: 4 passed, 2 failed, 1 crashed, 2 skipped"))
        #expect(lines.contains("### CRUD"))
        #expect(lines.contains("| clause | café ☕ 東京 | in-memory |"))
        // Only the clauses that did not end the same way everywhere, or failed somewhere:
        #expect(lines.contains("| `delete.removesFromFetch` | ✅ | ❌ |"))
        #expect(lines.contains("| `fetchAll.declaredOrder` | ✅ | 💥 |"))
        #expect(!markdown.contains("| `create.returnsEntity` |"))
        #expect(!markdown.contains("| `pages.everyEntityOnce` |"))
        #expect(lines.contains("1 of 4 clauses passed on every conformer; 1 were skipped on every conformer; 2 are in the table (on café ☕ 東京, in-memory)."))
        #expect(lines.contains(MarkdownSummary.legend))
        #expect(lines.contains("<details><summary>❌ <code>delete.removesFromFetch</code> on in-memory</summary>"))
        #expect(lines.contains("<details><summary>💥 <code>fetchAll.declaredOrder</code> on in-memory (crashed)</summary>"))
        #expect(markdown.contains("```text\n" + ReportSamples.hostileMessageWritten + "\n```"))
        #expect(lines.contains("- **in-memory**, 1 clause: no pagination is declared (.paginated(&lt;limit&gt;)) — `pages.everyEntityOnce`"))
        #expect(lines.contains("### Sessions ✓"))
        #expect(lines.contains("| `sessions.expire` | ❌ |"))
        #expect(!markdown.unicodeScalars.contains("\u{1B}"))
    }

    @Test("150 clauses with one failing: the table has one row, and a line counts the 149 that passed everywhere")
    func manyClauses() {
        var entries: [ReportEntry] = []
        for index in 0..<150 {
            for conformer in ["in-memory", "json-file"] {
                let fails = index == 77 && conformer == "json-file"
                entries.append(ReportSamples.entry(
                    "clause\(index)", fails ? .failed : .passed, conformer: conformer, message: fails ? "lost" : nil, position: index))
            }
        }
        let lines = Self.lines(MarkdownSummary(entries: entries).markdown())
        #expect(lines.filter { $0.hasPrefix("| `") } == ["| `clause77` | ✅ | ❌ |"])
        #expect(lines.contains("149 of 150 clauses passed on every conformer; 1 is in the table (on in-memory, json-file)."))
        #expect(lines.contains("❌ **300 results** of 1 contract on 2 conformers: 299 passed, 1 failed, 0 crashed, 0 skipped"))
    }

    @Test("all passing: no table, only the count")
    func allPassing() {
        let entries = (0..<3).map { (index: Int) in ReportSamples.entry("c\(index)", .passed, position: index) }
        let markdown = MarkdownSummary(entries: entries).markdown()
        #expect(!markdown.contains("| clause |"))
        #expect(markdown.contains("✅ **3 results** of 1 contract on 1 conformer: 3 passed, 0 failed, 0 crashed, 0 skipped"))
        #expect(markdown.contains("3 of 3 clauses passed on every conformer (on in-memory)."))
    }

    @Test("a message with a code fence gets a longer fence; a conformer with | and <tags> stays one cell")
    func escaping() {
        let entries = [ReportSamples.entry("x.y", .failed, conformer: "a|b <i>", message: "```swift\nlet x = 1\n```")]
        let markdown = MarkdownSummary(entries: entries).markdown()
        #expect(markdown.contains("````text\n```swift\nlet x = 1\n```\n````"))
        #expect(markdown.contains("| clause | a\\|b &lt;i&gt; |"))
    }

    @Test("at most 50 failures are shown, each cut at 4,000 characters, and the rest are counted")
    func limits() {
        let long = String(repeating: "x", count: 5_000)
        let entries = (0..<60).map { (index: Int) in ReportSamples.entry("c\(index)", .failed, message: long, position: index) }
        let markdown = MarkdownSummary(entries: entries).markdown()
        #expect(markdown.components(separatedBy: "<details><summary>❌").count - 1 == MarkdownSummary.failureLimit)
        #expect(markdown.contains("… and 10 more failures: see the JUnit report."))
        #expect(markdown.contains(String(repeating: "x", count: 4_000) + "\n… (cut at 4000 characters)"))
        // The longest run of x: searching the text for 4,001 of them took seconds.
        let longestRun = markdown.split { $0 != "x" }.map(\.count).max()
        #expect(longestRun == 4_000)
    }

    @Test("a clause family skipped whole for one reason is one item; a family partly run is listed clause by clause")
    func skippedFamilies() {
        let reason = "no pagination is declared"
        var entries = (0..<3).map { (index: Int) in ReportSamples.entry("pages.p\(index)", .skipped, message: reason, position: index) }
        entries += [
            ReportSamples.entry("versions.a", .skipped, message: reason, position: 3),
            ReportSamples.entry("versions.b", .skipped, message: reason, position: 4),
            ReportSamples.entry("versions.c", .passed, position: 5),
            ReportSamples.entry("versions.d", .skipped, message: reason, position: 6),
        ]
        let markdown = MarkdownSummary(entries: entries).markdown()
        #expect(markdown.contains("- **in-memory**, 6 clauses: no pagination is declared — `pages.*` (3), `versions.a`, `versions.b`, `versions.d`"))
        #expect(markdown.contains("<details><summary>⏭️ 6 skipped, with the reasons</summary>"))
    }

    @Test("no results: one line says so")
    func noResults() {
        #expect(MarkdownSummary(entries: []).markdown() == "## Repository contracts\n\nNo contract results were recorded.\n")
    }
}
