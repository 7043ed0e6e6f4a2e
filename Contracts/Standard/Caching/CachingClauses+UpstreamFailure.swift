import RepositoryContractsPrimitives
import ContractEngine
import RecordReplay

extension CachingClauses {
    /// The faults the upstream-failure clauses inject: a status the server chose, and a transport failure.
    private static var faults: [Fault] { [.status(503), .connectionReset] }

    static var upstreamFailure: [Clause<Caching<Entity>>] {
        [
            clause("caching.serviceUnavailableAfterExpiry",
                   "after expiry, a 503 from the remote gives the declared behaviour (the stale entry, or the declared error), never the 503's body; the entry stays expired") { session in
                try await failureAfterExpiry(session, session.fetchRead(), .status(503))
                try await failureAfterExpiry(session, session.fetchAllRead(), .status(503))
            },
            clause("caching.connectionResetAfterExpiry",
                   "after expiry, a reset connection gives the declared behaviour (the stale entry, or the declared error); the entry stays expired") { session in
                try await failureAfterExpiry(session, session.fetchRead(), .connectionReset)
                try await failureAfterExpiry(session, session.fetchAllRead(), .connectionReset)
            },
            clause("caching.failureWithNothingCachedThrows",
                   "with nothing cached, a read the remote fails (503, reset) throws: never nil, an empty list or the 503's body; the failure is not cached") { session in
                try await failureWithNothingCached(session, session.fetchRead(), nothing: nil, "nil, as if the remote had no such entity")
                try await failureWithNothingCached(session, session.fetchAllRead(), nothing: [], "an empty list, as if the remote held nothing")
            },
        ]
    }

    /// What the value a failed read returned is, when it is the answer the fault carried.
    private static func faultLabel(_ fault: Fault) -> String {
        if let status = fault.overriddenStatus {
            return "the body of the \(status) response: an error status is not data"
        }
        return "the remote's current value, which the failed request cannot have delivered"
    }

    /// Caches `read`, changes the remote, lets the entry expire, and reads it with every request answered
    /// by `fault`: the read must try the remote, then serve the stale entry or throw as the policy
    /// declares. Once the remote answers again, the next read makes one request and returns the
    /// remote's value: the failure did not make the stale entry fresh.
    private static func failureAfterExpiry<Value>(
        _ session: CachingSession<Entity>, _ read: CachingSession<Entity>.Read<Value>, _ fault: Fault
    ) async throws {
        let cachedAt = session.now
        let cached = read.remoteState()
        read.expect(try await read.perform(), cached, "the first \(read.name) at \(session.time)", "it must return what the remote holds", [])
        let current = read.changeRemote()
        session.advance(to: cachedAt + session.wellPastTTL)

        let rule = session.server.playback.inject(fault, when: .any)
        let (result, requests) = try await session.attemptCounting(read.perform)
        session.server.playback.removeFault(rule)
        let what = "\(read.name) at \(session.time), of an entry cached at t = \(cachedAt.secondsText) (\(session.ttlText)), "
            + "with every request answered by \(fault),"
        session.expectSomeRequest(requests, what, "an expired entry must be refreshed from the remote before the stale one may be served")
        let declared = "the declared upstream-failure policy is to \(session.policy) "
            + "(conformance declared at \(session.context.conformance.declaredAt))"
        switch (session.policy.kind, result) {
        case (.serveStale, .success(let value)):
            read.expect(value, cached, what, declared, [(current, faultLabel(fault))])
        case (.serveStale, .failure(let error)):
            session.context.fail("\(what) threw: \(declared)", expected: "the stale entry: \(read.text(cached))",
                                 actual: "threw \(describe(error))")
        case (.throwError, .success(let value)):
            let label = read.same(value, cached) ? " (the stale entry)" : read.same(value, current) ? " (\(faultLabel(fault)))" : ""
            session.context.fail("\(what) returned a value\(label): \(declared)", expected: "an error",
                                 actual: read.text(value) + label)
        case (.throwError, .failure(let error)):
            session.expectDeclaredKind(error, what)
        }

        let (found, again) = try await session.counting(read.perform)
        let recovered = "\(read.name) at \(session.time), once the remote answers again after the failure,"
        let why = "the entry is still expired, and serving it stale (or failing) must not make it fresh again"
        session.expectOneRequest(again, recovered, why)
        read.expect(found, current, recovered, why, [(cached, "the stale entry")])
    }

    /// Reads `read` with nothing cached and every request answered by each fault in turn: it must throw
    /// (what the policy declares, if it names a kind), not return `nothing` or the fault's body. Then,
    /// with the remote answering, the next read makes a request and returns the remote's value.
    private static func failureWithNothingCached<Value>(
        _ session: CachingSession<Entity>, _ read: CachingSession<Entity>.Read<Value>, nothing: Value, _ nothingText: String
    ) async throws {
        let remote = read.remoteState()
        for fault in faults {
            let rule = session.server.playback.inject(fault, when: .any)
            let (result, requests) = try await session.attemptCounting(read.perform)
            session.server.playback.removeFault(rule)
            let what = "\(read.name) at \(session.time), with nothing cached and every request answered by \(fault),"
            session.expectSomeRequest(requests, what, "with nothing cached, only the remote can answer")
            switch result {
            case .success(let value):
                let label = read.same(value, nothing) ? " (\(nothingText))" : read.same(value, remote) ? " (\(faultLabel(fault)))" : ""
                session.context.fail("\(what) returned a value\(label): a failure with nothing to fall back on must throw",
                                     expected: "an error", actual: read.text(value) + label)
            case .failure(let error):
                session.expectDeclaredKind(error, what)
            }
        }
        let (found, requests) = try await session.counting(read.perform)
        let recovered = "\(read.name) at \(session.time), once the remote answers again,"
        session.expectOneRequest(requests, recovered, "nothing is cached: a failure is not an entry")
        read.expect(found, remote, recovered, "it must return what the remote holds", [(nothing, nothingText)])
    }
}
