import ContractEngine

extension CRUDClauses {
    /// The families beyond CRUD, each applying only when a conformance declares it.
    static var families: [Clause<CRUD<Entity>>] {
        maintained + order + pages + versions + softDelete + batch + queries + atomicity + serverFaults
    }
}
