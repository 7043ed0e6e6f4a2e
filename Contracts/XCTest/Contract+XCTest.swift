@_exported public import ContractEngine
@_exported public import StandardContracts
@_exported public import ModelChecking
import XCTest

extension Contract {
    /// Runs every applicable clause on `conformance` and reports each failure with `XCTFail` at the
    /// caller's file and line, prefixed with the clause's label (`[CRUD › delete.removesFromFetch]`).
    ///
    /// XCTest on Linux cannot name one test per clause, so the clause id lives in each message; a
    /// failure a check in your own clause found names that check's line (`at: Module/File.swift:42`).
    /// The clauses skipped (not applicable, or left out by the conformance) and the derived values left
    /// out are printed with their reasons, so the log shows what was not checked.
    /// (Swift Testing issues recorded inside an XCTest method are dropped in Swift 6.3, which is why
    /// this glue exists.)
    ///
    /// ```swift
    /// func testInMemory() async { await todos.assertConformance(of: .inMemory) }
    /// ```
    @discardableResult
    public func assertConformance(
        of conformance: Conformance<Terms>, file: StaticString = #filePath, line: UInt = #line
    ) async -> ConformanceReport {
        let report = await inStubServerScope { await self.report(on: conformance) }
        for result in report.clauses {
            for message in result.issueMessages(label: label(of: result.id)) {
                XCTFail(message, file: file, line: line)
            }
        }
        if let skipped = report.skippedList(contract: name) {
            print(skipped)
        }
        if let leftOut = report.leftOutList(contract: name) {
            print(leftOut)
        }
        return reported(report)
    }
}
