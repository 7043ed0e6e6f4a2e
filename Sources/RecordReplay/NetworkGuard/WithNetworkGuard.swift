/// Runs `body` with a ``NetworkGuard`` on, ends it when `body` returns or throws, and throws
/// ``NetworkGuardError`` when the guard stopped any request meanwhile: a test that wraps the code under
/// test in it fails, naming each host, when that code reached for the network.
///
/// ```swift
/// let todos = try await withNetworkGuard {
///     try await TodoClient(baseURL: server.baseURL).list()   // loopback: reaches the stub server
/// }
/// ```
///
/// - Throws: ``ServerStartError`` when the guard cannot start; ``NetworkGuardError`` when a request was
///   stopped (with `body`'s own error, if it threw one); otherwise what `body` throws.
public func withNetworkGuard<Result: Sendable>(_ body: () async throws -> Result) async throws -> Result {
    let networkGuard = try NetworkGuard.engage()
    let outcome: Swift.Result<Result, any Error>
    do {
        outcome = .success(try await body())
    } catch {
        outcome = .failure(error)
    }
    networkGuard.end()
    let stopped = networkGuard.stoppedRequests
    if !stopped.isEmpty {
        if case .failure(let error) = outcome { throw NetworkGuardError(stoppedRequests: stopped, bodyError: error) }
        throw NetworkGuardError(stoppedRequests: stopped, bodyError: nil)
    }
    return try outcome.get()
}

/// The network guard of ``withNetworkGuard(_:)`` stopped requests: the code under test reached for a
/// host that is not loopback.
public struct NetworkGuardError: Error, CustomStringConvertible {
    /// The requests stopped, in the order they arrived.
    public let stoppedRequests: [NetworkGuard.StoppedRequest]
    /// What the guarded code threw, if it threw (often the failure of a stopped request).
    public let bodyError: (any Error)?

    /// Each stopped request on a line of its own, then the guarded code's error, if any.
    public var description: String {
        let count = stoppedRequests.count
        var text = "the network guard stopped \(count) request\(count == 1 ? "" : "s"):\n"
            + stoppedRequests.map { "  \($0)" }.joined(separator: "\n")
        if let bodyError { text += "\nthe guarded code threw: \(bodyError)" }
        return text
    }
}
