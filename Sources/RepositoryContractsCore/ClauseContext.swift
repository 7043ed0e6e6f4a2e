import RepositoryContractsPrimitives

/// What a clause body works with: a fresh subject, the clause's environment, the conformer's declaration,
/// the contract's terms, and a place to record failures.
///
/// Failures are recorded, not thrown, so a clause reports everything it found (capped at 100). Throwing
/// from the body ends the clause with that error as its last failure.
public final class ClauseContext<Terms: ContractTerms>: Sendable {
    /// The clause's id.
    public let clauseID: String
    /// The subject under test, fresh for this clause.
    public let subject: Terms.Subject
    /// What the contract set up for this clause (its stub server, its clock).
    public let environment: Terms.Environment
    /// The conformer, as declared.
    public let conformance: Conformance<Terms>
    /// The contract's terms.
    public let terms: Terms

    private let nextOrdinal = Protected(1)
    private let recorded = Protected<[ContractFailure]>([])
    private let noted = Protected<[String]>([])
    static var failureCap: Int { 100 }

    init(
        clauseID: String, subject: Terms.Subject, environment: Terms.Environment, conformance: Conformance<Terms>,
        terms: Terms
    ) {
        self.clauseID = clauseID
        self.subject = subject
        self.environment = environment
        self.conformance = conformance
        self.terms = terms
    }

    /// What the conformer promised.
    public var promises: Terms.Promises { conformance.promises }

    /// The failures recorded so far.
    public var failures: [ContractFailure] {
        recorded.withLock { $0 }
    }

    /// What the clause left out on the conformance's word, and why, so far (see ``note(_:)``).
    package var notes: [String] {
        noted.withLock { $0 }
    }

    /// Notes something the clause leaves out because the conformance says so (`$.title: NUL left out:
    /// PostgreSQL refuses NUL`): the result lists it whether the clause passes or fails.
    package func note(_ text: String) {
        noted.withLock { $0.append(text) }
    }

    /// A number no earlier call in this clause returned, counting from 1: ordinals for making values
    /// that must differ.
    public func takeOrdinal() -> Int {
        nextOrdinal.withLock { ordinal in
            defer { ordinal += 1 }
            return ordinal
        }
    }

    // MARK: Recording

    /// Records a failure and goes on. The failure carries this line, which the test glue reports it at
    /// (with the `verify()` line as context).
    public func fail(
        _ message: String, expected: String? = nil, actual: String? = nil,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        fail(message, expected: expected, actual: actual,
             at: CheckLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Records a failure found by the check at `location`.
    package func fail(_ message: String, expected: String? = nil, actual: String? = nil, at location: CheckLocation) {
        record(ContractFailure(message: message, expected: expected, actual: actual, location: checked(location)))
    }

    /// Notes that the check at `location` ran (and passed): a sign of the clause moving.
    package func noteCheck(at location: CheckLocation) {
        _ = checked(location)
    }

    /// Records a failure unless `condition` holds, at this line.
    public func expect(
        _ condition: Bool, _ message: @autoclosure () -> String,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        let location = checked(CheckLocation(fileID: fileID, filePath: filePath, line: line, column: column))
        if !condition { record(ContractFailure(message: message(), location: location)) }
    }

    /// Records a failure unless `actual == expected`, at this line; `what` says what was compared.
    public func expectEqual<Value: Equatable>(
        _ actual: Value, _ expected: Value, _ what: String,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        let location = checked(CheckLocation(fileID: fileID, filePath: filePath, line: line, column: column))
        if actual != expected {
            record(ContractFailure(
                message: what, expected: abbreviate(expected, limit: 400), actual: abbreviate(actual, limit: 400),
                location: location))
        }
    }

    /// The error `call` threw, or `nil` (recording a failure at this line) when it returned.
    public func expectThrows<Value>(
        _ what: String, _ call: () async throws -> Value,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) async -> (any Error)? {
        do {
            let value = try await call()
            fail("\(what) succeeded", expected: "an error", actual: abbreviate(value),
                 fileID: fileID, filePath: filePath, line: line, column: column)
            return nil
        } catch {
            _ = checked(CheckLocation(fileID: fileID, filePath: filePath, line: line, column: column))
            return error
        }
    }

    /// Records `failure` as it is, unless the cap is reached.
    func record(_ failure: ContractFailure) {
        recorded.withLock { failures in
            guard failures.count < Self.failureCap else { return }
            failures.append(failure)
            if failures.count == Self.failureCap {
                failures.append(ContractFailure(message: "stopped recording after \(Self.failureCap) failures"))
            }
        }
    }

    /// Notes a check at `location` as a sign of the clause moving, and returns the location.
    private func checked(_ location: CheckLocation) -> CheckLocation {
        ClauseActivity.current?.checked(at: location)
        return location
    }

    /// Calls the subject under its own watchdog: a call that hangs while nothing moves fails after the
    /// conformance's timeout (``Conformance/timeout``) naming `operation`, and a thrown error becomes a
    /// failure naming `operation`.
    ///
    /// Optional: the whole clause body is watched anyway (a call that never returns fails the clause
    /// after the timeout, naming the last check or watched call before it). Wrap a call to give its
    /// failures a name of their own.
    ///
    /// ```swift
    /// let page = try await check.watching("search(\"tea\")") { try await check.subject.search("tea") }
    /// ```
    public func watching<Value: Sendable>(
        _ operation: String, _ call: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        let activity = ClauseActivity.current
        activity?.callStarted { operation }
        defer { activity?.callEnded() }
        switch await watchedResult(conformance.timeout, operation: operation, call) {
        case .success(let value): return value
        case .failure(let failure as OperationFailure): throw failure
        case .failure(let error): throw OperationFailure(operation: operation, reason: .threw(error))
        }
    }
}
