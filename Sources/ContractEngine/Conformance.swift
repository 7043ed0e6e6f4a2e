/// One conformer as the contract sees it: a name, what it promises, and how to make a fresh instance.
public struct Conformance<Entity: Identifiable & Equatable & Sendable>: Sendable where Entity.ID: Sendable {
    /// How the conformer is named in test cases and reports ("in-memory", "REST").
    public var name: String
    /// What it promises. Default: ``Capabilities/crud`` with client-assigned ids.
    public var capabilities: Capabilities
    /// What it does with questionable requests.
    public var policies: Policies
    /// The order of `fetchAll()`.
    public var ordering: Ordering<Entity>
    /// When two entities count as the same stored value.
    public var equivalence: Equivalence<Entity>
    /// How long one operation may go without any sign of progress before the watchdog fails it.
    /// Default: 5 seconds.
    ///
    /// Signs of progress are the subject's other calls ending, calls ending anywhere in the process,
    /// and stub servers receiving or answering requests; so a call queued behind others on a loaded
    /// machine is not failed, while a call that hangs while nothing moves is. A call is given up after
    /// 24 × this long whatever moves. The failure says how long the call ran and when work last moved.
    public var timeout: Duration
    /// Maps the conformer's own errors to a ``RepositoryError/Kind`` (default: reads ``RepositoryError``).
    public var classifyError: @Sendable (any Error) -> RepositoryError.Kind?
    /// Makes a fresh, empty, isolated subject: called once per clause.
    public var makeSubject: @Sendable () async throws -> RepositoryWitness<Entity>
    /// Called after each clause with the subject it used (close files, drop a namespace).
    public var tearDown: (@Sendable (RepositoryWitness<Entity>) async throws -> Void)?
    /// Where the conformance was declared, for messages about what it promised.
    public var declaredAt: String

    /// Declares a conformer.
    public init(
        _ name: String,
        capabilities: Capabilities = .crud,
        policies: Policies = Policies(),
        ordering: Ordering<Entity> = .unspecified,
        equivalence: Equivalence<Entity> = .equal,
        timeout: Duration = .seconds(5),
        classifyError: @escaping @Sendable (any Error) -> RepositoryError.Kind? = { ($0 as? RepositoryError)?.kind },
        tearDown: (@Sendable (RepositoryWitness<Entity>) async throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        subject makeSubject: @escaping @Sendable () async throws -> RepositoryWitness<Entity>
    ) {
        self.name = name
        self.capabilities = capabilities
        self.policies = policies
        self.ordering = ordering
        self.equivalence = equivalence
        self.timeout = timeout
        self.classifyError = classifyError
        self.makeSubject = makeSubject
        self.tearDown = tearDown
        self.declaredAt = "\(fileID):\(line)"
    }

    /// Declares a conformer whose type conforms to ``RepositoryProtocol`` with `Draft == Entity`:
    /// `subject` returns a fresh instance.
    public init<Repository: RepositoryProtocol>(
        _ name: String,
        capabilities: Capabilities = .crud,
        policies: Policies = Policies(),
        ordering: Ordering<Entity> = .unspecified,
        equivalence: Equivalence<Entity> = .equal,
        timeout: Duration = .seconds(5),
        classifyError: @escaping @Sendable (any Error) -> RepositoryError.Kind? = { ($0 as? RepositoryError)?.kind },
        fileID: StaticString = #fileID,
        line: UInt = #line,
        subject makeSubject: @escaping @Sendable () async throws -> Repository
    ) where Repository.Entity == Entity, Repository.Draft == Entity {
        self.init(
            name, capabilities: capabilities, policies: policies, ordering: ordering, equivalence: equivalence,
            timeout: timeout, classifyError: classifyError, fileID: fileID, line: line,
            subject: { RepositoryWitness(try await makeSubject()) })
    }

    /// Problems in the declaration itself; empty when it is consistent.
    public func mistakes() -> [String] {
        var found: [String] = []
        if timeout <= .zero {
            found.append("timeout is \(timeout): it must be positive")
        }
        if name.isEmpty {
            found.append("name is empty: reports need a name to tell conformers apart")
        }
        if !capabilities.contains(.create), capabilities.contains(.serverAssignedIDs) {
            found.append(".serverAssignedIDs is declared without .create: only create assigns ids")
        }
        return found
    }
}
