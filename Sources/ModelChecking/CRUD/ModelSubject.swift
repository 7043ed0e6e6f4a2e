import ContractEngine

/// A repository conformer as the model-based check sees it, whatever its contract's terms: its name and
/// promises, and how to open a fresh subject in a fresh environment and close both.
struct ModelSubject<Entity: Identifiable & Equatable & Sendable>: Sendable where Entity.ID: Sendable {
    var name: String
    var promises: RepositoryPromises<Entity>
    var timeout: Duration
    var declaredAt: String
    let factory: EntityFactory<Entity>
    private let open: @Sendable () async throws -> (RepositoryWitness<Entity>, @Sendable () async -> Void)

    /// `conformance` under `terms`: each run sets up a clause environment (named `model-check`), makes the
    /// subject in it, and tears both down after.
    init<Terms: RepositoryTerms>(_ conformance: Conformance<Terms>, terms: Terms) where Terms.Entity == Entity {
        name = conformance.name
        promises = terms.repositoryPromises(in: conformance.promises)
        timeout = conformance.timeout
        declaredAt = conformance.declaredAt
        factory = terms.factory
        open = {
            let setting = ClauseSetting(contractName: "Model check", clauseID: "model-check", conformance: conformance)
            let environment = try await terms.makeEnvironment(for: setting)
            let subject: MonitoredRepository<Entity>
            do {
                subject = try await conformance.makeSubject(environment)
            } catch {
                _ = await terms.tearDown(environment, after: setting)
                throw error
            }
            return (subject.witness, {
                try? await conformance.tearDown?(subject)
                _ = await terms.tearDown(environment, after: setting)
            })
        }
    }

    var capabilities: Capabilities { promises.capabilities }
    var policies: RequestPolicies { promises.policies }
    var ordering: Ordering<Entity> { promises.ordering }
    var equivalence: Equivalence<Entity> { promises.equivalence }
    var classifyError: @Sendable (any Error) -> RepositoryError.Kind? { promises.classifyError }

    /// Runs `body` on a fresh subject, then closes it.
    func withFreshSubject<Value>(_ body: (RepositoryWitness<Entity>) async throws -> Value) async throws -> Value {
        let (witness, close) = try await open()
        let value = try await body(witness)
        await close()
        return value
    }

    /// What a pasted edge-case call passes after its name: nothing for the engine's own edge cases, else
    /// the conformance's settings.
    var edgeCaseArgument: String {
        promises.edgeCases == .derived ? "" : ", in: conformance.promises.edgeCases"
    }

    /// What the conformer declared, as a failure repeats it.
    var assumptions: String {
        "capabilities \(capabilities); \(policies); ordering \(ordering); "
            + (promises.familyNames.isEmpty ? "" : "families \(promises.familyNames.joined(separator: ", ")); ")
            + "equivalence \(equivalence.name) (declared at \(declaredAt))"
    }
}
