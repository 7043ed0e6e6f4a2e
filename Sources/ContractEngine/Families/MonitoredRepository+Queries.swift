extension MonitoredRepository {
    /// Why the witness cannot run `query`, or `nil` when it can: it has no runner of that name, or its
    /// runner takes another parameter type than the query declares. The message names the builder to add.
    public func problem(running query: Query<Entity>) -> String? {
        guard let runner = witness.queries[query.name] else {
            let known = witness.queries.keys.sorted()
            return "its witness runs no query \"\(query.name)\": add .querying(\"\(query.name)\") { (parameter: "
                + "\(query.parameterType)) in … } to the witness"
                + (known.isEmpty ? "" : " (it runs \(known.map { "\"\($0)\"" }.joined(separator: ", ")))")
        }
        guard runner.parameterType == query.parameterType else {
            return "its witness's .querying(\"\(query.name)\") takes a \(runner.parameterType), but the query is declared "
                + "over \(query.parameterType): declare and run it with the same parameter type"
        }
        return nil
    }

    /// Runs `query` for `parameter` through the witness, watched like every call and named
    /// `query tag("Shared")` in failures.
    ///
    /// - Throws: ``QueryNotRun`` when the witness cannot run the query (see ``problem(running:)``), and
    ///   ``OperationFailure`` when the call throws or hangs.
    public func query(_ query: Query<Entity>, _ parameter: QueryParameter) async throws -> [Entity] {
        guard let runner = witness.queries[query.name], runner.parameterType == query.parameterType else {
            throw QueryNotRun(query: query.description, problem: problem(running: query) ?? "")
        }
        return try await call(Self.callName(query, parameter)) { try await runner.run(parameter) }
    }

    /// `query tag("Shared")`: how a query call is named in failures.
    public static func callName(_ query: Query<Entity>, _ parameter: QueryParameter) -> String {
        "query \(query.name)(\(abbreviate(parameter, limit: 60)))"
    }
}

/// Thrown when a declared query is run on a witness that cannot run it.
public struct QueryNotRun: Error, CustomStringConvertible {
    /// The query: `tag (String)`.
    public let query: String
    /// Why, and the builder to add.
    public let problem: String

    /// The query and why it cannot run.
    public var description: String { "query \(query) cannot run: \(problem)" }
}
