import Foundation
import RepositoryContracts
import Testing
import TodoExample

/// Each deliberately wrong caching repository (or wrong declaration) fails exactly the caching clauses
/// that name its bug, and passes every other one.
@Suite("Caching contract: broken conformers")
struct CachingBrokenConformerTests {
    static let contract = CachingContractTests.contract

    /// Runs every clause on `conformance` (each with `run()`), and returns the failure messages of the
    /// clauses that failed, by clause id; records an issue for any clause that neither passed nor failed.
    static func failed(_ conformance: Conformance<Caching<Todo>>) async -> [String: String] {
        var failed: [String: String] = [:]
        for check in contract.cases(for: conformance) {
            let result = await check.run()
            switch result.status.kind {
            case .passed: break
            case .failed: failed[result.id] = result.message ?? ""
            case .skipped, .crashed: Issue.record("\(result.id) ended \(result.status): \(result.message ?? "")")
            }
        }
        return failed
    }

    /// The failures as `id: message` lines, for an expectation on which clauses failed to show why.
    static func messages(_ failed: [String: String]) -> String {
        failed.sorted { $0.key < $1.key }.map { "\n\($0.key): \($0.value)" }.joined()
    }

    static let expiry: Set<String> = ["caching.fetchExpiresAtTTL", "caching.fetchAllExpiresAtTTL"]
    static let invalidation: Set<String> = ["caching.createInvalidates", "caching.updateInvalidates", "caching.deleteInvalidates"]
    static let failureAfterExpiry: Set<String> = ["caching.serviceUnavailableAfterExpiry", "caching.connectionResetAfterExpiry"]

    @Test("an entry still fresh at age == TTL fails exactly the expiry clauses")
    func ttlOffByOne() async {
        let failed = await Self.failed(CachingTodos.conformance("ttl off by one", flaw: .ttlOffByOne))
        #expect(Set(failed.keys) == Self.expiry, "the messages: \(Self.messages(failed))")
        let message = failed["caching.fetchExpiresAtTTL"] ?? ""
        #expect(message.contains("fetch(id: 1) at t = 60 s, when the entry cached at t = 0 s is exactly one TTL (60 s) old, made no request"))
        #expect(message.contains("expected: 1 request"))
        #expect(message.contains("(the stale cached value)"))
        #expect(failed["caching.fetchAllExpiresAtTTL"]?.contains("fetchAll() at t = 60 s") == true)
    }

    @Test("writes that leave the cache alone fail exactly the invalidation clauses")
    func neverInvalidates() async {
        let failed = await Self.failed(CachingTodos.conformance("never invalidates", flaw: .neverInvalidates))
        #expect(Set(failed.keys) == Self.invalidation, "the messages: \(Self.messages(failed))")
        #expect(failed["caching.createInvalidates"]?.contains("fetch(id: 2) at t = 0 s, right after create(_:) of id 2, returned nil (the value cached before the write)") == true)
        #expect(failed["caching.updateInvalidates"]?.contains("returned another value (the value cached before the write)") == true)
        #expect(failed["caching.deleteInvalidates"]?.contains("returned another list (the list cached before the write)") == true)
    }

    @Test("a repository on the wall clock instead of the injected one never expires anything")
    func wallClock() async {
        let conformance = Conformance<Caching<Todo>>.caching(
            "wall clock", ttl: CachingTodos.ttl, whenUpstreamFails: .serveStale, remote: CachingTodos.remote
        ) { env in
            CachingTodoRepository(baseURL: env.baseURL, ttl: CachingTodos.ttl, clock: ContinuousClock())
        }
        let failed = await Self.failed(conformance)
        #expect(Set(failed.keys) == Self.expiry.union(Self.failureAfterExpiry).union(["caching.absentExpires"]), "the messages: \(Self.messages(failed))")
        #expect(failed["caching.absentExpires"]?.contains("returned nil (the nil cached at t = 0 s)") == true)
    }

    @Test("a repository with no cache fails exactly the freshness clauses")
    func noCache() async {
        let conformance = Conformance<Caching<Todo>>.caching(
            "no cache", ttl: CachingTodos.ttl, whenUpstreamFails: .throwError(.unavailable), remote: CachingTodos.remote
        ) { env in
            HTTPTodoRepository(baseURL: env.baseURL)
        }
        let failed = await Self.failed(conformance)
        #expect(Set(failed.keys) == Self.expiry.union(["caching.fetchServedFromCache", "caching.fetchAllServedFromCache"]), "the messages: \(Self.messages(failed))")
        #expect(failed["caching.fetchServedFromCache"]?.contains("went to the remote: a fresh entry is served from the cache") == true)
        #expect(failed["caching.fetchServedFromCache"]?.contains("1 request: GET /todos/1") == true)
    }

    @Test("a repository that turns failures into empty answers fails the no-fallback clause")
    func swallowsErrors() async {
        let conformance = Conformance<Caching<Todo>>.caching(
            "swallows errors", ttl: CachingTodos.ttl, whenUpstreamFails: .serveStale, remote: CachingTodos.remote
        ) { env in
            let cache = CachingTodoRepository(baseURL: env.baseURL, ttl: CachingTodos.ttl, clock: env.clock)
            var witness = RepositoryWitness(cache)
            witness.fetch = { id in try? await cache.fetch(id: id) }
            witness.fetchAll = { (try? await cache.fetchAll()) ?? [] }
            return witness
        }
        let failed = await Self.failed(conformance)
        #expect(Set(failed.keys) == ["caching.failureWithNothingCachedThrows"], "the messages: \(Self.messages(failed))")
        let message = failed["caching.failureWithNothingCachedThrows"] ?? ""
        #expect(message.contains("with nothing cached and every request answered by status 503, returned a value (nil, as if the remote had no such entity)"))
        #expect(message.contains("returned a value (an empty list, as if the remote held nothing)"))
    }

    @Test("a policy declared one way and implemented the other fails exactly the after-expiry failure clauses")
    func policyMismatch() async {
        let servesButDeclaresThrow = await Self.failed(
            CachingTodos.conformance("serves, declares throw", .serveStale, declaring: .throwError(.unavailable)))
        #expect(Set(servesButDeclaresThrow.keys) == Self.failureAfterExpiry, "the messages: \(Self.messages(servesButDeclaresThrow))")
        #expect(servesButDeclaresThrow["caching.serviceUnavailableAfterExpiry"]?
            .contains("returned a value (the stale entry): the declared upstream-failure policy is to throw unavailable") == true)

        let throwsButDeclaresStale = await Self.failed(
            CachingTodos.conformance("throws, declares stale", .throwError, declaring: .serveStale))
        #expect(Set(throwsButDeclaresStale.keys) == Self.failureAfterExpiry, "the messages: \(Self.messages(throwsButDeclaresStale))")
        #expect(throwsButDeclaresStale["caching.connectionResetAfterExpiry"]?
            .contains("threw: the declared upstream-failure policy is to serve the stale entry") == true)

        let wrongKind = await Self.failed(
            CachingTodos.conformance("throws unavailable, declares invalidResponse", .throwError, declaring: .throwError(.invalidResponse)))
        #expect(Set(wrongKind.keys) == Self.failureAfterExpiry.union(["caching.failureWithNothingCachedThrows"]), "the messages: \(Self.messages(wrongKind))")
        #expect(wrongKind["caching.serviceUnavailableAfterExpiry"]?.contains("threw an error that classifies as unavailable") == true)
    }

    @Test("a declared TTL longer than the repository's fails exactly the expiry clauses")
    func ttlMismatch() async {
        let failed = await Self.failed(CachingTodos.conformance("declares 90 s", ttl: .seconds(90)))
        #expect(Set(failed.keys) == Self.expiry, "the messages: \(Self.messages(failed))")
        #expect(failed["caching.fetchExpiresAtTTL"]?.contains("went to the remote: an entry is fresh while its age is less than the TTL") == true)
    }

    @Test("a non-positive TTL is reported as a conformance mistake")
    func zeroTTL() async {
        let failed = await Self.failed(CachingTodos.conformance("zero ttl", ttl: .zero))
        #expect(failed.count == Self.contract.clauses.count)
        #expect(failed.values.allSatisfy { $0.contains("conformance mistake in") && $0.contains("ttl is 0 s: a time to live must be positive") })
    }

    @Test("a subject that leaves a task sleeping on the clause's clock fails every clause at tear-down, naming the sleeper")
    func leakedSleeper() async {
        let leaking = Conformance.caching(
            "caching, leaves a refresher sleeping", ttl: CachingTodos.ttl, whenUpstreamFails: .serveStale,
            remote: CachingTodos.remote
        ) { environment in
            let repository = CachingTodoRepository(
                baseURL: environment.baseURL, ttl: CachingTodos.ttl, whenUpstreamFails: .serveStale, clock: environment.clock)
            // A background refresh nobody stops, asleep before the clause starts.
            Task { try? await environment.clock.sleep(for: .seconds(86_400 * 365)) }
            await environment.clock.waitForSleepers(count: 1)
            return repository
        }
        let failed = await Self.failed(leaking)
        #expect(Set(failed.keys) == Set(Self.contract.cases(for: leaking).map(\.clauseID)), "the messages: \(Self.messages(failed))")
        #expect(failed.values.allSatisfy { $0.contains("the subject left work waiting on the mock clock after the clause") })
        #expect(failed.values.allSatisfy { $0.contains("1 sleeper was still pending on the mock clock") })
    }
}
