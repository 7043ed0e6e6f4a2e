import Foundation
import RepositoryContractsPrimitives

/// A named list of clauses under one set of terms: what every conformer must satisfy.
///
/// Built-in contracts come from `StandardContracts` (`Contract.crud(...)`, `Contract.caching(...)`);
/// add your own clauses with ``adding(_:)-(Clause<Terms>...)``, or write a contract for your own protocol with terms of your
/// own (see ``ContractTerms``). A contract is a value: make one and share it between test targets.
public struct Contract<Terms: ContractTerms>: Sendable {
    /// The name failures are prefixed with: `[CRUD › delete.removes]`.
    public var name: String
    /// The terms: what the clauses drive and set up (for ``CRUD``, its entity factory).
    public var terms: Terms
    /// The clauses, in the order they run.
    public var clauses: [Clause<Terms>]

    /// A contract from its clauses.
    public init(_ name: String, terms: Terms, clauses: [Clause<Terms>]) {
        self.name = name
        self.terms = terms
        self.clauses = clauses
    }

    /// The same contract with more clauses. A clause whose id is already taken replaces that clause.
    public func adding(_ more: Clause<Terms>...) -> Self {
        adding(more)
    }

    /// The same contract with more clauses. A clause whose id is already taken replaces that clause.
    public func adding(_ more: [Clause<Terms>]) -> Self {
        var copy = self
        for clause in more {
            if let index = copy.clauses.firstIndex(where: { $0.id == clause.id }) {
                copy.clauses[index] = clause
            } else {
                copy.clauses.append(clause)
            }
        }
        return copy
    }

    /// One case per clause, in contract order: the arguments of a parameterized test.
    ///
    /// A clause that does not apply to `conformance`, or that the conformance leaves out
    /// (``Conformance/omitting(_:because:)``), is a case too: it runs nothing and reports itself skipped
    /// with its reason (``ContractCase/skipReason``), so every clause shows in the test output.
    ///
    /// `REPOSITORY_CONTRACTS_CLAUSES` (or `TEST_RUNNER_REPOSITORY_CONTRACTS_CLAUSES` for `xcodebuild test`)
    /// narrows the list to the clauses whose ids it matches (`update.*`), and says so on standard error.
    public func cases(for conformance: Conformance<Terms>) -> [ContractCase<Terms>] {
        cases(for: conformance, selection: ClauseSelection(environment: ProcessInfo.processInfo.environment))
    }

    /// The cases of the clauses `selection` keeps (all when nil). A selection that keeps none gives one
    /// case in their place: skipped when it kept clauses of another contract in this process, otherwise
    /// failing and naming this contract's clause groups (decided when the case runs).
    package func cases(
        for conformance: Conformance<Terms>, selection: ClauseSelection?,
        announce: @Sendable (String) -> Void = ClauseSelection.announceOnStandardError
    ) -> [ContractCase<Terms>] {
        let mistakes = omissionMistakes(of: conformance)
        var firstPositions: [String: Int] = [:]
        for (position, clause) in clauses.enumerated() where firstPositions[clause.id] == nil { firstPositions[clause.id] = position }
        let all = clauses.map {
            ContractCase(
                contract: self, conformance: conformance, clause: $0, declarationMistakes: mistakes, position: firstPositions[$0.id])
        }
        guard let selection else { return all }
        let kept = all.filter { selection.keeps($0.clauseID) }
        guard !kept.isEmpty else {
            let (message, contract) = (selection.nothingMatched(clauses.map(\.id), contract: name), name)
            let placeholder = Clause<Terms>(EnvironmentVariable.clauses, message, when: { _, _ in selection.skipReason(contract: contract) }) {
                context in context.fail(message)
            }
            return [ContractCase(contract: self, conformance: conformance, clause: placeholder)]
        }
        selection.noteKept(contract: name)
        announce(selection.notice(kept: kept.map(\.clauseID), of: all.count, contract: name, conformance: conformance.name))
        return kept
    }

    /// The cases that run on `conformance`: ``cases(for:)`` without the skipped ones.
    public func applicableCases(for conformance: Conformance<Terms>) -> [ContractCase<Terms>] {
        cases(for: conformance).filter { $0.skipReason == nil }
    }

    /// Clause ids `conformance` leaves out that this contract does not have: a typo would otherwise
    /// leave out nothing, silently.
    func omissionMistakes(of conformance: Conformance<Terms>) -> [String] {
        guard !conformance.omittedClauses.isEmpty else { return [] }
        let known = clauses.map(\.id)
        return conformance.omittedClauses.keys.filter { !known.contains($0) }.sorted().map { unknown in
            let group = unknown.prefix { $0 != "." }
            let near = known.filter { $0.prefix { $0 != "." } == group }
            let hint = near.isEmpty ? "" : "; its \(group).* clauses: \(near.joined(separator: ", "))"
            return "conformance mistake in \(conformance.declaredAt): it leaves out clause \(unknown), which contract "
                + "\(name) does not have\(hint)"
        }
    }

    /// The clauses skipped on `conformance`, each with the reason: those that do not apply, and those it
    /// leaves out.
    public func inapplicableClauses(for conformance: Conformance<Terms>) -> [(clause: Clause<Terms>, reason: String)] {
        zip(clauses, cases(for: conformance, selection: nil)).compactMap { clause, check in check.skipReason.map { (clause, $0) } }
    }

    /// Runs every clause on `conformance`, one after another, and reports them all (skipped ones with
    /// their reason).
    ///
    /// - Parameters:
    ///   - skipped: Clause ids to leave out of the run and the report (already run elsewhere).
    ///   - progress: Told when each clause starts and how it ended, as it happens: a process that dies in
    ///     the middle of a clause has already reported every clause before it.
    ///
    /// `REPOSITORY_CONTRACTS_CLAUSES` narrows the run as it narrows ``cases(for:)``.
    public func report(
        on conformance: Conformance<Terms>,
        skipping skipped: Set<String> = [],
        progress: @Sendable (ClauseProgress) -> Void = { _ in }
    ) async -> ConformanceReport {
        await report(on: conformance, skipping: skipped, selection: ClauseSelection(environment: ProcessInfo.processInfo.environment),
                     progress: progress)
    }

    /// Runs the clauses `selection` keeps (all when nil) on `conformance`, one after another.
    package func report(
        on conformance: Conformance<Terms>,
        skipping skipped: Set<String> = [],
        selection: ClauseSelection?,
        announce: @Sendable (String) -> Void = ClauseSelection.announceOnStandardError,
        progress: @Sendable (ClauseProgress) -> Void = { _ in }
    ) async -> ConformanceReport {
        var results: [ClauseResult] = []
        for check in cases(for: conformance, selection: selection, announce: announce) where !skipped.contains(check.clauseID) {
            if check.skipReason == nil {
                progress(.started(id: check.clauseID, summary: check.summary))
            }
            let result = await check.run()
            progress(.finished(result: result))
            results.append(result)
        }
        return ConformanceReport(
            name: conformance.name, capabilities: terms.capabilityList(of: conformance.promises), clauses: results)
    }

    /// The full case a decoded (id-only) case stands for, found by clause id on `conformance`.
    ///
    /// Exit tests capture cases by their `Codable` id; in the child process this turns one back into a
    /// case that can run. An id the contract does not know gives a case that fails saying so.
    public func resolving(_ detached: ContractCase<Terms>, for conformance: Conformance<Terms>) -> ContractCase<Terms> {
        if let clause = clauses.first(where: { $0.id == detached.clauseID }) {
            return ContractCase(contract: self, conformance: conformance, clause: clause)
        }
        return ContractCase(
            contract: self, conformance: conformance,
            clause: Clause(detached.clauseID, "unknown clause") { context in
                context.fail("contract \(name) has no clause with id \(detached.clauseID)")
            })
    }

    /// The label of the clause `id` in this contract: `[CRUD › delete.removes]`.
    public func label(of id: String) -> String {
        ClauseLabel.text(contract: name, clause: id)
    }
}

/// Where a contract run is: what ``Contract/report(on:skipping:progress:)`` tells as it goes.
///
/// A struct over private storage rather than an enum, so that a new kind of event is not a breaking
/// change for code that switches over the ones it knows: read ``startedClause`` and ``finishedClause``.
public struct ClauseProgress: Sendable, Codable, Hashable {
    /// The events, for the package's own exhaustive switches; encoded as the event itself.
    package enum Kind: Sendable, Codable, Hashable {
        case started(id: String, summary: String)
        case finished(result: ClauseResult)
    }

    /// Which event this is.
    package let kind: Kind

    private init(_ kind: Kind) {
        self.kind = kind
    }

    /// A clause is about to run.
    public static func started(id: String, summary: String) -> ClauseProgress {
        ClauseProgress(.started(id: id, summary: summary))
    }

    /// A clause ended (or was skipped).
    public static func finished(result: ClauseResult) -> ClauseProgress {
        ClauseProgress(.finished(result: result))
    }

    /// The id and summary of the clause about to run, if this event says one is.
    public var startedClause: (id: String, summary: String)? {
        if case .started(let id, let summary) = kind { (id, summary) } else { nil }
    }

    /// The result of the clause that ended, if this event says one did.
    public var finishedClause: ClauseResult? {
        if case .finished(let result) = kind { result } else { nil }
    }

    /// Reads an event written by ``encode(to:)``.
    public init(from decoder: any Decoder) throws {
        self.kind = try decoder.singleValueContainer().decode(Kind.self)
    }

    /// Writes the event as the enum it was before it became a struct: `{"started":{"id":…,"summary":…}}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(kind)
    }
}
