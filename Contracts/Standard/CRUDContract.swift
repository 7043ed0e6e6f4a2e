public import ContractEngine

extension Contract {
    /// The CRUD contract: every law a create/read/update/delete repository must keep, one clause each.
    ///
    /// ```swift
    /// let todos = Contract.crud(
    ///     make: { Todo(id: $0, title: "Todo \($0)") },
    ///     mutate: { $0.toggled() },
    ///     identity: \.id)
    /// ```
    ///
    /// - Parameters:
    ///   - make: A new entity for an ordinal; distinct ordinals give distinct ids.
    ///   - mutate: The same entity with a different value.
    ///   - identity: The entity's writable id, used to make twins (same content, new id).
    ///   - samples: Edge cases that must round-trip (unicode, empty strings, extreme numbers, dates).
    public static func crud<Entity>(
        make: @escaping @Sendable (_ ordinal: Int) -> Entity,
        mutate: @escaping @Sendable (Entity) -> Entity,
        identity: any WritableKeyPath<Entity, Entity.ID> & Sendable,
        samples: [Entity] = []
    ) -> Self where Terms == CRUD<Entity> {
        crud(factory: EntityFactory(make: make, mutate: mutate, identity: identity, samples: samples))
    }

    /// The CRUD contract over any entity factory (for entities whose id cannot be written).
    public static func crud<Entity>(factory: EntityFactory<Entity>) -> Self where Terms == CRUD<Entity> {
        Contract(
            "CRUD", terms: CRUD(factory: factory),
            clauses: CRUDClauses.create + CRUDClauses.read + CRUDClauses.update + CRUDClauses.delete
                + CRUDClauses.unsupported + CRUDClauses.values + CRUDClauses.edgeCases + CRUDClauses.identity
                + CRUDClauses.concurrency + CRUDClauses.completion + CRUDClauses.families)
    }
}

/// The CRUD contract's clauses, grouped by the operation they are about (one file per group).
enum CRUDClauses<Entity: Identifiable & Equatable & Sendable> where Entity.ID: Sendable {}
