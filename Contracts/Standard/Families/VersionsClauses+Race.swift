import ContractEngine

extension CRUDClauses {
    /// How many times each race clause races its writers, each time on a new entity: a race that loses an
    /// update only when the writers interleave is caught if any round interleaves.
    static var raceRounds: Int { 4 }

    /// The `versions.*` clauses that race writers: no lost update.
    static var versionRaces: [Clause<CRUD<Entity>>] {
        [
            Clause("versions.concurrentWritersOneWins",
                   "writers started together from a task group each read the entity, then all write carrying the token they read: "
                       + "exactly one wins, the others get the stale error, and the store holds the winner's value",
                   requires: [.create], when: withoutVersions) { context in
                guard let concurrency = conditionalUpdates(context) else { return }
                let writers = min(8, context.repositoryPromises.bulkEntityCount)
                for round in 1...raceRounds {
                    guard let (read, values) = try await raceEntrants(writers, context) else { return }
                    let barrier = Barrier(parties: writers)
                    let (entries, schedule) = try await SeededInterleaving.run(round: round) {
                        try await withThrowingTaskGroup(of: (Int, RaceEntry).self) { group in
                            for (index, value) in values.enumerated() {
                                group.addTask { (index, try await readThenWrite(value, barrier, concurrency, context)) }
                            }
                            var entries = [RaceEntry?](repeating: nil, count: values.count)
                            for try await (index, entry) in group { entries[index] = entry }
                            return entries.compactMap { $0 }
                        }
                    }
                    let race = "\(writers) writers of id \(abbreviate(read.id)) from a task group, each carrying the \(concurrency.tokenName) "
                        + "it read (\(concurrency.token(in: read))) (round \(round) of \(raceRounds), \(schedule))"
                    guard try await judgeRace(race, read: read, entries: entries, concurrency, context) else { return }
                }
            },
            Clause("versions.concurrentWritersOneWinsAsyncLet",
                   "three writers started with async let each read the entity, then all write carrying the token they read: exactly one "
                       + "wins and the store holds its value", requires: [.create], when: withoutVersions) { context in
                guard let concurrency = conditionalUpdates(context) else { return }
                for round in 1...raceRounds {
                    guard let (read, values) = try await raceEntrants(3, context) else { return }
                    let barrier = Barrier(parties: 3)
                    let (entries, schedule) = try await SeededInterleaving.run(round: round) {
                        async let first = readThenWrite(values[0], barrier, concurrency, context)
                        async let second = readThenWrite(values[1], barrier, concurrency, context)
                        async let third = readThenWrite(values[2], barrier, concurrency, context)
                        return try await [first, second, third]
                    }
                    let race = "3 writers of id \(abbreviate(read.id)) started with async let, each carrying the \(concurrency.tokenName) "
                        + "it read (\(concurrency.token(in: read))) (round \(round) of \(raceRounds), \(schedule))"
                    guard try await judgeRace(race, read: read, entries: entries, concurrency, context) else { return }
                }
            },
        ]
    }

    /// What one racing writer sent (its value, carrying the token it read) and what its conditional
    /// update did.
    private typealias RaceEntry = (sent: Entity, outcome: Result<Entity, any Error>)

    /// One racing writer: reads the entity, waits at `barrier` until every writer has read, then sends
    /// `value` carrying the token it read. It reaches the barrier even when its read fails, so the others
    /// are never left waiting.
    private static func readThenWrite(
        _ value: Entity, _ barrier: Barrier, _ concurrency: OptimisticConcurrency<Entity>, _ context: ClauseContext<CRUD<Entity>>
    ) async throws -> RaceEntry {
        let read: Result<Entity?, any Error>
        do {
            read = .success(try await context.subject.fetch(id: value.id))
        } catch {
            read = .failure(error)
        }
        await barrier.arriveAndWait()
        guard let current = try read.get() else { throw LostRaceEntity(id: abbreviate(value.id)) }
        let sent = concurrency.carryingToken(of: current, value)
        return (sent, try await context.attempt { try await context.subject.updateConditionally(sent) })
    }

    /// A new entity, created and read back, and `count` distinct new values of it: what racing writers
    /// send, each carrying the token it reads. The values are other entities' contents under its id
    /// (through the factory's `twin`), or successive mutations when the store assigns ids.
    private static func raceEntrants(
        _ count: Int, _ context: ClauseContext<CRUD<Entity>>
    ) async throws -> (read: Entity, values: [Entity])? {
        let factory = context.factory
        let ordinal = context.takeOrdinal()
        let created = try await context.subject.create(factory.make(ordinal))
        guard let read = try await readBack(created.id, after: "create(_:)", context) else { return nil }
        var values: [Entity] = []
        for _ in 0..<count {
            let other = factory.twin(factory.make(context.takeOrdinal()), ordinal)
            values.append(other.id == read.id ? other : context.mutated(values.last ?? read))
        }
        return (read, values)
    }

    /// Checks what racing writers did: exactly one succeeded, the others were refused with the stale
    /// error, and the store holds the winner's value and token. Returns whether the race was clean.
    private static func judgeRace(
        _ race: String, read: Entity, entries: [RaceEntry], _ concurrency: OptimisticConcurrency<Entity>,
        _ context: ClauseContext<CRUD<Entity>>
    ) async throws -> Bool {
        let failuresBefore = context.failures.count
        var winners: [(sent: Entity, returned: Entity)] = []
        for (entity, outcome) in entries {
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
                expected: "1 success, \(entries.count - 1) stale errors", actual: "\(winners.count) successes")
        }
        let fetched = try await context.subject.fetch(id: read.id)
        let equivalence = context.repositoryPromises.equivalence
        if let winner = winners.first, winners.count == 1 {
            context.expectEquivalent(fetched, fetched.map { concurrency.carryingToken(of: $0, winner.sent) } ?? winner.sent,
                                     "fetch(id: \(abbreviate(read.id))) after \(race)")
            if let fetched, !concurrency.haveSameToken(fetched, winner.returned) {
                context.fail("after \(race), fetch(id:) holds another \(concurrency.tokenName) than the winner's write returned",
                             expected: concurrency.token(in: winner.returned), actual: concurrency.token(in: fetched))
            }
        } else if !winners.isEmpty, let fetched,
                  !winners.contains(where: { equivalence(fetched, concurrency.carryingToken(of: fetched, $0.sent)) }) {
            context.fail("after \(race), fetch(id:) holds a value none of the successful writers sent",
                         expected: abbreviate(winners.map(\.sent), limit: 400), actual: abbreviate(fetched))
        }
        return context.failures.count == failuresBefore
    }
}

/// Thrown by a racing writer whose read found nothing: the entity the writers race on is gone.
private struct LostRaceEntity: Error, CustomStringConvertible {
    let id: String
    var description: String { "fetch(id: \(id)) returned nil for the entity the writers race on, before any of them wrote" }
}
