import RepositoryContractsPrimitives

/// One conformer as a contract sees it: a name, what it promises, and how to make a fresh subject in a
/// clause's environment.
public struct Conformance<Terms: ContractTerms>: Sendable {
    /// How the conformer is named in test cases and reports ("in-memory", "REST").
    public var name: String
    /// What it declares besides its subject (for ``CRUD``: capabilities, policies, ordering, equivalence,
    /// error mapping).
    public var promises: Terms.Promises
    /// How long one watched step (setting up, making the subject, one repository call, tearing down) may
    /// go without any sign of progress before the watchdog fails it. Default: 5 seconds.
    ///
    /// Signs of progress are the subject's other calls ending, calls ending anywhere in the process,
    /// and stub servers receiving or answering requests; so a call queued behind others on a loaded
    /// machine is not failed, while a call that hangs while nothing moves is. A call is given up after
    /// 24 × this long whatever moves. The failure says how long the call ran and when work last moved.
    public var timeout: Duration
    /// Makes a fresh, empty, isolated subject in a clause's environment: called once per clause.
    public var makeSubject: @Sendable (Terms.Environment) async throws -> Terms.Subject
    /// Called after each clause with the subject it used (close files, drop a namespace).
    public var tearDown: (@Sendable (Terms.Subject) async throws -> Void)?
    /// Where the conformance was declared, for messages about what it promised.
    public var declaredAt: String
    /// The backend its subjects share, if they share one: its cases then run one at a time, each after
    /// the backend's reset (see ``SharedBackend``).
    public var sharedBackend: SharedBackend?
    /// Clauses this conformer leaves out, by id, each with the reason: their cases report themselves
    /// skipped with it. Set with ``omitting(_:because:)``.
    public var omittedClauses: [String: String] = [:]

    /// Declares a conformer with its promises.
    public init(
        _ name: String,
        promises: Terms.Promises,
        timeout: Duration = .seconds(5),
        sharedBackend: SharedBackend? = nil,
        tearDown: (@Sendable (Terms.Subject) async throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        subject makeSubject: @escaping @Sendable (Terms.Environment) async throws -> Terms.Subject
    ) {
        self.name = name
        self.promises = promises
        self.timeout = timeout
        self.makeSubject = makeSubject
        self.tearDown = tearDown
        self.declaredAt = "\(fileID):\(line)"
        self.sharedBackend = sharedBackend
    }

    /// Declares a conformer of a contract whose terms have no promises.
    public init(
        _ name: String,
        timeout: Duration = .seconds(5),
        sharedBackend: SharedBackend? = nil,
        tearDown: (@Sendable (Terms.Subject) async throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        subject makeSubject: @escaping @Sendable (Terms.Environment) async throws -> Terms.Subject
    ) where Terms.Promises == Void {
        self.init(
            name, promises: (), timeout: timeout, sharedBackend: sharedBackend, tearDown: tearDown, fileID: fileID,
            line: line, subject: makeSubject)
    }

    /// The same conformer, leaving out the clauses `ids`: their cases run nothing and report themselves
    /// skipped with `reason` (in Swift Testing, XCTest and the CLI's table alike). An id the contract does
    /// not have fails every case as a conformance mistake.
    ///
    /// ```swift
    /// let sqlite = Conformance<CRUD<Bookmark>>("sqlite") { try SQLiteBookmarks.temporary().witness }
    ///     .omitting("values.thousandEntitiesRoundTrip", because: "covered by the load test")
    /// ```
    public func omitting(_ ids: String..., because reason: String) -> Self {
        var copy = self
        for id in ids { copy.omittedClauses[id] = reason }
        return copy
    }

    /// Problems in the declaration itself under `terms`; empty when it is consistent.
    public func mistakes(under terms: Terms) -> [String] {
        var found: [String] = []
        if timeout <= .zero {
            found.append("timeout is \(timeout.secondsText): it must be positive")
        }
        if name.isEmpty {
            found.append("name is empty: reports need a name to tell conformers apart")
        }
        return found + terms.mistakes(in: promises)
    }
}
