extension Clause where Terms: RepositoryTerms {
    /// Declares a clause over a repository that applies by the capabilities a conformer declares.
    ///
    /// ```swift
    /// let unicodeTitles = Clause<CRUD<Todo>>("titles.unicode", "unicode titles round-trip", requires: .create) { context in
    ///     let todo = context.twin(of: Todo(id: 0, title: "café ☕️ 🇯🇵"))
    ///     try await context.subject.create(todo)
    ///     context.expectEquivalent(try await context.subject.fetch(id: todo.id), todo, "fetch(id:)")
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - requires: Capabilities the conformer must declare for the clause to apply.
    ///   - forbids: Capabilities the conformer must not declare for the clause to apply.
    ///   - condition: Returns why the clause does not apply beyond capabilities (`"no ordering is
    ///     declared"`), or `nil` when it does.
    public init(
        _ id: String,
        _ summary: String,
        requires: Capabilities,
        forbids: Capabilities = [],
        when condition: @escaping @Sendable (RepositoryPromises<Terms.Entity>, EntityFactory<Terms.Entity>) -> String? = { _, _ in nil },
        body: @escaping @Sendable (ClauseContext<Terms>) async throws -> Void
    ) {
        self.init(id, summary, when: { conformance, terms in
            let promises = terms.repositoryPromises(in: conformance.promises)
            let missing = requires.subtracting(promises.capabilities)
            if !missing.isEmpty {
                return "requires \(missing), which \(conformance.name) does not declare"
            }
            let present = forbids.intersection(promises.capabilities)
            if !present.isEmpty {
                return "applies only without \(present), which \(conformance.name) declares"
            }
            return condition(promises, terms.factory)
        }, body: body)
    }

    /// Declares a clause over a repository that applies whatever its capabilities; see
    /// ``init(_:_:requires:forbids:when:body:)``.
    public init(
        _ id: String,
        _ summary: String,
        forbids: Capabilities,
        body: @escaping @Sendable (ClauseContext<Terms>) async throws -> Void
    ) {
        self.init(id, summary, requires: [], forbids: forbids, body: body)
    }
}
