import ContractEngine
import Testing

@testable import RepoContractsCLI

/// The text rendering of a report, on a report made by hand.
@Suite("Conformance table")
struct ConformanceTableTests {
    static let report = ContractReport(contract: "CRUD", conformances: [
        ConformanceReport(name: "good", capabilities: "[.create]", clauses: [
            ClauseResult(id: "create.a", summary: "creates", status: .passed),
            ClauseResult(id: "create.b", summary: "creates again", status: .skipped, reason: "requires [.update]"),
        ]),
        ConformanceReport(name: "a-much-longer-name", capabilities: "[.create]", clauses: [
            ClauseResult(id: "create.a", summary: "creates", status: .failed, failures: [
                ContractFailure(message: "it did not", expected: "1", actual: "2"),
            ]),
            ClauseResult(id: "create.b", summary: "creates again", status: .crashed, failures: [
                ContractFailure(message: "crashed with signal 4 (SIGILL)"),
            ]),
        ]),
    ])

    @Test("one aligned row of counts per conformer")
    func rows() {
        let lines = ConformanceTable(report: Self.report).table().split(separator: "\n").map(String.init)
        #expect(lines == [
            "CRUD contract",
            "conformer           passed  failed  crashed  skipped",
            "------------------  ------  ------  -------  -------",
            "good                     1       0        0        1",
            "a-much-longer-name       0       1        1        0",
        ])
    }

    @Test("a block per failed or crashed clause, with the message indented")
    func failures() {
        let blocks = ConformanceTable(report: Self.report).failureBlocks()
        #expect(blocks == [
            "✘ a-much-longer-name [CRUD › create.a] creates\n    it did not\n      expected: 1\n      actual:   2",
            "✘ a-much-longer-name [CRUD › create.b] (crashed) creates again\n    crashed with signal 4 (SIGILL)",
        ])
    }

    @Test("skipped clauses: counted by default, listed with the reason when verbose")
    func skipped() {
        #expect(ConformanceTable(report: Self.report).skippedSection()
            == "1 clause skipped (not applicable); --verbose lists them with the reason.")
        #expect(ConformanceTable(report: Self.report, verbose: true).skippedSection()
            == "Skipped on good:\n  – create.b: requires [.update]")
        let rendered = ConformanceTable(report: Self.report).render()
        #expect(rendered.hasSuffix("2 conformers, 1 fully conforming; 2 clauses failed or crashed."))
        #expect(!rendered.contains("\u{1B}["), "no colours")
    }
}
