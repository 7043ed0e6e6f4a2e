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

    /// A number no earlier call in this clause returned, counting from 1: ordinals for making values
    /// that must differ.
    public func takeOrdinal() -> Int {
        nextOrdinal.withLock { ordinal in
            defer { ordinal += 1 }
            return ordinal
        }
    }

    // MARK: Recording

    /// Records a failure and goes on.
    public func fail(_ message: String, expected: String? = nil, actual: String? = nil) {
        recorded.withLock { failures in
            guard failures.count < Self.failureCap else { return }
            failures.append(ContractFailure(message: message, expected: expected, actual: actual))
            if failures.count == Self.failureCap {
                failures.append(ContractFailure(message: "stopped recording after \(Self.failureCap) failures"))
            }
        }
    }

    /// Records a failure unless `condition` holds.
    public func expect(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fail(message()) }
    }

    /// Records a failure unless `actual == expected`; `what` says what was compared.
    public func expectEqual<Value: Equatable>(_ actual: Value, _ expected: Value, _ what: String) {
        if actual != expected { fail(what, expected: abbreviate(expected, limit: 400), actual: abbreviate(actual, limit: 400)) }
    }

    /// The error `call` threw, or `nil` (recording a failure) when it returned.
    public func expectThrows<Value>(_ what: String, _ call: () async throws -> Value) async -> (any Error)? {
        do {
            let value = try await call()
            fail("\(what) succeeded", expected: "an error", actual: abbreviate(value))
            return nil
        } catch {
            return error
        }
    }

    /// Calls the subject under the watchdog: a call that hangs while nothing moves fails after the
    /// conformance's timeout (``Conformance/timeout``) instead of holding the run, and a thrown error
    /// becomes a failure naming `operation`.
    ///
    /// ```swift
    /// let page = try await check.watching("search(\"tea\")") { try await check.subject.search("tea") }
    /// ```
    public func watching<Value: Sendable>(
        _ operation: String, _ call: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        do {
            return try await withWatchdog(conformance.timeout, operation: operation, call)
        } catch let failure as OperationFailure {
            throw failure
        } catch {
            throw OperationFailure(operation: operation, reason: .threw(error))
        }
    }
}
