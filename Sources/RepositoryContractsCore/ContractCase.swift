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
        /// Mistakes in how the conformance names the contract's clauses (an omitted id it does not have).
        let declarationMistakes: [String]
        /// Where the clause is in the contract (0 for its first clause), when it is one of the contract's.
        let position: Int?
    }

    init(contract: Contract<Terms>, conformance: Conformance<Terms>, clause: Clause<Terms>) {
        self.init(
            contract: contract, conformance: conformance, clause: clause,
            declarationMistakes: contract.omissionMistakes(of: conformance),
            position: contract.clauses.firstIndex { $0.id == clause.id })
    }

    /// A case whose contract-wide facts the caller worked out once for all the contract's cases.
    init(
        contract: Contract<Terms>, conformance: Conformance<Terms>, clause: Clause<Terms>, declarationMistakes: [String],
        position: Int?
    ) {
        contractName = contract.name
        conformanceName = conformance.name
        clauseID = clause.id
        summary = clause.summary
        bound = Bound(
            terms: contract.terms, conformance: conformance, clause: clause, declarationMistakes: declarationMistakes,
            position: position)
    }

    /// Where the clause is in the contract (0 for its first clause): the order reports list results in.
    /// `nil` for a case decoded from its id alone, or a clause the contract does not have.
    package var clausePosition: Int? { bound?.position }

    /// Why this case is skipped rather than run, or `nil` when it runs: the clause does not apply to
    /// the conformer (it needs a capability the conformer does not declare), or the conformance leaves it
    /// out by id (``Conformance/omitting(_:because:)``). A decoded case that has not been resolved says
    /// `nil`: it fails when run.
    public var skipReason: String? {
        guard let bound else { return nil }
        if let reason = bound.conformance.omittedClauses[clauseID] {
            return "left out by \(bound.conformance.name) (declared at \(bound.conformance.declaredAt)): \(reason)"
        }
        return bound.clause.inapplicability(to: bound.conformance, terms: bound.terms)
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

    /// A case decoded from its id alone: resolve it with ``Contract/resolving(_:for:)`` before running it.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        contractName = try container.decode(String.self, forKey: .contractName)
        conformanceName = try container.decode(String.self, forKey: .conformanceName)
        clauseID = try container.decode(String.self, forKey: .clauseID)
        summary = try container.decode(String.self, forKey: .summary)
        bound = nil
    }

    /// Encodes the case by its id: contract, conformer, clause id and summary.
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
    ///
    /// A case with a ``skipReason`` runs nothing (no reset, no subject) and ends `skipped` with that reason.
    public func run(resettingSharedBackend: Bool = true) async -> ClauseResult {
        if let skipReason {
            return ClauseResult(id: clauseID, summary: summary, status: .skipped, reason: skipReason)
        }
        let clock = ContinuousClock()
        let started = clock.now
        let activity = ClauseActivity()
        var result = await ClauseActivity.$current.withValue(activity) { await runTakingTurns(resettingSharedBackend) }
        result.duration = started.duration(to: clock.now)
        result.subjectCalls = activity.subjectCalls
        return result
    }

    /// Runs the clause, after the shared backend's other cases and its reset where there is one.
    private func runTakingTurns(_ resettingSharedBackend: Bool) async -> ClauseResult {
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
        let mistakes = bound.terms.mistakes + bound.declarationMistakes
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
        var (failures, notes) = await runBody(bound, in: environment)
        var finished = setting
        finished.failures = failures
        failures += await bound.terms.tearDown(environment, after: finished)
        var ended = result(failures.isEmpty ? .passed : .failed, failures)
        ended.notes = notes
        return ended
    }

    /// Makes the subject in `environment`, runs the body on it and tears the subject down: what failed,
    /// and what the body noted it left out.
    private func runBody(_ bound: Bound, in environment: Terms.Environment) async -> (failures: [ContractFailure], notes: [String]) {
        let conformance = bound.conformance
        let subject: Terms.Subject
        do {
            subject = bound.terms.watching(
                try await withWatchdog(conformance.timeout, operation: "makeSubject()") {
                    try await conformance.makeSubject(environment)
                }, timeout: conformance.timeout)
        } catch {
            return ([ContractFailure(message: "makeSubject() failed, so the clause could not run: \(describe(error))")], [])
        }
        let context = ClauseContext(
            clauseID: clauseID, subject: subject, environment: environment, conformance: conformance,
            terms: bound.terms)
        let anomalies = AnomalyLog()
        await AnomalyLog.$current.withValue(anomalies) {
            do {
                try await watchingBody(bound.clause, context, timeout: conformance.timeout)
            } catch let failure as OperationFailure {
                context.record(ContractFailure(message: failure.description))
            } catch {
                context.record(ContractFailure(message: "the clause stopped on an error: \(describe(error))"))
            }
        }
        for anomaly in anomalies.messages {
            context.record(ContractFailure(message: anomaly))
        }
        if let tearDown = conformance.tearDown {
            do {
                try await withWatchdog(conformance.timeout, operation: "tearDown") { try await tearDown(subject) }
            } catch {
                context.record(ContractFailure(message: "tearDown failed: \(describe(error))"))
            }
        }
        return (context.failures, context.notes)
    }

    /// Runs the body under a watchdog of its own, so that a subject call nobody wrapped in
    /// ``ClauseContext/watching(_:_:)`` still cannot hang the run: the body fails once it has gone the
    /// conformance's timeout without a check, a call ending or other work moving, naming the last place
    /// it was seen at. Calls with a watchdog of their own (the CRUD terms' every call) are left to it.
    private func watchingBody(_ clause: Clause<Terms>, _ context: ClauseContext<Terms>, timeout: Duration) async throws {
        guard let activity = ClauseActivity.current else { return try await clause.body(context) }
        let monitor = ProgressMonitor(movements: { activity.movements }, isBusy: { activity.isCallInFlight })
        let bodyOperation = "the body of clause \(clauseID)"
        do {
            try await withWatchdog(timeout, operation: bodyOperation, monitor: monitor, localProgressLiftsCeiling: true) {
                try await clause.body(context)
            }
        } catch let failure as OperationFailure where failure.operation == bodyOperation {
            guard case .timedOut(let stall) = failure.reason.kind else { throw failure }
            let place = activity.lastSeen.map { "after \($0)" } ?? "before its first check or watched call"
            throw OperationFailure(operation: "the clause's next step \(place) (a subject call?)", reason: .timedOut(stall))
        }
    }

    private func result(_ status: ClauseResult.Status, _ failures: [ContractFailure]) -> ClauseResult {
        var result = ClauseResult(id: clauseID, summary: summary, status: status, failures: failures)
        if status == .failed, let bound, let promises = bound.terms.assumptions(of: bound.conformance.promises) {
            result.assumptions = "\(bound.conformance.name) (declared at \(bound.conformance.declaredAt)): \(promises)"
        }
        return result
    }
}
