import Foundation
package import RecordReplay
package import Testing

/// What the package attaches to a failing test: a name and the bytes, redacted before they leave.
///
/// Swift Testing keeps attachments where the run asks (`swift test --attachments-path <folder>`, Xcode's
/// report); the package's own tests capture them instead (``capture``).
package struct FailureAttachment: Sendable, Equatable {
    /// The file name it is saved under: `[CRUD › update.replacesValue] in-memory.txt`.
    package var name: String
    /// Its contents.
    package var bytes: [UInt8]

    /// Text, redacted with `redaction` (the scope's, else the default one): nothing attached holds what a
    /// recording would have redacted.
    package init(text: String, named name: String, redaction: Redaction = Self.currentRedaction) {
        self.name = Self.fileName(name)
        self.bytes = Array(redaction.shown(text: text).utf8)
    }

    /// Bytes made from values already redacted (an SVG of a failure report, a HAR of a redacted journal).
    package init(redactedBytes bytes: [UInt8], named name: String) {
        self.name = Self.fileName(name)
        self.bytes = bytes
    }

    /// The text, for tests.
    package var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Where attachments go instead of Swift Testing, in this task: a test that checks them sets it.
    /// (A struct, not a closure: see ``MockClock/problemReporter``.)
    @TaskLocal package static var capture: Capture?

    /// What receives the attachments recorded while it is bound to ``capture``.
    package struct Capture: Sendable {
        /// Receives each attachment.
        package let receive: @Sendable (FailureAttachment) -> Void

        /// A capture calling `receive` with each attachment.
        package init(_ receive: @escaping @Sendable (FailureAttachment) -> Void) {
            self.receive = receive
        }
    }

    /// The redaction of the stub-server scope the test runs in, else the default one.
    package static var currentRedaction: Redaction {
        StubServer.currentIfAny?.configuration.redaction ?? Redaction()
    }

    /// Attaches it to the running test at `location` (or hands it to ``capture``).
    package func record(at location: SourceLocation) {
        if let capture = Self.capture {
            capture.receive(self)
            return
        }
        #if compiler(>=6.2)
            Attachment.record(bytes, named: name, sourceLocation: location)
        #endif
    }

    /// `name` safe as a file name on every platform: no path separators, no characters Windows or
    /// Finder refuse, at most 120 characters before the extension.
    static func fileName(_ name: String) -> String {
        let forbidden = Set("/\\:*?\"<>|\n\r\t")
        var safe = String(name.map { forbidden.contains($0) ? "_" : $0 })
        let dot = safe.lastIndex(of: ".")
        let stem = dot.map { String(safe[..<$0]) } ?? safe
        let suffix = dot.map { String(safe[$0...]) } ?? ""
        if stem.count > 120 { safe = String(stem.prefix(120)) + suffix }
        return safe
    }
}

