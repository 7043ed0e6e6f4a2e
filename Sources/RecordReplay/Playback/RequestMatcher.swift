import RecordReplayMessages
import RepositoryContractsJSON
/// A named rule that changes how requests match recorded interactions; its name appears in the
/// diagnostics of unmatched requests.
///
/// Ignore lists (``ignoringQueryItems(_:)``, ``ignoringJSONPaths(_:)``, ``ignoringBody``) are applied
/// before requests are indexed, so they cost nothing per request. A closure matcher is an extra
/// condition on top of the default comparison; with `replacing`, it takes over the comparison of those
/// fields instead. Matching stays indexed by the fields no closure replaces, and the closure runs only
/// on the interactions that agree on those.
public struct RequestMatcher: Sendable, CustomStringConvertible {
    /// A part of a request that the default comparison covers.
    ///
    /// A struct over private storage rather than an enum, so that a new field is not a breaking change
    /// for code that switches over the fields it knows (compare fields with `==`).
    public struct Field: Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// The fields, for the package's own exhaustive switches; the raw value is the field's name.
        package enum Kind: String, Sendable, CaseIterable {
            case origin, method, path, query, headers, body
        }

        /// Which field this is.
        package let kind: Kind

        private init(_ kind: Kind) {
            self.kind = kind
        }

        /// Where the request was sent (scheme, host and port), when it has one: an intercepted request
        /// matches the interactions recorded from its origin and those recorded without one; replacing
        /// it lets the closure decide instead.
        public static let origin = Field(.origin)
        /// The method token.
        public static let method = Field(.method)
        /// The path (percent-encoding normalised).
        public static let path = Field(.path)
        /// The query items (an order-insensitive multiset).
        public static let query = Field(.query)
        /// The headers named in ``PlaybackOptions/matchedHeaders``.
        public static let headers = Field(.headers)
        /// The body (JSON-semantic, form-semantic or bytes).
        public static let body = Field(.body)

        /// Every field, in the order diagnostics list them.
        public static var allCases: [Field] { Kind.allCases.map(Field.init) }

        /// The field's name as diagnostics print it.
        public var description: String { kind.rawValue }
    }

    enum Rule: Sendable {
        case ignoreQueryItems(Set<String>)
        case ignoreJSONPaths([JSONPathExpression])
        case ignoreBody
        case closure(
            replacing: Set<Field>, matches: @Sendable (_ recorded: StubRequest, _ received: StubRequest) -> Bool)
    }

    /// The name diagnostics use for this matcher.
    public let name: String
    let rule: Rule
    /// Expressions given to ``ignoringJSONPaths(_:)`` that could not be parsed, with the reason.
    let invalidExpressions: [(expression: String, reason: String)]

    /// Creates a matcher from a closure that decides whether `received` matches `recorded`.
    ///
    /// - Parameters:
    ///   - name: Names the matcher in diagnostics ("matcher “same tenant” said no").
    ///   - fields: Fields whose default comparison the closure replaces; empty (the default) makes the
    ///     closure an extra condition. Matching is indexed by the fields that are not replaced, so
    ///     replacing `method` or `path` makes each request scan more interactions.
    ///   - matches: Runs for each request against the candidate interactions (and against the closest
    ///     ones when a request is unmatched): keep it fast and free of side effects.
    public init(
        name: String, replacing fields: Set<Field> = [],
        matches: @escaping @Sendable (_ recorded: StubRequest, _ received: StubRequest) -> Bool
    ) {
        self.name = name
        self.rule = .closure(replacing: fields, matches: matches)
        self.invalidExpressions = []
    }

    private init(name: String, rule: Rule, invalidExpressions: [(expression: String, reason: String)] = []) {
        self.name = name
        self.rule = rule
        self.invalidExpressions = invalidExpressions
    }

    /// Ignores the query items with these names (exact, case-sensitive), on both sides: cache
    /// busters, timestamps, signatures.
    public static func ignoringQueryItems(_ names: Set<String>) -> RequestMatcher {
        RequestMatcher(
            name: "ignoring query items \(names.sorted().joined(separator: ", "))",
            rule: .ignoreQueryItems(names))
    }

    /// Ignores these parts of JSON bodies on both sides, given as JSONPath expressions: `$.createdAt`,
    /// `$.items[*].id`, `$['odd name']`, `$.list[0]`, `$.meta.*`.
    ///
    /// An expression that cannot be parsed ignores nothing and is reported as an error by
    /// ``Playback/report``.
    public static func ignoringJSONPaths(_ expressions: [String]) -> RequestMatcher {
        var parsed: [JSONPathExpression] = []
        var invalid: [(expression: String, reason: String)] = []
        for expression in expressions {
            do {
                parsed.append(try JSONPathExpression(parsing: expression))
            } catch {
                invalid.append((expression, error.reason))
            }
        }
        return RequestMatcher(
            name: "ignoring JSON paths \(expressions.joined(separator: ", "))", rule: .ignoreJSONPaths(parsed),
            invalidExpressions: invalid)
    }

    /// Ignores bodies entirely.
    public static let ignoringBody = RequestMatcher(name: "ignoring body", rule: .ignoreBody)

    /// The matcher's name.
    public var description: String { name }
}
