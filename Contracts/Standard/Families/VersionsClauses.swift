import ContractEngine

extension CRUDClauses {
    /// The `versions.*` clauses: optimistic concurrency, through the witness's conditional update.
    static var versions: [Clause<CRUD<Entity>>] {
        [
            Clause("versions.currentTokenAccepted",
                   "a conditional update carrying the current token is stored, and returns and stores a new token",
                   requires: [.create], when: withoutVersions) { context in
                guard let concurrency = conditionalUpdates(context) else { return }
                let stored = try await context.createNew(2)
                guard let read = try await readBack(stored[0].id, after: "create(_:)", context) else { return }
                let changed = context.mutated(read)
                let request = conditionalRequest(changed, concurrency) + ", the current one"
                let returned: Entity
                switch try await context.attempt({ try await context.subject.updateConditionally(changed) }) {
                case .failure(let error):
                    return context.fail(
                        "\(request) threw \(describe(error)); with the token just read it must be stored (declared at "
                            + "\(context.conformance.declaredAt): \(concurrency))",
                        expected: "stored", actual: "threw \(describe(error))")
                case .success(let value):
                    returned = value
                }
                context.expectEquivalent(returned, concurrency.carryingToken(of: returned, changed), "the value \(request) returned")
                if concurrency.haveSameToken(returned, read) {
                    context.fail("\(request) returned the token it was sent: a write must move the \(concurrency.tokenName), or a "
                                 + "writer still holding the old one overwrites this write unseen (\(concurrency))",
                                 expected: "a \(concurrency.tokenName) other than \(concurrency.token(in: read))",
                                 actual: concurrency.token(in: returned))
                }
                let fetched = try await context.subject.fetch(id: read.id)
                context.expectEquivalent(fetched, concurrency.carryingToken(of: returned, changed), "fetch(id: \(abbreviate(read.id))) after \(request)")
                if let fetched, !concurrency.haveSameToken(fetched, returned) {
                    context.fail("after \(request), fetch(id:) holds another \(concurrency.tokenName) than the update returned: "
                                 + "a client writing again with the returned one would be refused",
                                 expected: concurrency.token(in: returned), actual: concurrency.token(in: fetched))
                }
                try await context.expectContents([returned, stored[1]], "after \(request)")
            },
            Clause("versions.newTokenOnEveryWrite",
                   "every successful write (create, conditional and plain update) stores a token no earlier write had",
                   requires: [.create], when: withoutVersions) { context in
                guard let concurrency = conditionalUpdates(context) else { return }
                let created = try await context.createNew(1)[0]
                guard var read = try await readBack(created.id, after: "create(_:)", context) else { return }
                var history: [(write: String, entity: Entity)] = [("create(_:)", read)]
                let plain = context.repositoryPromises.capabilities.contains(.update)
                for step in 0..<4 {
                    let changed = context.mutated(read)
                    let isPlain = plain && step == 2
                    let write = isPlain ? "update(_:) (plain) #\(step + 1)" : "updateConditionally(_:) #\(step + 1)"
                    let returned = isPlain
                        ? try await context.subject.update(changed) : try await context.subject.updateConditionally(changed)
                    guard let next = try await readBack(read.id, after: write, context) else { return }
                    if !concurrency.haveSameToken(next, returned) {
                        context.fail("after \(write) of id \(abbreviate(read.id)), fetch(id:) holds another \(concurrency.tokenName) "
                                     + "than the write returned", expected: concurrency.token(in: returned),
                                     actual: concurrency.token(in: next))
                    }
                    if let earlier = history.first(where: { concurrency.haveSameToken($0.entity, next) }) {
                        context.fail("\(write) of id \(abbreviate(read.id)) left the \(concurrency.tokenName) at "
                                     + "\(concurrency.token(in: next)), which \(earlier.write) already stored: a writer holding the "
                                     + "older token is not refused (\(concurrency), declared at \(context.conformance.declaredAt))",
                                     expected: "a \(concurrency.tokenName) none of \(history.map { concurrency.token(in: $0.entity) })",
                                     actual: concurrency.token(in: next))
                    }
                    history.append((write, next))
                    read = next
                }
            },
            Clause("versions.staleTokenRejected",
                   "a conditional update carrying a token older than the stored one is rejected with the declared error and changes nothing",
                   requires: [.create], when: withoutVersions) { context in
                guard let concurrency = conditionalUpdates(context) else { return }
                let stored = try await context.createNew(2)
                guard let first = try await readBack(stored[0].id, after: "create(_:)", context) else { return }
                let second = try await context.subject.updateConditionally(context.mutated(first))
                try await expectStaleRejected(
                    concurrency.carryingToken(of: first, context.mutated(second)), holding: second,
                    staleSince: "a conditional update moved it on", concurrency, context)
            },
            Clause("versions.staleAfterPlainUpdateRejected",
                   "a token read before a plain update(_:) is stale after it: a conditional update carrying it is rejected",
                   requires: [.create, .update], when: withoutVersions) { context in
                guard let concurrency = conditionalUpdates(context) else { return }
                let stored = try await context.createNew(2)
                guard let first = try await readBack(stored[0].id, after: "create(_:)", context) else { return }
                let second = try await context.subject.update(context.mutated(first))
                try await expectStaleRejected(
                    concurrency.carryingToken(of: first, context.mutated(second)), holding: second,
                    staleSince: "a plain update(_:) moved it on", concurrency, context)
            },
            Clause("versions.missingIDRejected", "a conditional update of an id never stored is rejected and stores nothing",
                   requires: [.create], when: withoutVersions) { context in
                guard let concurrency = conditionalUpdates(context) else { return }
                _ = try await context.createNew(2)
                let missing = context.factory.make(1_000_000 + context.takeOrdinal())
                try await expectConditionalUpdateOfAbsentRejected(missing, "never stored", concurrency, context)
            },
            Clause("versions.deletedIDRejected",
                   "a conditional update of a deleted id, carrying the token it last had, is rejected and does not bring it back",
                   requires: [.create, .delete], when: withoutVersions) { context in
                guard let concurrency = conditionalUpdates(context) else { return }
                let stored = try await context.createNew(3)
                guard let last = try await readBack(stored[1].id, after: "create(_:)", context) else { return }
                try await context.subject.delete(id: last.id)
                try await expectConditionalUpdateOfAbsentRejected(context.mutated(last), "deleted", concurrency, context)
            },
        ] + versionRaces
    }

    /// Sends the stale update `stale` of an entity the store holds as `current`, and checks it is refused
    /// with the declared error and changes nothing.
    private static func expectStaleRejected(
        _ stale: Entity, holding current: Entity, staleSince: String, _ concurrency: OptimisticConcurrency<Entity>,
        _ context: ClauseContext<CRUD<Entity>>
    ) async throws {
        let before = try await context.subject.fetchAll()
        let request = conditionalRequest(stale, concurrency)
            + ", stale since \(staleSince) to \(concurrency.token(in: current))"
        switch try await context.attempt({ try await context.subject.updateConditionally(stale) }) {
        case .success(let returned):
            context.fail("\(request) succeeded: a stale update was accepted and the write it raced is lost (last write wins); "
                         + "declared at \(context.conformance.declaredAt): \(concurrency)",
                         expected: "rejected" + (concurrency.staleError.map { " (throws \($0.rawValue))" } ?? ""),
                         actual: "returned \(abbreviate(returned))")
        case .failure(let error):
            expectStaleRejection(error, concurrency, for: request, context)
        }
        try await expectExactlyUnchanged(since: before, touched: current.id, "after \(request)", context)
    }

    /// Sends a conditional update of `absent`, an id the store does not hold (`how`: never stored, deleted),
    /// and checks it throws and stores nothing.
    private static func expectConditionalUpdateOfAbsentRejected(
        _ absent: Entity, _ how: String, _ concurrency: OptimisticConcurrency<Entity>, _ context: ClauseContext<CRUD<Entity>>
    ) async throws {
        let before = try await context.subject.fetchAll()
        let request = conditionalRequest(absent, concurrency) + " (\(how))"
        if case .success(let returned) = try await context.attempt({ try await context.subject.updateConditionally(absent) }) {
            context.fail("\(request) succeeded: there is no stored token it could match, so it must throw "
                         + "(declared at \(context.conformance.declaredAt): \(concurrency))",
                         expected: "rejected (throws)", actual: "returned \(abbreviate(returned))")
        }
        try await expectExactlyUnchanged(since: before, touched: absent.id, "after \(request)", context)
    }
}
