#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
import ContractEngine
import Testing

@testable import RepoContractsCLI

/// The text rendering of a report, on a report made by hand.
@Suite("Conformance table")
struct ConformanceTableTests {
    static let report = ContractReport(contract: "CRUD", conformances: [
        ConformanceReport(name: "good", capabilities: "[.create]", clauses: [
            ClauseResult(id: "create.a", summary: "creates", status: .passed, duration: .milliseconds(1_250), subjectCalls: 2_001),
            ClauseResult(id: "create.b", summary: "creates again", status: .skipped, reason: "requires [.update]"),
        ]),
        ConformanceReport(name: "a-much-longer-name", capabilities: "[.create]", clauses: [
            ClauseResult(id: "create.a", summary: "creates", status: .failed, failures: [
                ContractFailure(message: "it did not", expected: "1", actual: "2"),
            ], duration: .milliseconds(5), subjectCalls: 1),
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

    @Test("skipped clauses are listed per conformer with the reason")
    func skipped() {
        #expect(ConformanceTable(report: Self.report).skippedSection()
            == "[CRUD] 1 clause skipped on good:\n  create.b: requires [.update]")
        let rendered = ConformanceTable(report: Self.report).render()
        #expect(rendered.hasSuffix("2 conformers, 1 fully conforming; 2 clauses failed or crashed."))
        #expect(!rendered.contains("\u{1B}["), "no colours")
    }

    @Test("the cost of each clause that ran: time and subject calls, slowest first, with a total per conformer")
    func cost() {
        let cost = ConformanceTable(report: Self.report).costSection()
        #expect(cost == """
            Cost on good: 1.25 s in 1 clause, 2001 subject calls; per clause, slowest first:
              create.a    1.250 s  2001 calls

            Cost on a-much-longer-name: 0.01 s in 1 clause, 1 subject call; per clause, slowest first:
              create.a    0.005 s  1 call
            """)
    }

    @Test("the costliest five are shown by default, every clause with verbose")
    func costLimit() {
        let clauses = (1...7).map {
            ClauseResult(id: "c.\($0)", summary: "", status: .passed, duration: .milliseconds($0), subjectCalls: $0)
        }
        let report = ContractReport(contract: "CRUD", conformances: [ConformanceReport(name: "x", capabilities: "", clauses: clauses)])
        let short = ConformanceTable(report: report).costSection() ?? ""
        #expect(short.hasPrefix("Cost on x: 0.03 s in 7 clauses, 28 subject calls; the 5 slowest clauses (--verbose lists all):"))
        #expect(short.split(separator: "\n").dropFirst().map { $0.split(separator: " ").first! } == ["c.7", "c.6", "c.5", "c.4", "c.3"])
        #expect(ConformanceTable(report: report, verbose: true).costSection()?.split(separator: "\n").count == 8)
    }

    @Test("a note on a conformer is printed under the counts")
    func notes() {
        let rendered = ConformanceTable(report: Self.report, notes: ["good": "deliberately broken"]).render()
        #expect(rendered.contains("a-much-longer-name       0       1        1        0\n\nNote: good is deliberately broken\n\n"))
    }
}
#endif
