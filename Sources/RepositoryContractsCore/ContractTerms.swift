/// What a kind of contract is about: the subject its clauses drive, what each clause sets up before the
/// subject is made, and what a conformer declares besides its subject.
///
/// The engine (``Contract``, ``Clause``, ``Conformance``, ``ContractCase``, ``ClauseContext``) is generic over
/// terms. The CRUD contract's terms are ``CRUD``; a contract for your own protocol declares its own:
///
/// ```swift
/// struct Search: ContractTerms {
///     typealias Subject = any SearchRepository
/// }
/// let search = Contract("Search", terms: Search(), clauses: [ … ])
/// ```
///
/// A contract whose clauses need a stub server, a mock clock or a temporary folder sets them up in
/// ``makeEnvironment(for:)``: the engine calls it before the conformer's subject is made and hands the
/// environment to ``Conformance/makeSubject``; after the clause (and the conformer's own tear-down) it calls
/// ``tearDown(_:after:)``, whose findings (unused interactions, leaked sleepers) fail the clause.
public protocol ContractTerms: Sendable {
    /// What a clause drives: a repository, a service, a loader.
    associatedtype Subject: Sendable
    /// What each clause sets up before the subject is made (a stub server, a mock clock); `Void` for none.
    associatedtype Environment: Sendable = Void
    /// What a conformer declares besides its subject (capabilities, a time to live); `Void` for nothing.
    associatedtype Promises: Sendable = Void

    /// Sets up one clause's environment, before the conformer's subject is made. Runs under the watchdog
    /// with the conformance's timeout; an error fails the clause as a set-up failure.
    func makeEnvironment(for clause: ClauseSetting<Self>) async throws -> Environment

    /// The subject as clause bodies drive it, given the conformance's current timeout: ``CRUD`` watches
    /// every repository call with it. The default returns `subject` as made.
    func watching(_ subject: Subject, timeout: Duration) -> Subject

    /// Tears down one clause's environment after the clause and the conformance's own tear-down, and
    /// returns what it found wrong (a request nothing answered, a sleeper left waiting). Never throws.
    func tearDown(_ environment: Environment, after clause: ClauseSetting<Self>) async -> [ContractFailure]

    /// Problems in the terms themselves (an entity factory whose ids collide), reported as the contract's
    /// mistakes before any clause runs, never as a conformer's; empty when there are none.
    var mistakes: [String] { get }

    /// Problems in a conformer's declared promises (a negative TTL): reported as the conformer's
    /// declaration mistakes before any clause runs; empty when they are consistent.
    func mistakes(in promises: Promises) -> [String]

    /// The promises as reports list them in their capabilities column; empty by default.
    func capabilityList(of promises: Promises) -> String

    /// The promises as a failure repeats them ("assumed: …"); `nil` (the default) for none.
    func assumptions(of promises: Promises) -> String?
}

extension ContractTerms where Environment == Void {
    /// No environment.
    public func makeEnvironment(for clause: ClauseSetting<Self>) async throws {}
}

extension ContractTerms {
    /// The subject as made.
    public func watching(_ subject: Subject, timeout: Duration) -> Subject { subject }
    /// No mistakes.
    public var mistakes: [String] { [] }
    /// Nothing to tear down.
    public func tearDown(_ environment: Environment, after clause: ClauseSetting<Self>) async -> [ContractFailure] { [] }
    /// No mistakes.
    public func mistakes(in promises: Promises) -> [String] { [] }
    /// No capabilities column.
    public func capabilityList(of promises: Promises) -> String { "" }
    /// No assumptions.
    public func assumptions(of promises: Promises) -> String? { nil }
}

/// Which clause an environment is set up for, and for which conformer.
public struct ClauseSetting<Terms: ContractTerms>: Sendable {
    /// The contract's name.
    public let contractName: String
    /// The clause's id: the name of its fixture, if it has one.
    public let clauseID: String
    /// The conformer the clause runs on, with its promises.
    public let conformance: Conformance<Terms>
    /// What the clause's body found wrong: empty while the environment is made, known by
    /// ``ContractTerms/tearDown(_:after:)`` (which, for example, writes no recording of a failed clause).
    public internal(set) var failures: [ContractFailure] = []

    /// A setting for `contractName`'s clause `clauseID` on `conformance` (`package`: the CRUD model checker in
    /// `ModelChecking` opens its environments with one).
    package init(contractName: String, clauseID: String, conformance: Conformance<Terms>, failures: [ContractFailure] = []) {
        self.contractName = contractName
        self.clauseID = clauseID
        self.conformance = conformance
        self.failures = failures
    }

    /// The label every failure of the clause starts with: `[CRUD › delete.removes]`.
    public var label: String { ClauseLabel.text(contract: contractName, clause: clauseID) }
}

/// The one place a clause's label is spelled: `[CRUD › delete.removes]`.
package enum ClauseLabel {
    /// `[contract › clause]`.
    package static func text(contract: String, clause: String) -> String {
        "[\(contract) › \(clause)]"
    }
}
