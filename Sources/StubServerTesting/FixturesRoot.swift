import Foundation

/// The `Fixtures` folder a `.stubServer` scope reads, and where it was found: which the trait needs to
/// know, since only a folder of the source tree may be recorded into.
struct FixturesRoot: Sendable, Equatable {
    /// Which step of ``FixturesSearch`` found a root.
    enum Origin: Sendable, Equatable {
        /// `fixturesRoot:` in code.
        case code
        /// `REPOSITORY_CONTRACTS_FIXTURES`.
        case environment
        /// A `Fixtures` folder found from the test's source file.
        case sourceTree
        /// A copy the build made: a test bundle's resources (`bundle` is the bundle's folder).
        case testBundle(URL)
    }

    /// The `Fixtures` folder.
    var url: URL
    /// Which step found it.
    var origin: Origin

    /// Whether the folder is a copy the build made rather than the source tree, so recording into it
    /// would write where no one reads it back: one found in a test bundle, or one given (in code or the
    /// environment) inside a bundle (`….xctest/`, `….bundle/`, `….resources/`), `Bundle.module`'s say.
    var isCopy: Bool {
        if case .testBundle = origin { return true }
        return url.pathComponents.contains { component in
            [".xctest", ".bundle", ".resources"].contains { component.hasSuffix($0) }
        }
    }
}
