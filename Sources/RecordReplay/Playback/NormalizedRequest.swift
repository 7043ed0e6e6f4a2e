import RecordReplayMessages
import RepositoryContractsJSON
import FoundationEssentials

/// A request reduced to what matching compares, after the options' normalisation and ignore lists.
struct NormalizedRequest: Sendable {
    /// The method token, as sent (methods are case-sensitive).
    var method: String
    /// The path, percent-encoding normalised.
    var path: String
    /// The query items that are not ignored, sorted.
    var query: [QueryItem]
    /// For each matched header name, in option order, the values of the fields with that name.
    var headers: [[String]]
    /// The body in comparable form.
    var body: NormalizedBody
    /// The JSON body after ignored paths are removed, when the body is JSON.
    var json: JSONValue?
    /// Where the request was sent, when it was intercepted or recorded that way (compared by the index
    /// beside the key: `nil` on either side matches any origin); `nil` when a closure matcher replaces
    /// the origin.
    var origin: HTTPOrigin? = nil
}

/// The hashable identity of a request for the index: every compared field that no closure matcher
/// replaces (replaced fields are `nil`).
struct MatchKey: Sendable, Hashable {
    var method: String?
    var path: String?
    var query: [QueryItem]?
    var headers: [[String]]?
    var body: NormalizedBody?
}

/// Applies one set of ``PlaybackOptions`` to requests, recorded and received alike.
struct RequestNormalizer: Sendable {
    let matchedHeaders: [String]
    let ignoredQueryItems: Set<String>
    let ignoredJSONPaths: [JSONPathExpression]
    let ignoresBody: Bool
    /// Fields a closure matcher compares instead of the default comparison.
    let replacedFields: Set<RequestMatcher.Field>
    /// The closure matchers, in option order.
    let closureMatchers: [(name: String, matches: @Sendable (StubRequest, StubRequest) -> Bool)]

    init(options: PlaybackOptions) {
        matchedHeaders = options.matchedHeaders
        var ignoredQueryItems: Set<String> = []
        var ignoredJSONPaths: [JSONPathExpression] = []
        var ignoresBody = false
        var replacedFields: Set<RequestMatcher.Field> = []
        var closureMatchers: [(name: String, matches: @Sendable (StubRequest, StubRequest) -> Bool)] = []
        for matcher in options.customMatchers {
            switch matcher.rule {
            case .ignoreQueryItems(let names): ignoredQueryItems.formUnion(names)
            case .ignoreJSONPaths(let expressions): ignoredJSONPaths += expressions
            case .ignoreBody: ignoresBody = true
            case .closure(let fields, let matches):
                replacedFields.formUnion(fields)
                closureMatchers.append((matcher.name, matches))
            }
        }
        self.ignoredQueryItems = ignoredQueryItems
        self.ignoredJSONPaths = ignoredJSONPaths
        self.ignoresBody = ignoresBody
        self.replacedFields = replacedFields
        self.closureMatchers = closureMatchers
    }

    func normalize(_ request: StubRequest) -> NormalizedRequest {
        let query = request.query.filter { !ignoredQueryItems.contains($0.name) }
        let (body, json) =
            ignoresBody
            ? (NormalizedBody.bytes(.init()), nil)
            : NormalizedBody.reading(
                // What the body holds (gzip inflated, UTF-16 as UTF-8), as the redaction read it: a body
                // recorded redacted through its encoding matches the client's real one.
                BodyContent.decoded(request.body, headers: request.headers), contentType: request.headers["Content-Type"],
                ignoring: ignoredJSONPaths)
        return NormalizedRequest(
            method: request.method,
            path: PercentEncoding.normalizedPath(request.path),
            query: query.count > 1 ? query.sorted(by: QueryItem.matchingOrder) : query,
            headers: matchedHeaders.map { request.headers.values(for: $0) },
            body: body,
            json: json,
            origin: replacedFields.contains(.origin) ? nil : request.origin)
    }

    func key(for request: NormalizedRequest) -> MatchKey {
        MatchKey(
            method: replacedFields.contains(.method) ? nil : request.method,
            path: replacedFields.contains(.path) ? nil : request.path,
            query: replacedFields.contains(.query) ? nil : request.query,
            headers: replacedFields.contains(.headers) || matchedHeaders.isEmpty ? nil : request.headers,
            body: replacedFields.contains(.body) ? nil : request.body)
    }

    /// The names of the closure matchers that reject `received` against `recorded`.
    func rejectingMatchers(recorded: StubRequest, received: StubRequest) -> [String] {
        closureMatchers.filter { !$0.matches(recorded, received) }.map(\.name)
    }
}
