import RepositoryContractsPrimitives
import ContractEngine
import MockTime
import RecordReplay

/// The requests the remote received during one call.
struct RemoteRequests: CustomStringConvertible {
    let entries: [JournalEntry]

    var count: Int { entries.count }

    /// "no request", "1 request: GET /todos/3", "2 requests: GET /todos (status 503), GET /todos (status 503)".
    var description: String {
        switch entries.count {
        case 0: return "no request"
        case let count:
            let list = entries.map { entry in
                let faults = entry.faults.isEmpty ? "" : " (\(entry.faults.map(\.description).joined(separator: ", ")))"
                return "\(entry.method) \(entry.path)\(faults)"
            }
            return "\(count) request\(count == 1 ? "" : "s"): " + abbreviate(list.joined(separator: ", "), limit: 400)
        }
    }
}

extension CachingSession {
    /// The subject: the repository under test, through the engine's watchdog.
    var subject: MonitoredRepository<Entity> { context.subject }
    /// The declared time to live.
    var ttl: Duration { declaration.ttl }
    /// The declared upstream-failure policy.
    var policy: UpstreamFailurePolicy { declaration.whenUpstreamFails }

    /// The time on the clause's clock since the clause began.
    var now: Duration { clock.now.offset }

    /// "t = 59.999 s": the clause's time, for messages.
    var time: String { "t = \(now.secondsText)" }

    /// The TTL, for messages: "TTL 60 s".
    var ttlText: String { "TTL \(ttl.secondsText)" }

    /// The latest age at which an entry is still fresh, as the clauses probe it: 1 ms under the TTL (half
    /// the TTL when that is shorter), well above the precision of a `Date` timestamp.
    var justUnderTTL: Duration { ttl - min(.milliseconds(1), ttl / 2) }

    /// An age at which every entry is stale, whatever the rounding: twice the TTL.
    var wellPastTTL: Duration { ttl * 2 }

    /// Moves the clock to `offset` after the clause's start (never backwards).
    func advance(to offset: Duration) {
        clock.advance(by: offset - now)
    }

    /// Stores `entities` in the remote, behind the cache's back.
    func seed(_ entities: [Entity]) {
        for entity in entities { records.insert(entity) }
    }

    /// Runs `call` and returns what it returned with the requests the remote received meanwhile.
    func counting<Value: Sendable>(_ call: () async throws -> Value) async throws -> (Value, RemoteRequests) {
        let before = server.journal.count
        let value = try await call()
        return (value, RemoteRequests(entries: Array(server.journal.dropFirst(before))))
    }

    /// Like ``counting(_:)`` for a call that may legitimately throw (see ``ClauseContext/attempt(_:)``).
    func attemptCounting<Value: Sendable>(
        _ call: () async throws -> Value
    ) async throws -> (Result<Value, any Error>, RemoteRequests) {
        try await counting { try await context.attempt(call) }
    }

    // MARK: Expectations

    /// Records a failure unless `requests` is empty.
    func expectNoRequest(_ requests: RemoteRequests, _ what: String, _ why: String) {
        if requests.count != 0 {
            context.fail("\(what) went to the remote: \(why)", expected: "no request", actual: requests.description)
        }
    }

    /// Records a failure unless `requests` holds exactly one request.
    func expectOneRequest(_ requests: RemoteRequests, _ what: String, _ why: String) {
        if requests.count != 1 {
            context.fail("\(what) made \(requests.count == 0 ? "no request" : "\(requests.count) requests"): \(why)",
                         expected: "1 request", actual: requests.description)
        }
    }

    /// Records a failure unless `requests` holds at least one request.
    func expectSomeRequest(_ requests: RemoteRequests, _ what: String, _ why: String) {
        if requests.count == 0 {
            context.fail("\(what) made no request: \(why)", expected: "at least 1 request", actual: requests.description)
        }
    }

    /// Whether two optional entities count as the same (both `nil`, or equivalent).
    func same(_ lhs: Entity?, _ rhs: Entity?) -> Bool {
        switch (lhs, rhs) {
        case (nil, nil): true
        case (let lhs?, let rhs?): context.repositoryPromises.equivalence(lhs, rhs)
        default: false
        }
    }

    /// Whether two lists hold the same entities (by id, equivalent values, no duplicates), in any order.
    func same(_ lhs: [Entity], _ rhs: [Entity]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        return rhs.allSatisfy { entity in
            lhs.filter { $0.id == entity.id }.count == 1 && lhs.contains { same($0, entity) }
        }
    }

    /// Records a failure unless `actual` is `expected`; the actual value is named when it is one of the
    /// `known` states ("the remote's current value").
    func expectValue(
        _ actual: Entity?, _ expected: Entity?, _ what: String, _ why: String, known: [(Entity?, String)] = []
    ) {
        guard !same(actual, expected) else { return }
        let label = known.first { same(actual, $0.0) }.map { " (\($0.1))" } ?? ""
        context.fail("\(what) returned \(actual == nil ? "nil" : "another value")\(label): \(why)",
                     expected: text(expected), actual: text(actual) + label)
    }

    /// Records a failure unless `actual` holds the entities of `expected` (in any order); the actual list
    /// is named when it is one of the `known` states.
    func expectList(
        _ actual: [Entity], _ expected: [Entity], _ what: String, _ why: String, known: [([Entity], String)] = []
    ) {
        guard !same(actual, expected) else { return }
        let label = known.first { same(actual, $0.0) }.map { " (\($0.1))" } ?? ""
        context.fail("\(what) returned another list\(label): \(why)",
                     expected: abbreviate(expected, limit: 400), actual: abbreviate(actual, limit: 400) + label)
    }

    /// Records a failure when the policy declares an error kind and `error` classifies as another.
    func expectDeclaredKind(_ error: any Error, _ what: String) {
        guard let kind = policy.declaredErrorKind else { return }
        let actual = context.repositoryPromises.classifyError(error)
        if actual != kind {
            context.fail(
                "\(what) threw an error that classifies as \(actual.map(\.rawValue) ?? "no kind"), but the declared "
                    + "upstream-failure policy is \(policy) (conformance declared at \(context.conformance.declaredAt))",
                expected: kind.rawValue, actual: "\(actual.map(\.rawValue) ?? "nil"): \(describe(error))")
        }
    }

    private func text(_ entity: Entity?) -> String {
        entity.map { abbreviate($0) } ?? "nil"
    }
}
