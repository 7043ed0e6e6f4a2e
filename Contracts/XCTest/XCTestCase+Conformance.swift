@_exported public import ContractEngine
public import XCTest

extension XCTestCase {
    /// Runs every applicable clause of `contract` on `conformance` and records each failure in this test:
    /// at the failing check's line when the check is in a clause of your own, else at this call, each
    /// prefixed with the clause's label (`[Search › search.pagesAreFull]`). The clauses skipped and the
    /// derived values left out are printed with their reasons.
    ///
    /// ```swift
    /// func testFolderSearch() async {
    ///     await assertConformance(of: .folderSearch, to: searchContract)
    /// }
    /// ```
    ///
    /// Prefer this to `contract.assertConformance(of:)` for contracts of your
    /// own: that one, which has no test case to record into, reports every failure at its call.
    @discardableResult
    public func assertConformance<Terms>(
        of conformance: Conformance<Terms>, to contract: Contract<Terms>, file: StaticString = #filePath, line: UInt = #line
    ) async -> ConformanceReport {
        let report = await inStubServerScope { await contract.report(on: conformance) }
        for result in report.clauses {
            for failure in result.locatedIssues(label: contract.label(of: result.id)) {
                if let check = failure.location {
                    recordFailure(failure.message, filePath: check.filePath, line: check.line)
                } else {
                    recordFailure(failure.message, filePath: "\(file)", line: Int(line))
                }
            }
        }
        if let skipped = report.skippedList(contract: contract.name) {
            print(skipped)
        }
        if let leftOut = report.leftOutList(contract: contract.name) {
            print(leftOut)
        }
        return contract.reported(report)
    }

    /// Records a failure at `filePath`:`line`, which need not be a `StaticString`.
    private func recordFailure(_ message: String, filePath: String, line: Int) {
        #if canImport(ObjectiveC)  // Apple's XCTest (XCTIssue); swift-corelibs-xctest elsewhere
            let location = XCTSourceCodeLocation(filePath: filePath, lineNumber: line)
            record(XCTIssue(
                type: .assertionFailure, compactDescription: message,
                sourceCodeContext: XCTSourceCodeContext(location: location)))
        #else
            recordFailure(withDescription: message, inFile: filePath, atLine: line, expected: true)
        #endif
    }
}
