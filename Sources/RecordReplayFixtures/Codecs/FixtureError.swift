import RepositoryContractsJSON
/// Why a fixture could not be read or written: the file, where in it, and what was wrong.
///
/// The description reads like a compiler diagnostic:
///
/// - a syntax error: `Fixtures/Todos/create.json:12:7: expected ',' or '}' after an object member, found '"'`
/// - a schema error: `Fixtures/Todos/create.json: $.interactions[2].response.status: expected an integer
///   from 100 to 999, found "OK"`
/// - a file error: `Fixtures/Todos/create.json: cannot read the file: …`
public struct FixtureError: Error, CustomStringConvertible, Sendable, Hashable {
    /// The kind of problem.
    ///
    /// A struct over private storage rather than an enum, so that a new kind is not a breaking change
    /// for code that switches over the kinds it knows (compare with `==`).
    public struct Kind: Sendable, Hashable {
        /// The kinds, for the package's own exhaustive switches.
        package enum Storage: Sendable, Hashable, CaseIterable {
            case unreadable, unwritable, syntax, schema, unsupportedVersion
        }

        /// Which one this is.
        package let storage: Storage

        private init(_ storage: Storage) {
            self.storage = storage
        }

        /// The file could not be read (missing, unreadable, too large, unknown extension).
        public static let unreadable = Kind(.unreadable)
        /// The file could not be written.
        public static let unwritable = Kind(.unwritable)
        /// The bytes are not valid JSON; ``FixtureError/line`` and ``FixtureError/column`` say where.
        public static let syntax = Kind(.syntax)
        /// The JSON does not have the fixture's shape; ``FixtureError/path`` says where.
        public static let schema = Kind(.schema)
        /// The file declares a format version this build cannot read.
        public static let unsupportedVersion = Kind(.unsupportedVersion)
    }

    /// The kind of problem.
    public var kind: Kind
    /// The file, or the source name given to ``Fixture/init(decoding:format:source:)``.
    public var file: String
    /// The JSON path of the offending value, such as `$.interactions[3].response.status`, when known.
    public var path: String?
    /// The 1-based line of a syntax error.
    public var line: Int?
    /// The 1-based column of a syntax error.
    public var column: Int?
    /// What was wrong.
    public var reason: String

    /// Creates an error.
    public init(
        kind: Kind, file: String, path: String? = nil, line: Int? = nil, column: Int? = nil, reason: String
    ) {
        self.kind = kind
        self.file = file
        self.path = path
        self.line = line
        self.column = column
        self.reason = reason
    }

    /// `file:line:column: reason`, `file: path: reason` or `file: reason`.
    public var description: String {
        if let line, let column { return "\(file):\(line):\(column): \(reason)" }
        if let path { return "\(file): \(path): \(reason)" }
        return "\(file): \(reason)"
    }
}

extension FixtureError {
    /// A syntax error in `file`.
    init(file: String, syntax error: JSONSyntaxError) {
        self.init(kind: .syntax, file: file, line: error.line, column: error.column, reason: error.reason)
    }

    /// A schema error (or unsupported version) in `file`.
    init(file: String, schema error: SchemaError) {
        self.init(
            kind: error.isUnsupportedVersion ? .unsupportedVersion : .schema, file: file, path: error.path,
            reason: error.reason)
    }
}
