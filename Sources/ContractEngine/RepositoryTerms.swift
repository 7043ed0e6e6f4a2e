/// Terms whose subject is a repository of `Entity`, driven through the watchdog, with an entity factory
/// and the conformer's ``RepositoryPromises``: ``CRUD``, and the caching contract's terms. The entity
/// helpers of ``ClauseContext`` and the model-based check work under any of them.
public protocol RepositoryTerms: ContractTerms where Subject == MonitoredRepository<Entity> {
    /// The stored entity.
    associatedtype Entity: Identifiable & Equatable & Sendable where Entity.ID: Sendable
    /// How the contract makes entities.
    var factory: EntityFactory<Entity> { get }
    /// The repository promises within a conformer's promises.
    func repositoryPromises(in promises: Promises) -> RepositoryPromises<Entity>
}

extension RepositoryTerms {
    /// Every repository call watched with the conformance's timeout.
    public func watching(_ subject: MonitoredRepository<Entity>, timeout: Duration) -> MonitoredRepository<Entity> {
        MonitoredRepository(witness: subject.witness, timeout: timeout)
    }

    /// The factory's own mistakes, reported as such, never as a conformer's.
    public var mistakes: [String] {
        factory.mistakes.map { "factory mistake (not a conformer bug): \($0)" }
    }

    /// The declared capabilities.
    public func capabilityList(of promises: Promises) -> String {
        repositoryPromises(in: promises).capabilities.description
    }

    /// Capabilities, ordering and policies.
    public func assumptions(of promises: Promises) -> String? {
        repositoryPromises(in: promises).description
    }
}

/// The terms of the CRUD contract (`Contract.crud(…)`): a repository with no environment of its own,
/// entities made by a factory, and ``RepositoryPromises`` declared by each conformer.
///
/// ```swift
/// let inMemory = Conformance<CRUD<Todo>>("in-memory") { InMemoryTodoRepository() }
/// ```
public struct CRUD<Entity: Identifiable & Equatable & Sendable>: RepositoryTerms where Entity.ID: Sendable {
    public typealias Subject = MonitoredRepository<Entity>
    public typealias Promises = RepositoryPromises<Entity>

    /// How the contract makes entities.
    public var factory: EntityFactory<Entity>

    /// Terms over entities made by `factory`.
    public init(factory: EntityFactory<Entity>) {
        self.factory = factory
    }

    /// The promises themselves.
    public func repositoryPromises(in promises: Promises) -> RepositoryPromises<Entity> {
        promises
    }

    /// Mistakes in the declared capabilities.
    public func mistakes(in promises: Promises) -> [String] {
        promises.mistakes
    }
}

extension Conformance where Terms: RepositoryTerms, Terms.Environment == Void {
    /// How a fresh repository is made, as a witness: ``makeSubject`` seen without its watchdog wrapper.
    public var makeRepository: @Sendable () async throws -> RepositoryWitness<Terms.Entity> {
        get {
            let makeSubject = self.makeSubject
            return { try await makeSubject(()).witness }
        }
        set {
            let timeout = self.timeout
            makeSubject = { _ in MonitoredRepository(witness: try await newValue(), timeout: timeout) }
        }
    }
}

extension Conformance {
    /// Declares a CRUD conformer: `subject` returns a fresh, empty, isolated repository.
    public init<Entity>(
        _ name: String,
        capabilities: Capabilities = .crud,
        policies: RequestPolicies = RequestPolicies(),
        ordering: Ordering<Entity> = .unspecified,
        equivalence: Equivalence<Entity> = .equal,
        timeout: Duration = .seconds(5),
        classifyError: @escaping @Sendable (any Error) -> RepositoryError.Kind? = { ($0 as? RepositoryError)?.kind },
        sharedBackend: SharedBackend? = nil,
        edgeCases: EdgeCases = .derived,
        tearDown: (@Sendable (RepositoryWitness<Entity>) async throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        subject makeSubject: @escaping @Sendable () async throws -> RepositoryWitness<Entity>
    ) where Terms == CRUD<Entity> {
        self.init(
            name,
            promises: RepositoryPromises(
                capabilities: capabilities, policies: policies, ordering: ordering, equivalence: equivalence,
                classifyError: classifyError, edgeCases: edgeCases),
            timeout: timeout,
            sharedBackend: sharedBackend,
            tearDown: tearDown.map(Self.repositoryTearDown),
            fileID: fileID, line: line,
            subject: { _ in MonitoredRepository(witness: try await makeSubject(), timeout: timeout) })
    }

    /// A tear-down over the witness, as one over the monitored subject.
    private static func repositoryTearDown<Entity>(
        _ tearDown: @escaping @Sendable (RepositoryWitness<Entity>) async throws -> Void
    ) -> @Sendable (MonitoredRepository<Entity>) async throws -> Void {
        { subject in try await tearDown(subject.witness) }
    }

    /// Declares a CRUD conformer whose type conforms to ``RepositoryProtocol`` with `Draft == Entity`:
    /// `subject` returns a fresh instance.
    public init<Repository: RepositoryProtocol>(
        _ name: String,
        capabilities: Capabilities = .crud,
        policies: RequestPolicies = RequestPolicies(),
        ordering: Ordering<Repository.Entity> = .unspecified,
        equivalence: Equivalence<Repository.Entity> = .equal,
        timeout: Duration = .seconds(5),
        classifyError: @escaping @Sendable (any Error) -> RepositoryError.Kind? = { ($0 as? RepositoryError)?.kind },
        sharedBackend: SharedBackend? = nil,
        edgeCases: EdgeCases = .derived,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        subject makeSubject: @escaping @Sendable () async throws -> Repository
    ) where Terms == CRUD<Repository.Entity>, Repository.Draft == Repository.Entity {
        self.init(
            name, capabilities: capabilities, policies: policies, ordering: ordering, equivalence: equivalence,
            timeout: timeout, classifyError: classifyError, sharedBackend: sharedBackend, edgeCases: edgeCases,
            fileID: fileID, line: line,
            subject: { RepositoryWitness(try await makeSubject()) })
    }
}
