import ContractEngine

extension CRUDClauses {
    /// The `atomicity.*` clauses: failure atomicity.
    static var atomicity: [Clause<CRUD<Entity>>] {
        []
    }
}
