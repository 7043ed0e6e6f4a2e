/// One clause of a contract bound to one conformer: the argument of one parameterized test case.
///
/// Its `id` ("in-memory/delete.leavesTwinsUntouched") is stable across runs, and it is `Codable` by that
/// id, so an exit test can capture it and run it in a child process (see
/// ``Contract/resolving(_:for:)``).
public struct ContractCase<Entity: Identifiable & Equatable & Sendable>: Sendable, Identifiable, Codable,
    CustomStringConvertible
where Entity.ID: Sendable {
    /// The contract's name.
    public let contractName: String
    /// The conformer's name.
    public let conformerName: String
    /// The clause's id.
    public let clauseID: String
    /// The clause's summary.
    public let summary: String
    private let bound: Bound?

    private struct Bound: Sendable {
        let factory: EntityFactory<Entity>
        let conformance: Conformance<Entity>
        let clause: Clause<Entity>
    }

    init(contract: Contract<Entity>, conformance: Conformance<Entity>, clause: Clause<Entity>) {
        contractName = contract.name
        conformerName = conformance.name
        clauseID = clause.id
        summary = clause.summary
        bound = Bound(factory: contract.factory, conformance: conformance, clause: clause)
    }

    /// "in-memory/delete.leavesTwinsUntouched".
    public var id: String { "\(conformerName)/\(clauseID)" }

    /// The prefix of every failure this case reports: `[CRUD › delete.leavesTwinsUntouched]`.
    public var label: String { "[\(contractName) › \(clauseID)]" }

    /// The clause's summary: what a test case is named.
    public var description: String { summary }

    private enum CodingKeys: String, CodingKey {
        case contractName, conformerName, clauseID, summary
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        contractName = try container.decode(String.self, forKey: .contractName)
        conformerName = try container.decode(String.self, forKey: .conformerName)
        clauseID = try container.decode(String.self, forKey: .clauseID)
        summary = try container.decode(String.self, forKey: .summary)
        bound = nil
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(contractName, forKey: .contractName)
        try container.encode(conformerName, forKey: .conformerName)
        try container.encode(clauseID, forKey: .clauseID)
        try container.encode(summary, forKey: .summary)
    }

    /// Runs the clause on a fresh subject and reports what it found. Never throws and never traps on
    /// the conformer's behalf: a conformer that throws, hangs or misbehaves fails the clause.
    public func run() async -> ClauseResult {
        guard let bound else {
            return result(.failed, [ContractFailure(message:
                "this case was decoded from its id only; run contract.resolving(_:for:) on it first")])
        }
        let mistakes = bound.factory.mistakes().map { "factory mistake (not a conformer bug): \($0)" }
            + bound.conformance.mistakes().map { "conformance mistake in \(bound.conformance.declaredAt): \($0)" }
        if !mistakes.isEmpty {
            return result(.failed, mistakes.map { ContractFailure(message: $0) })
        }
        let conformance = bound.conformance
        let witness: RepositoryWitness<Entity>
        do {
            witness = try await withWatchdog(conformance.timeout, operation: "makeSubject()", conformance.makeSubject)
        } catch {
            return result(.failed, [ContractFailure(message: "makeSubject() failed, so the clause could not run: \(describe(error))")])
        }
        let context = ClauseContext(
            subject: MonitoredRepository(witness: witness, timeout: conformance.timeout), conformance: conformance,
            factory: bound.factory)
        let anomalies = AnomalyLog()
        await AnomalyLog.$current.withValue(anomalies) {
            do {
                try await bound.clause.body(context)
            } catch let failure as OperationFailure {
                context.fail(failure.description)
            } catch {
                context.fail("the clause stopped on an error: \(describe(error))")
            }
        }
        for anomaly in anomalies.messages {
            context.fail(anomaly)
        }
        if let tearDown = conformance.tearDown {
            do {
                try await withWatchdog(conformance.timeout, operation: "tearDown") { try await tearDown(witness) }
            } catch {
                context.fail("tearDown failed: \(describe(error))")
            }
        }
        let failures = context.failures
        return result(failures.isEmpty ? .passed : .failed, failures)
    }

    private func result(_ status: ClauseResult.Status, _ failures: [ContractFailure]) -> ClauseResult {
        var result = ClauseResult(id: clauseID, summary: summary, status: status, failures: failures)
        if status == .failed, let conformance = bound?.conformance {
            result.assumptions = "\(conformance.name) (declared at \(conformance.declaredAt)): capabilities "
                + "\(conformance.capabilities), ordering \(conformance.ordering), \(conformance.policies)"
        }
        return result
    }
}
