// Old spellings that lead to the new ones: each fails to compile with a message naming its replacement
// (the README's "Changes" table lists them all).

/// Renamed: the set of acceptable outcomes per questionable request.
@available(*, unavailable, renamed: "RequestPolicies")
public typealias Policies = RequestPolicies

/// Renamed: the acceptable outcomes of one questionable request.
@available(*, unavailable, renamed: "RequestPolicy")
public typealias Policy = RequestPolicy

/// Renamed: what a questionable request did.
@available(*, unavailable, renamed: "RequestOutcome")
public typealias Outcome = RequestOutcome

/// Renamed: one conformer's results.
@available(*, unavailable, renamed: "ConformanceReport")
public typealias ConformerReport = ConformanceReport

extension Contract where Terms: RepositoryTerms {
    /// Moved: the entity factory lives in the contract's terms.
    @available(*, unavailable, renamed: "terms.factory", message: "the factory is part of the contract's terms: contract.terms.factory")
    public var factory: EntityFactory<Terms.Entity> { terms.factory }
}

extension Conformance where Terms: RepositoryTerms {
    /// Moved: a conformer's capabilities are among its promises.
    @available(*, unavailable, renamed: "promises.capabilities", message: "a conformer's promises are a value of their own: conformance.promises.capabilities")
    public var capabilities: Capabilities { fatalError("unavailable") }

    /// Moved: a conformer's policies are among its promises.
    @available(*, unavailable, renamed: "promises.policies", message: "a conformer's promises are a value of their own: conformance.promises.policies")
    public var policies: RequestPolicies { fatalError("unavailable") }
}

extension ContractCase {
    /// Renamed: the conformer's name.
    @available(*, unavailable, renamed: "conformanceName")
    public var conformerName: String { conformanceName }
}

extension ContractReport {
    /// Renamed: one report per conformance.
    @available(*, unavailable, renamed: "conformances")
    public var conformers: [ConformanceReport] { conformances }
}
