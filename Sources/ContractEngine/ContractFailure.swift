/// One thing a clause found wrong: what, and where useful the expected and the actual value.
public struct ContractFailure: Hashable, Sendable, Codable, CustomStringConvertible {
    /// What is wrong.
    public var message: String
    /// What the contract expected.
    public var expected: String?
    /// What the conformer did.
    public var actual: String?

    /// Creates a failure.
    public init(message: String, expected: String? = nil, actual: String? = nil) {
        self.message = message
        self.expected = expected
        self.actual = actual
    }

    public var description: String {
        var text = message
        if let expected { text += "\n  expected: \(expected)" }
        if let actual { text += "\n  actual:   \(actual)" }
        return text
    }
}
