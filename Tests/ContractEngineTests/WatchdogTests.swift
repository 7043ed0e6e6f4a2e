import ContractEngine
import Testing

/// Holds continuations forever: an operation that never completes and ignores cancellation.
private final class BlackHole: Sendable {
    private let parked = Protected<[CheckedContinuation<[Item], Never>]>([])
    func swallow() async -> [Item] {
        await withCheckedContinuation { continuation in parked.withLock { $0.append(continuation) } }
    }
    func release() { parked.withLock { $0.forEach { $0.resume(returning: []) }; $0 = [] } }
}

@Suite("Watchdog")
struct WatchdogTests {
    @Test("an operation that never completes fails its clause naming the call and the limit, and the run goes on")
    func hangingOperation() async throws {
        let hole = BlackHole()
        defer { hole.release() }
        var conformance = Item.conformance
        conformance.timeout = .milliseconds(50)
        let base = ItemStore.witness()
        conformance.makeSubject = {
            RepositoryWitness(create: base.create, fetch: base.fetch, fetchAll: { await hole.swallow() },
                              update: base.update, delete: base.delete)
        }
        let contract = Contract<Item>("watchdog", factory: Item.factory, clauses: [
            Clause("hangs", "fetchAll hangs") { context in _ = try await context.subject.fetchAll() },
            Clause("fine", "create works") { context in try await context.subject.create(context.newEntity()) },
        ])
        let report = await contract.report(on: conformance)
        #expect(report.clauses.map(\.status) == [.failed, .passed])
        let message = try #require(report.clauses.first?.failures.first?.message)
        #expect(message.hasPrefix("fetchAll() did not complete within 0.05 s"))
    }

    @Test("a clause body that throws its own error fails with that error")
    func throwingBody() async throws {
        struct Oops: Error {}
        let contract = Contract<Item>("errors", factory: Item.factory, clauses: [
            Clause("throws", "the body throws") { _ in throw Oops() },
        ])
        let result = try #require(await contract.cases(for: Item.conformance).first?.run())
        #expect(result.status == .failed)
        #expect(result.failures.first?.message.contains("Oops") == true)
    }

    @Test("a makeSubject that throws fails the clause and says the clause could not run")
    func throwingFactory() async throws {
        var conformance = Item.conformance
        conformance.makeSubject = { throw RepositoryError.unavailable("database is down") }
        let contract = Contract<Item>.init("setup", factory: Item.factory, clauses: [Clause("any", "anything") { _ in }])
        let result = try #require(await contract.cases(for: conformance).first?.run())
        #expect(result.status == .failed)
        #expect(result.failures.first?.message == "makeSubject() failed, so the clause could not run: RepositoryError.unavailable: database is down")
    }
}
