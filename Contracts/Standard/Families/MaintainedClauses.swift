import ContractEngine

extension CRUDClauses {
    /// The `maintained.*` clauses: the store-maintained fields' rules.
    static var maintained: [Clause<CRUD<Entity>>] {
        []
    }
}
