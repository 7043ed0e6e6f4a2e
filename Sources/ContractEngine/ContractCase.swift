/// One clause of a contract bound to one conformer: the argument of one parameterized test case.
///
/// Its `id` ("in-memory/delete.leavesTwinsUntouched") is stable across runs, and it is `Codable` by that
/// id, so an exit test can capture it and run it in a child process (see
/// ``Contract/resolving(_:for:)``).
public struct ContractCase<Terms: ContractTerms>: Sendable, Identifiable, Codable, CustomStringConvertible {
    /// The contract's name.
    public let contractName: String
    /// The conformer's name.
    public let conformanceName: String
    /// The clause's id.
    public let clauseID: String
    /// The clause's summary.
    public let summary: String
    private let bound: Bound?

    private struct Bound: Sendable {
        let terms: Terms
        let conformance: Conformance<Terms>
        let clause: Clause<Terms>
    }

    init(contract: Contract<Terms>, conformance: Conformance<Terms>, clause: Clause<Terms>) {
        contractName = contract.name
        conformanceName = conformance.name
        clauseID = clause.id
        summary = clause.summary
        bound = Bound(terms: contract.terms, conformance: conformance, clause: clause)
    }

    /// "in-memory/delete.leavesTwinsUntouched".
    public var id: String { "\(conformanceName)/\(clauseID)" }

    /// The prefix of every failure this case reports: `[CRUD › delete.leavesTwinsUntouched]`.
    public var label: String { ClauseLabel.text(contract: contractName, clause: clauseID) }

    /// The clause's summary: what a test case is named.
    public var description: String { summary }

    private enum CodingKeys: String, CodingKey {
        case contractName, conformanceName, clauseID, summary
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        contractName = try container.decode(String.self, forKey: .contractName)
        conformanceName = try container.decode(String.self, forKey: .conformanceName)
        clauseID = try container.decode(String.self, forKey: .clauseID)
        summary = try container.decode(String.self, forKey: .summary)
        bound = nil
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(contractName, forKey: .contractName)
        try container.encode(conformanceName, forKey: .conformanceName)
        try container.encode(clauseID, forKey: .clauseID)
        try container.encode(summary, forKey: .summary)
    }

    /// Runs the clause: sets up its environment, makes a fresh subject in it, runs the body, then tears
    /// the subject and the environment down, and reports everything it found. Never throws and never
    /// traps on the conformer's behalf: a conformer that throws, hangs or misbehaves fails the clause, and
    /// so does what the environment's tear-down finds.
    ///
    /// When the conformance shares a backend (``Conformance/sharedBackend``), the case first waits for
    /// every other case on that backend to end, then resets the backend unless `resettingSharedBackend`
    /// is `false` or the harness's scope says not to (a scope that only replays involves nothing live; a
    /// read-only drift check must not change live data, and says so once per backend), and runs the
    /// clause only if the reset succeeded.
    public func run(resettingSharedBackend: Bool = true) async -> ClauseResult {
        guard let backend = bound?.conformance.sharedBackend else { return await runClause() }
        return await backend.turns.oneAtATime {
            if resettingSharedBackend, backend.hasReset {
                let gate = ResetGate.current
                switch gate.decide(backend) {
                case .reset:
                    if let failure = await SharedBackendReset(backend).run() {
                        return result(.failed, [ContractFailure(message: failure)])
                    }
                case .skip:
                    break
                case .withhold(let notice):
                    if backend.claimNotice() { gate.announce(notice) }
                }
            }
            return await runClause()
        }
    }

    private func runClause() async -> ClauseResult {
        guard let bound else {
            return result(.failed, [ContractFailure(message:
                "this case was decoded from its id only; run contract.resolving(_:for:) on it first")])
        }
        let conformance = bound.conformance
        let mistakes = bound.terms.mistakes
            + conformance.mistakes(under: bound.terms).map { "conformance mistake in \(conformance.declaredAt): \($0)" }
        if !mistakes.isEmpty {
            return result(.failed, mistakes.map { ContractFailure(message: $0) })
        }
        let setting = ClauseSetting(contractName: contractName, clauseID: clauseID, conformance: conformance)
        let environment: Terms.Environment
        do {
            environment = try await withWatchdog(conformance.timeout, operation: "setting up the clause") {
                try await bound.terms.makeEnvironment(for: setting)
            }
        } catch {
            return result(.failed, [ContractFailure(message:
                "setting up the clause's environment failed, so the clause could not run: \(describe(error))")])
        }
        var failures = await runBody(bound, in: environment)
        failures += await bound.terms.tearDown(environment, after: setting)
        return result(failures.isEmpty ? .passed : .failed, failures)
    }

    /// Makes the subject in `environment`, runs the body on it and tears the subject down.
    private func runBody(_ bound: Bound, in environment: Terms.Environment) async -> [ContractFailure] {
        let conformance = bound.conformance
        let subject: Terms.Subject
        do {
            subject = bound.terms.watching(
                try await withWatchdog(conformance.timeout, operation: "makeSubject()") {
                    try await conformance.makeSubject(environment)
                }, timeout: conformance.timeout)
        } catch {
            return [ContractFailure(message: "makeSubject() failed, so the clause could not run: \(describe(error))")]
        }
        let context = ClauseContext(
            clauseID: clauseID, subject: subject, environment: environment, conformance: conformance,
            terms: bound.terms)
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
                try await withWatchdog(conformance.timeout, operation: "tearDown") { try await tearDown(subject) }
            } catch {
                context.fail("tearDown failed: \(describe(error))")
            }
        }
        return context.failures
    }

    private func result(_ status: ClauseResult.Status, _ failures: [ContractFailure]) -> ClauseResult {
        var result = ClauseResult(id: clauseID, summary: summary, status: status, failures: failures)
        if status == .failed, let bound, let promises = bound.terms.assumptions(of: bound.conformance.promises) {
            result.assumptions = "\(bound.conformance.name) (declared at \(bound.conformance.declaredAt)): \(promises)"
        }
        return result
    }
}
