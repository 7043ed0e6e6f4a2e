import RepositoryContractsPrimitives

/// No `Fixtures` folder holds what a `.stubServer` scope asks for, and none can be recorded into: the
/// test runs without its source tree, and its bundle has no copy of the fixtures.
public struct FixturesNotFoundError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What the scope asked for: its fixtures folder or fixture file, relative to a `Fixtures` folder.
    public var item: String
    /// Each step of the search, in order, with the paths it tried.
    public var tried: [String]

    /// The steps tried and how to give the fixtures to the test, as one message.
    public var description: String {
        let steps = tried.enumerated().map { "\($0.offset + 1). \($0.element)" }.joined(separator: "\n")
        return """
            no Fixtures folder holds \(item); tried, in order:
            \(steps)
            Run the tests from the source checkout, copy the fixtures into the test bundle \
            (resources: [.copy("Fixtures")] in Package.swift, or a Fixtures folder reference in Xcode), or set \
            \(EnvironmentVariable.fixtures) (or fixturesRoot:) to the Fixtures folder
            """
    }
}
