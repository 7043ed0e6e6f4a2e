import ContractEngine

extension CRUDClauses {
    /// The `queries.*` clauses: queries, compared with their declared meaning.
    static var queries: [Clause<CRUD<Entity>>] {
        []
    }
}
