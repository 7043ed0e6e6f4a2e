/// A file format that fixtures are read from and written in.
public enum FixtureFormat: Sendable, Hashable, CaseIterable {
    /// The package's own JSON format (`.json`), as the README's "Fixtures" section describes it.
    case native
    /// HTTP Archive 1.2 (`.har`), as browsers' developer tools and HTTP proxies export it.
    case har

    /// The format a file name extension stands for (`json` or `har`, any case), or `nil`.
    public init?(pathExtension: String) {
        switch pathExtension.lowercased() {
        case "json": self = .native
        case "har": self = .har
        default: return nil
        }
    }

    /// The extension files of this format use, without the dot.
    public var pathExtension: String {
        switch self {
        case .native: "json"
        case .har: "har"
        }
    }
}
