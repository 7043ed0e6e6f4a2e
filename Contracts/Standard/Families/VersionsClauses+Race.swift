import ContractEngine

extension CRUDClauses {
    /// How many times each race clause races its writers, each time on a new entity: a race that loses an
    /// update only when the writers interleave is caught if any round interleaves.
    static var raceRounds: Int { 4 }

    /// The `versions.*` clauses that race writers: no lost update.
    static var versionRaces: [Clause<CRUD<Entity>>] {
        [
            Clause("versions.concurrentWritersOneWins",
                   "writers released together from a task group, all carrying the token they read, race: exactly one wins, the others "
                       + "get the stale error, and the store holds the winner's value",
                   requires: [.create], when: withoutVersions) { context in
                guard let concurrency = conditionalUpdates(context) else { return }
                let writers = min(8, context.repositoryPromises.bulkEntityCount)
                for round in 1...raceRounds {
                    guard let (read, sent) = try await raceEntrants(writers, context) else { return }
                    let outcomes = try await releasedTogether(sent) { entity in
                        try await context.attempt { try await context.subject.updateConditionally(entity) }
                    }
                    let race = "\(writers) conditional updates of id \(abbreviate(read.id)), all carrying \(concurrency.tokenName) "
                        + "\(concurrency.token(in: read)), released together from a task group (round \(round) of \(raceRounds))"
                    guard try await judgeRace(race, read: read, sent: sent, outcomes: outcomes, concurrency, context) else { return }
                }
            },
            Clause("versions.concurrentWritersOneWinsAsyncLet",
                   "three writers started with async let, all carrying the token they read, race: exactly one wins and the store holds "
                       + "its value", requires: [.create], when: withoutVersions) { context in
                guard let concurrency = conditionalUpdates(context) else { return }
                for round in 1...raceRounds {
                    guard let (read, sent) = try await raceEntrants(3, context) else { return }
                    let barrier = Barrier(parties: 3)
                    @Sendable func write(_ entity: Entity) async throws -> Result<Entity, any Error> {
                        await barrier.arriveAndWait()
                        return try await context.attempt { try await context.subject.updateConditionally(entity) }
                    }
                    async let first = write(sent[0])
                    async let second = write(sent[1])
                    async let third = write(sent[2])
                    let outcomes = try await [first, second, third]
                    let race = "3 conditional updates of id \(abbreviate(read.id)), all carrying \(concurrency.tokenName) "
                        + "\(concurrency.token(in: read)), started with async let (round \(round) of \(raceRounds))"
                    guard try await judgeRace(race, read: read, sent: sent, outcomes: outcomes, concurrency, context) else { return }
                }
            },
        ]
    }

    /// A new entity, created and read back, and `count` distinct new values of it, each carrying the token
    /// read: what racing writers send. The values are other entities' contents under its id (through the
    /// factory's `twin`), or successive mutations when the store assigns ids.
    private static func raceEntrants(
        _ count: Int, _ context: ClauseContext<CRUD<Entity>>
    ) async throws -> (read: Entity, sent: [Entity])? {
        guard let concurrency = context.repositoryPromises.optimisticConcurrency else { return nil }
        let factory = context.factory
        let ordinal = context.takeOrdinal()
        let created = try await context.subject.create(factory.make(ordinal))
        guard let read = try await readBack(created.id, after: "create(_:)", context) else { return nil }
        var values: [Entity] = []
        for _ in 0..<count {
            let other = factory.twin(factory.make(context.takeOrdinal()), ordinal)
            values.append(other.id == read.id ? other : context.mutated(values.last ?? read))
        }
        return (read, values.map { concurrency.carryingToken(of: read, $0) })
    }

    /// Checks what racing writers did: exactly one succeeded, the others were refused with the stale
    /// error, and the store holds the winner's value and token. Returns whether the race was clean.
    private static func judgeRace(
        _ race: String, read: Entity, sent: [Entity], outcomes: [Result<Entity, any Error>],
        _ concurrency: OptimisticConcurrency<Entity>, _ context: ClauseContext<CRUD<Entity>>
    ) async throws -> Bool {
        let failuresBefore = context.failures.count
        var winners: [(sent: Entity, returned: Entity)] = []
        for (entity, outcome) in zip(sent, outcomes) {
            switch outcome {
            case .success(let returned): winners.append((entity, returned))
            case .failure(let error): expectStaleRejection(error, concurrency, for: "a losing writer of \(race)", context)
            }
        }
        if winners.count != 1 {
            context.fail(
                "\(winners.count) of \(race) succeeded; exactly one may: the others carry a token the winner's write made stale"
                    + (winners.count > 1 ? ", so each overwrote another's write unseen (a lost update: a check-then-act across an await?)" : "")
                    + " (declared at \(context.conformance.declaredAt): \(concurrency))",
                expected: "1 success, \(sent.count - 1) stale errors", actual: "\(winners.count) successes")
        }
        let fetched = try await context.subject.fetch(id: read.id)
        let equivalence = context.repositoryPromises.equivalence
        if let winner = winners.first, winners.count == 1 {
            context.expectEquivalent(fetched, winner.sent, "fetch(id: \(abbreviate(read.id))) after \(race)")
            if let fetched, !concurrency.haveSameToken(fetched, winner.returned) {
                context.fail("after \(race), fetch(id:) holds another \(concurrency.tokenName) than the winner's write returned",
                             expected: concurrency.token(in: winner.returned), actual: concurrency.token(in: fetched))
            }
        } else if !winners.isEmpty, let fetched, !winners.contains(where: { equivalence(fetched, $0.sent) }) {
            context.fail("after \(race), fetch(id:) holds a value none of the successful writers sent",
                         expected: abbreviate(winners.map(\.sent), limit: 400), actual: abbreviate(fetched))
        }
        return context.failures.count == failuresBefore
    }
}
