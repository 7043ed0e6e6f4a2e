import ContractEngine

extension CRUDClauses {
    /// The `versions.*` clauses: optimistic concurrency.
    static var versions: [Clause<CRUD<Entity>>] {
        []
    }
}
