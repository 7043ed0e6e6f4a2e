import ContractEngine

extension CRUDClauses {
    /// The `order.*` clauses: the declared sort, judged on what the store returns.
    static var order: [Clause<CRUD<Entity>>] {
        []
    }
}
