import ContractEngine
public import ModelChecking
import Testing
import RepositoryContractsPrimitives

extension ProtocolModelCheckResult {
    /// Records nothing if the check passed; otherwise one Swift Testing issue at the caller's line (the
    /// whole report: the minimal steps, the Swift repro, the seed) and attaches the report as a text file.
    ///
    /// ```swift
    /// let result = await ProtocolModelCheck.check(model: { InMemoryBookmarks() }, subject: { try BookmarkFile() }, operations: operations)
    /// result.recordIssueIfFalsified()
    /// ```
    public func recordIssueIfFalsified(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        guard !passed else { return }
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        Issue.record(Comment(rawValue: description), sourceLocation: location)
        FailureAttachment(text: description, named: "protocol model check \(EnvironmentVariable.text(ofSeed: failure?.seed ?? seed)).txt")
            .record(at: location)
    }
}

extension ConcurrentModelCheckResult {
    /// Records nothing if the check passed; otherwise one Swift Testing issue at the caller's line (the
    /// whole report) and attaches the report as a text file and the failing run as a timeline picture
    /// (SVG: a lane per task, each call a bar from its invocation to its response).
    ///
    /// ```swift
    /// let result = await ProtocolModelCheck.checkConcurrently(model: { InMemoryBookmarks() }, subject: { RacyBookmarks() }, operations: operations)
    /// result.recordIssueIfFalsified()
    /// ```
    public func recordIssueIfFalsified(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        guard !passed else { return }
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        Issue.record(Comment(rawValue: description), sourceLocation: location)
        let stem = "concurrent model check \(EnvironmentVariable.text(ofSeed: failure?.seed ?? seed))"
        FailureAttachment(text: description, named: stem + ".txt").record(at: location)
        if let chart = timelineChart {
            FailureAttachment(chart: chart, named: stem + " timeline.svg").record(at: location)
        }
    }
}
