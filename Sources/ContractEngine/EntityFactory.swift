/// How the contract makes the entities it stores.
///
/// The harness hands out ordinals (1, 2, 3, …), so ids are unique by construction rather than by chance.
/// The factory is checked before any clause runs, and a mistake in it is reported as a factory mistake,
/// never as a conformer bug.
public struct EntityFactory<Entity: Identifiable & Equatable & Sendable>: Sendable where Entity.ID: Sendable {
    /// A new entity for an ordinal. Distinct ordinals must give distinct ids; the same ordinal must give
    /// equal entities.
    public var make: @Sendable (_ ordinal: Int) -> Entity
    /// The same entity (same id) with a different value: what an update stores. It must return a changed
    /// copy and leave its argument as it was (for reference types too: see `alter`).
    public var mutate: @Sendable (Entity) -> Entity
    /// The same content as the entity under the identity `make(ordinal)` has: a *twin*. Twins catch
    /// conformers that find entities by value instead of by id.
    public var twin: @Sendable (_ of: Entity, _ ordinal: Int) -> Entity
    /// Edge cases that must round-trip: unicode, empty strings, extreme numbers, dates. Their ids are
    /// replaced by harness ids (through `twin`) before they are stored.
    public var samples: [Entity]
    /// For reference-type entities: changes an instance in place, as code holding a reference would. With
    /// it, the contract checks that changing an instance passed in or handed out leaves what is stored alone.
    public var alter: (@Sendable (Entity) -> Void)?

    /// A factory with an explicit twin function.
    public init(
        make: @escaping @Sendable (_ ordinal: Int) -> Entity,
        mutate: @escaping @Sendable (Entity) -> Entity,
        twin: @escaping @Sendable (_ of: Entity, _ ordinal: Int) -> Entity,
        samples: [Entity] = [],
        alter: (@Sendable (Entity) -> Void)? = nil
    ) {
        self.make = make
        self.mutate = mutate
        self.twin = twin
        self.samples = samples
        self.alter = alter
    }

    /// A factory whose twins are made by writing `make(ordinal).id` through `identity`.
    public init(
        make: @escaping @Sendable (_ ordinal: Int) -> Entity,
        mutate: @escaping @Sendable (Entity) -> Entity,
        identity: any WritableKeyPath<Entity, Entity.ID> & Sendable,
        samples: [Entity] = [],
        alter: (@Sendable (Entity) -> Void)? = nil
    ) {
        self.init(
            make: make, mutate: mutate,
            twin: { entity, ordinal in
                var twin = entity
                twin[keyPath: identity] = make(ordinal).id
                return twin
            },
            samples: samples, alter: alter)
    }

    /// Mistakes in the factory itself, found by exercising it on a few ordinals; empty when it is sound.
    public var mistakes: [String] {
        var found: [String] = []
        let first = make(1), second = make(2)
        if first.id == second.id {
            found.append("make(1) and make(2) have the same id \(first.id): distinct ordinals must give distinct ids")
        }
        if make(1) != first {
            found.append("make(1) is not equal to make(1): make must be deterministic")
        }
        // Fresh instances for every comparison: a reference-type entity may be mutated in place.
        let mutated = mutate(make(1))
        if mutated.id != first.id {
            found.append("mutate(_:) changed the id from \(first.id) to \(mutated.id): it must keep the id")
        }
        if mutated == make(1) {
            found.append("mutate(_:) returned an equal entity: it must change the value")
        }
        let argument = make(1)
        _ = mutate(argument)
        if argument != make(1) {
            found.append("mutate(_:) changed the entity it was given: return a changed copy (in-place changes belong in alter)")
        }
        if mutate(mutate(make(1))) == mutate(make(1)) {
            found.append("mutate(_:) applied twice returned an equal entity: each call must change the value")
        }
        let twin = twin(first, 3)
        if twin.id == first.id {
            found.append("twin(of:_:) kept the id \(first.id): a twin must have a new identity")
        } else if twin.id != make(3).id {
            found.append("twin(of: make(1), 3) has id \(twin.id), expected make(3).id = \(make(3).id)")
        }
        for (index, sample) in samples.enumerated() where self.twin(sample, 4).id != make(4).id {
            found.append("samples[\(index)] could not be given a harness id through twin(of:_:)")
        }
        return found
    }
}
