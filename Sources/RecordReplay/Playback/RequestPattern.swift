import RecordReplayMessages
public import Foundation

/// A description of requests, for programmable stubs, fault rules and journal queries.
///
/// Every condition given must hold: the method (case-sensitive), the path (see the path rules below),
/// the required query items (a subset: other items may be present too), the required headers, and the
/// predicates. Build one with a constructor and refine it with the modifiers:
///
/// ```swift
/// .get("/todos")                                   // GET /todos, any query
/// .get("/todos?done=true")                         // … with the query item done=true among others
/// .delete("/todos/*")                              // one path segment of any value
/// .path("/api/**")                                 // any method, any path under /api
/// .post("/todos").header("Content-Type", "application/json").body { !$0.isEmpty }
/// .matching("has a token") { $0.headers["Authorization"] != nil }
/// ```
///
/// Paths are compared after percent-encoding normalisation; `*` stands for exactly one non-empty
/// segment and a final `**` for any remainder. A trailing slash is significant.
public struct RequestPattern: Sendable, CustomStringConvertible {
    private enum QueryRequirement: Sendable {
        case item(QueryItem)
        case present(String)
    }

    private struct Predicate: Sendable {
        var description: String
        var test: @Sendable (StubRequest) -> Bool
    }

    private var method: String?
    private var path: PathPattern?
    private var queryRequirements: [QueryRequirement] = []
    private var headerRequirements: [(name: String, value: String?)] = []
    private var predicates: [Predicate] = []

    /// Creates a pattern; `nil` accepts any method or path. A `?query` in `path` adds each of its items
    /// as a required query item (percent-decoded; an item without `=` requires a value-less item).
    public init(method: String? = nil, path: String? = nil) {
        self.method = method
        guard let path else { return }
        if let mark = path.firstIndex(of: "?") {
            self.path = PathPattern(String(path[..<mark]))
            for item in path[path.index(after: mark)...].split(separator: "&") {
                if let equals = item.firstIndex(of: "=") {
                    queryRequirements.append(
                        .item(
                            QueryItem(
                                name: PercentEncoding.decoded(item[..<equals], plusIsSpace: false),
                                value: PercentEncoding.decoded(item[item.index(after: equals)...], plusIsSpace: false)))
                    )
                } else {
                    queryRequirements.append(
                        .item(QueryItem(name: PercentEncoding.decoded(item, plusIsSpace: false), value: nil)))
                }
            }
        } else {
            self.path = PathPattern(path)
        }
    }

    /// Every request.
    public static let any = RequestPattern()

    /// Requests with `method` and a path matching `path`.
    public static func method(_ method: String, _ path: String) -> RequestPattern {
        RequestPattern(method: method, path: path)
    }

    /// Requests of any method whose path matches `path`.
    public static func path(_ path: String) -> RequestPattern { RequestPattern(path: path) }

    /// `GET` requests whose path matches `path`.
    public static func get(_ path: String) -> RequestPattern { .method("GET", path) }

    /// `HEAD` requests whose path matches `path`.
    public static func head(_ path: String) -> RequestPattern { .method("HEAD", path) }

    /// `POST` requests whose path matches `path`.
    public static func post(_ path: String) -> RequestPattern { .method("POST", path) }

    /// `PUT` requests whose path matches `path`.
    public static func put(_ path: String) -> RequestPattern { .method("PUT", path) }

    /// `PATCH` requests whose path matches `path`.
    public static func patch(_ path: String) -> RequestPattern { .method("PATCH", path) }

    /// `DELETE` requests whose path matches `path`.
    public static func delete(_ path: String) -> RequestPattern { .method("DELETE", path) }

    /// Requests for which `predicate` returns `true`; `description` names it in messages.
    ///
    /// When the pattern drives a stub or a fault rule, `predicate` runs for every request: keep it
    /// fast. It may read the ``Playback``'s journal but must not block on other requests.
    public static func matching(
        _ description: String = "custom predicate", _ predicate: @escaping @Sendable (StubRequest) -> Bool
    ) -> RequestPattern {
        RequestPattern().matching(description, predicate)
    }

    /// The pattern, also requiring the query item `name=value` (decoded) among the request's items.
    public func query(_ name: String, _ value: String) -> RequestPattern {
        var copy = self
        copy.queryRequirements.append(.item(QueryItem(name: name, value: value)))
        return copy
    }

    /// The pattern, also requiring a query item named `name`, whatever its value.
    public func query(named name: String) -> RequestPattern {
        var copy = self
        copy.queryRequirements.append(.present(name))
        return copy
    }

    /// The pattern, also requiring a header field named `name` (ASCII case-insensitive) with exactly
    /// `value`, or with any value when `value` is `nil`.
    public func header(_ name: String, _ value: String? = nil) -> RequestPattern {
        var copy = self
        copy.headerRequirements.append((name, value))
        return copy
    }

    /// The pattern, also requiring `predicate` to accept the body bytes.
    public func body(
        _ description: String = "body predicate", where predicate: @escaping @Sendable (Data) -> Bool
    ) -> RequestPattern {
        matching(description) { predicate($0.body) }
    }

    /// The pattern, also requiring `predicate` to accept the request.
    public func matching(
        _ description: String = "custom predicate", _ predicate: @escaping @Sendable (StubRequest) -> Bool
    ) -> RequestPattern {
        var copy = self
        copy.predicates.append(Predicate(description: description, test: predicate))
        return copy
    }

    /// Whether `request` meets every condition of the pattern.
    public func matches(_ request: StubRequest) -> Bool {
        if let method, method != request.method { return false }
        if let path, !path.matches(normalizedPath: PercentEncoding.normalizedPath(request.path)) { return false }
        for requirement in queryRequirements {
            switch requirement {
            case .item(let item): if !request.query.contains(item) { return false }
            case .present(let name): if !request.query.contains(where: { $0.name == name }) { return false }
            }
        }
        for (name, value) in headerRequirements {
            let values = request.headers.values(for: name)
            let satisfied = value.map { values.contains($0) } ?? !values.isEmpty
            if !satisfied { return false }
        }
        return predicates.allSatisfy { $0.test(request) }
    }

    /// The pattern as messages print it, for example `GET /todos/* ?done="true" [has a token]`.
    public var description: String {
        var text = "\(method ?? "any method") \(path?.description ?? "any path")"
        let query = queryRequirements.map { requirement -> String in
            switch requirement {
            case .item(let item): DiagnosticText.queryItem(item)
            case .present(let name): "\(name)=…"
            }
        }
        if !query.isEmpty { text += " ?" + query.joined(separator: "&") }
        for (name, value) in headerRequirements {
            text += value.map { " [\(name): \($0)]" } ?? " [\(name)]"
        }
        for predicate in predicates { text += " [\(predicate.description)]" }
        return text
    }
}
