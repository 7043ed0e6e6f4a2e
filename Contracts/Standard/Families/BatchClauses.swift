import ContractEngine

extension CRUDClauses {
    /// The `batch.*` clauses: batch inserts.
    static var batch: [Clause<CRUD<Entity>>] {
        []
    }
}
