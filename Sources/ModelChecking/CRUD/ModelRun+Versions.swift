import ContractEngine

extension ModelRun {
    /// The update that checks the token: the witness's conditional update, else its `update`.
    private func conditionalUpdate(_ witness: RepositoryWitness<Entity>) -> (name: String, call: @Sendable (Entity) async throws -> Entity) {
        if let update = witness.conditionalUpdate { return ("conditionalUpdate!", update) }
        return ("update", witness.update)
    }

    /// A conditional update carrying the token the subject last returned for the entity: it must succeed
    /// while the entity is stored (a version must move on), and follow `updateOfMissing` otherwise.
    func versionedUpdate(
        _ reference: EntityReference, subject: GuardedSubject<Entity>, model: inout ReferenceModel<Entity>,
        modelSide: inout SideTables<Entity>, subjectSide: inout SideTables<Entity>, state: inout FamilyRunState<Entity>
    ) async -> FamilyStep {
        guard let concurrency = conformance.promises.optimisticConcurrency else { return .skip("no optimistic concurrency is declared") }
        let (name, update) = conditionalUpdate(subject.witness)
        let expected = modelSide.changed(reference), sending = subjectSide.changed(reference)
        let sent = Abbreviation(sending)
        let outcome = await subject.call("\(name.trimmingSuffix("!"))(\(sent))") { try await update(sending) }
        let observed = outcome.deferredText(holding: Entity.self) { abbreviate($0) }
        let source = "\(name)(factory.mutate(\(swiftEntity(reference))))"
        var swift = "_ = \(outcome.returnedValue == nil ? "try?" : "try") await repo.\(source)"
        if case .created(let k) = reference, outcome.returnedValue != nil { swift = "sent[\(k)] = try await repo.\(source)" }
        if let text = outcome.brokenText {
            return .failed("broken", "the conditional update did not complete", expected: "a result", observed: observed, swift: swift, actual: text)
        }
        if let policy = model.policy(forUpdate: expected) {
            let observedOutcome: ObservedOutcome<Entity> = outcome.thrownKind.map { .threw($0, observed) } ?? .value(outcome.returnedValue)
            let resolved = await resolve(observedOutcome, policy, sent: sending, subject: subject, isCreate: false)
            if !policy.accepts(resolved) {
                return .failed(
                    "policy", "the conditional update of a missing id was \(resolved), which the declared updateOfMissing policy does not allow",
                    expected: policy.description, observed: observed, swift: swift, actual: resolved.description)
            }
            model.update(expected, outcome: resolved)
            if resolved == .applied, let now = outcome.returnedValue { state.reset(expected.id, to: now) }
            return FamilyStep(observed: observed, swift: swift)
        }
        let token = "\(concurrency.tokenName) \(concurrency.token(in: sending))"
        guard let returned = outcome.returnedValue else {
            if state.unsettled.contains(expected.id), outcome.thrownKind == concurrency.staleError || concurrency.staleError == nil {
                // Soft-deleted or restored since last seen: the store may have moved the token on.
                return FamilyStep(observed: observed, swift: swift)
            }
            return .failed(
                "outcome", "the conditional update carrying the current \(token) (the last the store returned) threw; "
                    + "declared: \(concurrency)", expected: "returns the entity as updated", observed: observed, swift: swift)
        }
        if !conformance.equivalence(returned, expected) {
            return .failed(
                "value", "the conditional update returned a value not equivalent (\(conformance.equivalence.name)) to what was sent",
                expected: "returns \(abbreviate(expected))", observed: observed, swift: swift)
        }
        model.update(expected)
        if let broken = state.observe(returned, id: expected.id, isWrite: true, call: "the conditional update") {
            return .failed("maintained", broken, expected: "the store-maintained fields moved by their rules", observed: observed, swift: swift)
        }
        if case .created(let k) = reference {
            modelSide.sent[k] = expected
            subjectSide.sent[k] = returned
            state.wrote(returned, reference: k)
        }
        return FamilyStep(observed: observed, swift: swift)
    }

    /// A conditional update carrying a token an earlier write returned: it must be rejected with the
    /// declared kind, and the entity must be as it was (fetched at once). Skipped while there is no
    /// earlier token.
    func staleUpdate(
        _ reference: EntityReference, subject: GuardedSubject<Entity>, model: ReferenceModel<Entity>,
        subjectSide: SideTables<Entity>, state: inout FamilyRunState<Entity>
    ) async -> FamilyStep {
        guard let concurrency = conformance.promises.optimisticConcurrency else { return .skip("no optimistic concurrency is declared") }
        guard case .created(let k) = reference, let current = subjectSide.sent[k], model.contains(subjectSide.proposed[k] ?? current.id),
            !state.unsettled.contains(current.id),
            let earlier = state.written[k]?.last(where: { !concurrency.haveSameToken($0, current) })
        else { return .skip("no earlier \(concurrency.tokenName) of \(reference) to send (or it is not stored)") }
        let id = subjectSide.proposed[k] ?? current.id
        let (name, update) = conditionalUpdate(subject.witness)
        let stale = concurrency.carryingToken(of: earlier, factory.mutate(current))
        let staleToken = concurrency.token(in: earlier), currentToken = concurrency.token(in: current)
        let sent = Abbreviation(stale)
        let outcome = await subject.call("\(name.trimmingSuffix("!"))(\(sent))") { try await update(stale) }
        let observed = outcome.deferredText(holding: Entity.self) { abbreviate($0) }
        let subjectID = current.id
        let fetched = await subject.call("fetch(id: \(abbreviate(subjectID)))") { [witness = subject.witness] in try await witness.fetch(subjectID) }
        let swift = """
            do {
                var stale = factory.mutate(sent[\(k)])
                stale.\(concurrency.tokenName) = \(staleToken)  // the \(concurrency.tokenName) an earlier write returned
                _ = try? await repo.\(name)(stale)
                _ = try await repo.fetch(sent[\(k)].id)
            }
            """
        if let text = outcome.brokenText ?? fetched.brokenText {
            return .failed("broken", "a call did not complete", expected: "a result", observed: observed, swift: swift, actual: text)
        }
        let refusal = concurrency.staleError.map { "rejected as \($0.rawValue)" } ?? "rejected"
        if outcome.returnedValue != nil {
            return .failed(
                "stale", "the update carrying the stale \(concurrency.tokenName) \(staleToken) (the store had returned \(currentToken) since) "
                    + "was accepted; declared: \(concurrency) at \(conformance.declaredAt)",
                expected: refusal, observed: observed, swift: swift)
        }
        if let wanted = concurrency.staleError, outcome.thrownKind != wanted {
            return .failed(
                "staleError", "the update carrying the stale \(concurrency.tokenName) \(staleToken) threw, but not as declared (\(concurrency))",
                expected: refusal, observed: observed, swift: swift)
        }
        let expected = model.fetch(id: id)
        guard case .returned(let found?) = fetched, let expected, conformance.equivalence(found, expected) else {
            return .failed(
                "changedByRefusal", "after the refused stale update, fetch(id:) does not find the entity as it was",
                expected: "fetch returns \(expected.map { abbreviate($0) } ?? "nil")", observed: observed, swift: swift,
                actual: "fetch " + fetched.text { $0.map { abbreviate($0) } ?? "nil" })
        }
        if let broken = state.observe(found, id: id, isWrite: false, call: "fetch(id:) after the refused update") {
            return .failed("maintained", broken, expected: "the store-maintained fields unchanged", observed: observed, swift: swift)
        }
        return FamilyStep(observed: observed, swift: swift)
    }
}
