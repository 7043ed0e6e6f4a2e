import ContractEngine

extension CRUDClauses {
    /// The `pages.*` clauses: pagination.
    static var pages: [Clause<CRUD<Entity>>] {
        []
    }
}
