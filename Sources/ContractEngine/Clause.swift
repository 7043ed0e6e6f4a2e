/// One law of a contract, as a value: a stable dotted id, a summary people read, the capabilities it
/// needs or must not meet, and a body that checks it on a fresh subject.
///
/// ```swift
/// let unicodeTitles = Clause<Todo>("titles.unicode", "unicode titles round-trip", requires: .create) { context in
///     let todo = context.twin(of: Todo(id: 0, title: "café ☕️ 🇯🇵"))
///     try await context.subject.create(todo)
///     context.expectEquivalent(try await context.subject.fetch(id: todo.id), todo, "fetch(id:)")
/// }
/// ```
public struct Clause<Entity: Identifiable & Equatable & Sendable>: Sendable, Identifiable where Entity.ID: Sendable {
    /// A stable dotted id ("delete.leavesTwinsUntouched"): the name a failure carries.
    public let id: String
    /// What the clause checks, in words: the name of its test case.
    public let summary: String
    /// Capabilities the conformer must declare for the clause to apply.
    public let requires: Capabilities
    /// Capabilities the conformer must not declare for the clause to apply.
    public let forbids: Capabilities
    private let condition: @Sendable (Conformance<Entity>, EntityFactory<Entity>) -> String?
    let body: @Sendable (ClauseContext<Entity>) async throws -> Void

    /// Declares a clause.
    ///
    /// - Parameters:
    ///   - condition: Returns why the clause does not apply to a conformer beyond its capabilities
    ///     (`"no ordering is declared"`), or `nil` when it does.
    public init(
        _ id: String,
        _ summary: String,
        requires: Capabilities = [],
        forbids: Capabilities = [],
        when condition: @escaping @Sendable (Conformance<Entity>, EntityFactory<Entity>) -> String? = { _, _ in nil },
        body: @escaping @Sendable (ClauseContext<Entity>) async throws -> Void
    ) {
        self.id = id
        self.summary = summary
        self.requires = requires
        self.forbids = forbids
        self.condition = condition
        self.body = body
    }

    /// Why the clause does not apply to `conformance`, or `nil` when it does.
    public func inapplicability(to conformance: Conformance<Entity>, factory: EntityFactory<Entity>) -> String? {
        let missing = requires.subtracting(conformance.capabilities)
        if !missing.isEmpty {
            return "requires \(missing), which \(conformance.name) does not declare"
        }
        let present = forbids.intersection(conformance.capabilities)
        if !present.isEmpty {
            return "applies only without \(present), which \(conformance.name) declares"
        }
        return condition(conformance, factory)
    }
}
