import Foundation
import MockTime
import ModelChecking
import Testing

/// A notebook with UUID ids and a race: `update` reads whether the note exists, suspends (an actor lets
/// other calls in at a suspension point), then writes, so an update racing a delete writes the deleted
/// note back.
actor RacyUUIDNoteBook: NoteBook {
    private var notes: [String: String] = [:]

    func create(_ text: String) -> Memo {
        let id = UUID().uuidString
        notes[id] = text
        return Memo(id: id, text: text)
    }

    func text(of id: String) -> String? { notes[id] }

    func update(id: String, text: String) async throws {
        guard notes[id] != nil else { throw NoteBookError.notFound }
        // The bug's suspension point (standing in for a database round trip), not a wait in a test.
        await Task.yield()
        notes[id] = text
    }

    func delete(id: String) { notes[id] = nil }
    func count() -> Int { notes.count }
}

/// The concurrent check where it meets the sequential check's other features: ids each side assigns
/// itself (with `agree:`) and time steps.
@Suite("Concurrent model check: ids each side assigns, agree:, and time steps")
struct ConcurrentCombinationTests {
    static func notes(_ subject: @escaping @Sendable () -> any NoteBook, seed: UInt64) async -> ConcurrentModelCheckResult {
        await ProtocolModelCheck.checkConcurrently(
            model: { CountingNoteBook() }, subject: subject, operations: NoteBookOperations.all,
            observe: { try await $0.count() }, seed: seed)
    }

    @Test("a store with UUID ids agrees with the fake's n1, n2… through agree: and each side's own ids, over several seeds",
          arguments: [UInt64(1), 2, 3])
    func uuidStorePasses(seed: UInt64) async {
        let result = await Self.notes({ UUIDNoteBook() }, seed: seed)
        #expect(result.passed, "\(result)")
    }

    @Test("the racing update is found, and the repro binds the prefix's create and passes its id on: no UUID literal is printed")
    func racyUpdateReproBindsIDs() async throws {
        var found = 0
        for seed in UInt64(1)...10 {
            let result = await Self.notes({ RacyUUIDNoteBook() }, seed: seed)
            guard let failure = result.failure else { continue }
            found += 1
            let lines = try #require(result.swiftLines)
            let uuid = /[0-9A-F]{8}-[0-9A-F]{4}-/
            #expect(!lines.contains { $0.contains(uuid) }, "a subject's UUID was printed:\n\(lines.joined(separator: "\n"))")
            let passedOn = (failure.prefix + failure.tasks.flatMap { $0 }).filter { $0.swift.contains("id: p") }
            #expect(!passedOn.isEmpty, "\(result)")
            for call in passedOn {
                let producer = try #require(call.swift.firstMatch(of: /id: (p\d+)\.id/)?.1, "\(call.swift)")
                #expect(lines.contains { $0.hasPrefix("let \(producer) = try await notes.create(") }, "\(lines.joined(separator: "\n"))")
            }
        }
        #expect(found >= 8, "the racing update was found in \(found) of 10 seeds")
    }

    static func cache(_ bug: ExpiringCache.Bug?, seed: UInt64) async -> ConcurrentModelCheckResult {
        let ttl = TTLCacheOperations.ttl
        return await ProtocolModelCheck.checkConcurrently(
            model: { let clock = MockClock(); return CacheSystem(cache: DictionaryTTLCache(ttl: ttl, clock: clock), clock: clock) },
            subject: { let clock = MockClock(); return CacheSystem(cache: ExpiringCache(ttl: ttl, clock: clock, bug: bug), clock: clock) },
            operations: TTLCacheOperations.all, observe: { try await $0.cache.count() }, seed: seed)
    }

    @Test("time steps run inside concurrent plans: the correct cache passes", arguments: [UInt64(1), 2, 3])
    func cachePassesWithTimeSteps(seed: UInt64) async {
        let result = await Self.cache(nil, seed: seed)
        #expect(result.passed, "\(result)")
    }

    @Test("an expiry bug is found by the concurrent check with a time step in the shrunk plan, printed as a statement")
    func cacheBugFoundWithTimeStep() async throws {
        var found = 0
        for seed in UInt64(1)...10 {
            let result = await Self.cache(.servedAtDeadline, seed: seed)
            guard let failure = result.failure else { continue }
            found += 1
            let calls = failure.prefix + failure.tasks.flatMap { $0 }
            #expect(calls.contains { $0.operation == "advance time" && $0.isStatement }, "\(result)")
            #expect(try #require(result.swiftLines).contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("clock.advance(by: ") }, "\(result)")
        }
        #expect(found >= 8, "found in \(found) of 10 seeds")
    }
}
