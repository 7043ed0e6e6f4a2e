/// A file format that fixtures are read from and written in.
///
/// A struct over private storage rather than an enum, so that a new format is not a breaking change
/// for code that switches over the formats it knows (compare formats with `==`).
public struct FixtureFormat: Sendable, Hashable, CaseIterable {
    /// The formats, for the package's own exhaustive switches.
    package enum Kind: Sendable, Hashable, CaseIterable {
        case native, har
    }

    /// Which format this is.
    package let kind: Kind

    private init(_ kind: Kind) {
        self.kind = kind
    }

    /// The package's own JSON format (`.json`), as the README's "Fixtures" section describes it.
    public static let native = FixtureFormat(.native)
    /// HTTP Archive 1.2 (`.har`), as browsers' developer tools and HTTP proxies export it.
    public static let har = FixtureFormat(.har)

    /// Every format.
    public static var allCases: [FixtureFormat] { Kind.allCases.map(FixtureFormat.init) }

    /// The format a file name extension stands for (`json` or `har`, any case), or `nil`.
    public init?(pathExtension: String) {
        guard let format = Self.allCases.first(where: { $0.pathExtension == pathExtension.lowercased() }) else {
            return nil
        }
        self = format
    }

    /// The extension files of this format use, without the dot.
    public var pathExtension: String {
        switch kind {
        case .native: "json"
        case .har: "har"
        }
    }
}
