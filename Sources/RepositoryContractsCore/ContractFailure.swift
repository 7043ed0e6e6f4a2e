/// One thing a clause found wrong: what, where useful the expected and the actual value, and the line of
/// the check that found it.
public struct ContractFailure: Hashable, Sendable, Codable, CustomStringConvertible {
    /// What is wrong.
    public var message: String
    /// What the contract expected.
    public var expected: String?
    /// What the conformer did.
    public var actual: String?
    /// The check that recorded the failure (`check.expect(…)` in a clause), when one did; `nil` for
    /// failures the engine found itself (an error thrown out of the clause, a tear-down finding).
    public var location: CheckLocation?

    /// Creates a failure.
    public init(message: String, expected: String? = nil, actual: String? = nil, location: CheckLocation? = nil) {
        self.message = message
        self.expected = expected
        self.actual = actual
        self.location = location
    }

    /// The message, then the expected and the actual value on lines of their own.
    public var description: String {
        var text = message
        if let expected { text += "\n  expected: \(expected)" }
        if let actual { text += "\n  actual:   \(actual)" }
        return text
    }
}

/// Where in the source a check was written: what the test glue reports a failure at.
public struct CheckLocation: Hashable, Sendable, Codable, CustomStringConvertible {
    /// `Module/File.swift`.
    public var fileID: String
    /// The file's full path.
    public var filePath: String
    /// The line, from 1.
    public var line: Int
    /// The column, from 1.
    public var column: Int

    /// A location; the defaults are the caller's.
    public init(fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }

    /// `Module/File.swift:42`.
    public var description: String { "\(fileID):\(line)" }

    /// Whether the check is one of this package's own clauses or helpers, not the user's code: a failure
    /// found there is reported at the user's `verify()` line instead.
    public var isInsidePackage: Bool {
        let module = fileID.prefix { $0 != "/" }
        return Self.packageModules.contains(String(module))
    }

    private static let packageModules: Set<String> = ["ContractEngine", "StandardContracts"]
}
