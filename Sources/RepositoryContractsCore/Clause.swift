/// One law of a contract, as a value: a stable dotted id, a summary people read, when it applies, and a
/// body that checks it on a fresh subject.
///
/// ```swift
/// let firstPage = Clause<Search>("search.firstPage", "the first page holds at most pageSize results") { check in
///     let page = try await check.subject.search("tea", page: 0)
///     check.expect(page.count <= 20, "the first page has \(page.count) results")
/// }
/// ```
public struct Clause<Terms: ContractTerms>: Sendable, Identifiable {
    /// A stable dotted id ("delete.leavesTwinsUntouched"): the name a failure carries, and the name of
    /// the clause's fixture.
    public let id: String
    /// What the clause checks, in words: the name of its test case.
    public let summary: String
    private let condition: @Sendable (Conformance<Terms>, Terms) -> String?
    let body: @Sendable (ClauseContext<Terms>) async throws -> Void

    /// Declares a clause.
    ///
    /// - Parameters:
    ///   - condition: Returns why the clause does not apply to a conformer (`"no ordering is declared"`),
    ///     or `nil` when it does. A clause that does not apply is left out of the conformer's cases.
    ///   - body: The check, on a fresh subject in a fresh environment. Record failures on the context; a
    ///     thrown error ends the clause with that error as its last failure.
    public init(
        _ id: String,
        _ summary: String,
        when condition: @escaping @Sendable (Conformance<Terms>, Terms) -> String? = { _, _ in nil },
        body: @escaping @Sendable (ClauseContext<Terms>) async throws -> Void
    ) {
        self.id = id
        self.summary = summary
        self.condition = condition
        self.body = body
    }

    /// Why the clause does not apply to `conformance` under `terms`, or `nil` when it does.
    public func inapplicability(to conformance: Conformance<Terms>, terms: Terms) -> String? {
        condition(conformance, terms)
    }
}
