import ContractEngine
import Foundation
import RepositoryContractsTestSupport
import Testing

/// The JUnit XML report: one test case per clause per conformer, counts that agree with the cases, and
/// no message that can break the document.
@Suite("CI reports: JUnit XML")
struct JUnitReportTests {
    static func parsed(_ entries: [ReportEntry]) throws -> JUnitDocument {
        try JUnitDocument(JUnitReport(entries: entries).xml())
    }

    @Test("every status, hostile text and unicode: the document parses and follows the rules CI services read")
    func everyStatus() throws {
        let document = try Self.parsed(ReportSamples.everyStatus)
        #expect(document.problems == [])
        #expect(document.suites.map(\.name) == ["CRUD › café ☕ 東京", "CRUD › in-memory", "Sessions ✓ › keychain"])
        #expect(document.attributes["tests"] == "9")
        #expect(document.attributes["failures"] == "2")
        #expect(document.attributes["errors"] == "1")
        #expect(document.attributes["skipped"] == "2")
        #expect(document.attributes["time"] == "1.271")

        let inMemory = try #require(document.suites.first { $0.name == "CRUD › in-memory" })
        #expect(inMemory.attributes["tests"] == "4")
        #expect(inMemory.attributes["time"] == "1.251")
        #expect(inMemory.attributes["timestamp"] == "2027-01-15T07:59:58")  // the earliest start: 1.234 s before
        #expect(inMemory.properties == ["contract": "CRUD", "conformer": "in-memory"])
        #expect(inMemory.cases.map(\.name) == ["create.returnsEntity", "delete.removesFromFetch", "fetchAll.declaredOrder", "pages.everyEntityOnce"])
        #expect(inMemory.cases.allSatisfy { $0.classname == "CRUD.in-memory" })
        #expect(inMemory.cases.map(\.outcome) == ["passed", "failure", "error", "skipped"])

        let passed = inMemory.cases[0]
        #expect(passed.time == "0.012")
        #expect(passed.properties["summary"] == "the law of create.returnsEntity")
        #expect(passed.output == "$.title: NUL left out: <reason>")

        let failed = inMemory.cases[1]
        #expect(failed.type == "failed")
        #expect(failed.message == "expected <a & \"b\"> 'c' ]]> \\u{1B}[31mred\\u{1B}[0m\\u{0}\\u{C}")
        #expect(failed.text == ReportSamples.hostileMessageWritten)
        #expect(failed.time == "1.234")

        let crashed = inMemory.cases[2]
        #expect(crashed.type == "crashed")
        #expect(crashed.message == "the conformer trapped: Fatal error")
        #expect(crashed.text == "the conformer trapped: Fatal error\nat line 3")

        let skipped = inMemory.cases[3]
        #expect(skipped.message == "no pagination is declared (.paginated(<limit>))")
        #expect(skipped.time == "0.000")

        let unicode = try #require(document.suites.first)
        #expect(unicode.cases.allSatisfy { $0.classname == "CRUD.café ☕ 東京" })
    }

    @Test("no character XML 1.0 forbids reaches the document, nor a raw carriage return or a CDATA end")
    func forbiddenCharacters() {
        let xml = JUnitReport(entries: ReportSamples.everyStatus).xml()
        let forbidden = xml.unicodeScalars.filter { ($0.value < 0x20 && ![0x09, 0x0A, 0x0D].contains($0.value)) || $0.value == 0xFFFE || $0.value == 0xFFFF }
        #expect(forbidden.isEmpty)
        #expect(!xml.contains("]]>"))
        #expect(!xml.unicodeScalars.contains("\r"))  // a raw carriage return would read back as a line feed
        #expect(xml.contains("&#13;"))
    }

    @Test("no results: a <testsuites> with zero counts and no suite")
    func noResults() throws {
        let document = try Self.parsed([])
        #expect(document.problems == [])
        #expect(document.suites.isEmpty)
        #expect(document.attributes["tests"] == "0")
        #expect(document.attributes["time"] == "0.000")
    }

    @Test("cases follow the contract's clause order, not the order they finished in nor their ids")
    func order() throws {
        let entries = [
            ReportSamples.entry("z.first", .passed, position: 0), ReportSamples.entry("a.second", .passed, position: 1),
            ReportSamples.entry("m.third", .failed, message: "x", position: 2), ReportSamples.entry("b.unplaced", .passed),
            ReportSamples.entry("a.unplaced", .passed),
        ]
        let expected = ["z.first", "a.second", "m.third", "a.unplaced", "b.unplaced"]
        for shuffled in [entries, entries.reversed(), [entries[3], entries[1], entries[4], entries[0], entries[2]]] {
            #expect(try Self.parsed(shuffled).cases.map(\.name) == expected)
            #expect(JUnitReport(entries: shuffled).xml() == JUnitReport(entries: entries).xml())
        }
    }

    @Test("a clause reported twice on one conformer gets a second name, so names stay unique in the suite")
    func duplicateNames() throws {
        let entries = [
            ReportSamples.entry("update.persists", .passed, position: 4),
            ReportSamples.entry("update.persists", .failed, message: "lost the write", position: 4),
        ]
        let document = try Self.parsed(entries)
        #expect(document.problems == [])
        #expect(document.cases.map(\.name) == ["update.persists", "update.persists (2)"])
        #expect(document.cases.map(\.outcome) == ["failure", "passed"])
    }

    @Test("dots in a contract's or a conformer's name become _ in the class name, which Jenkins cuts at its last dot")
    func classNames() throws {
        let document = try Self.parsed([ReportSamples.entry("a.b", .passed, contract: "Repo.v2", conformer: "json.file")])
        #expect(document.cases.map(\.classname) == ["Repo_v2.json_file"])
        #expect(document.suites.map(\.name) == ["Repo.v2 › json.file"])
    }

    @Test("the checker catches a document whose counts disagree with its cases (it can fail)")
    func checkerCanFail() throws {
        let xml = JUnitReport(entries: ReportSamples.everyStatus).xml()
            .replacingOccurrences(of: #"tests="4""#, with: #"tests="5""#)
        let document = try JUnitDocument(xml)
        #expect(document.problems.contains { $0.contains("tests=\"5\"") })
        #expect(throws: (any Error).self) { try JUnitDocument("<testsuites><testsuite name=\"x\">&</testsuite></testsuites>") }
    }
}
