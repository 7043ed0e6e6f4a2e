import Foundation
package import Testing

/// Records `message` as an issue at `location`: a warning (which does not fail the test) when `isWarning`,
/// else an error.
///
/// Issue severity is Swift Testing 6.3; built with Swift 6.2, a warning goes to standard error instead
/// (prefixed `warning:`), and an error is recorded as usual.
package func recordIssue(_ message: String, isWarning: Bool, at location: SourceLocation) {
    #if compiler(>=6.3)
        Issue.record(Comment(rawValue: message), severity: isWarning ? .warning : .error, sourceLocation: location)
    #else
        if isWarning {
            FileHandle.standardError.write(Data("\(location): warning: \(message)\n".utf8))
        } else {
            Issue.record(Comment(rawValue: message), sourceLocation: location)
        }
    #endif
}
