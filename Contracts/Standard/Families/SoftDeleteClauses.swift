import ContractEngine

extension CRUDClauses {
    /// The `softDelete.*` clauses: soft delete, restore and purge.
    static var softDelete: [Clause<CRUD<Entity>>] {
        []
    }
}
