import ContractEngine
import ModelChecking
import RepositoryContractsPrimitives
import Testing

/// A call that never returns is reported as hung, naming the step and the side, instead of holding the
/// check forever.
@Suite("Protocol model check: a conformer that hangs")
struct HangingCallTests {
    /// `remove(url:)` never returns: it waits on a continuation nobody resumes.
    final class HangingRemove: BookmarkStore {
        private let base = InMemoryBookmarks()
        private static let parked = Protected<[CheckedContinuation<Void, Never>]>([])

        func add(_ url: String, tags: Set<String>) async throws -> Bookmark { await base.add(url, tags: tags) }
        func bookmarks(tagged tag: String) async throws -> [Bookmark] { await base.bookmarks(tagged: tag) }
        func rename(url: String, to newURL: String) async throws { try await base.rename(url: url, to: newURL) }
        func all() async throws -> [Bookmark] { await base.all() }
        func remove(url: String) async throws {
            await withCheckedContinuation { continuation in Self.parked.withLock { $0.append(continuation) } }
        }
    }

    @Test("the hung call ends the run: reported as it ran, the step and the side named, not shrunk")
    func hangReported() async throws {
        let result = await ProtocolModelCheck.check(
            model: { InMemoryBookmarks() }, subject: { HangingRemove() }, operations: BookmarkOperations.all,
            runs: 10, seed: 5, callTimeout: .milliseconds(200))
        let failure = try #require(result.failure, "\(result)")
        #expect(failure.divergence.hung)
        #expect(failure.divergence.operation == "remove(url:)")
        #expect(failure.divergence.subject.hasPrefix("did not return"), "\(result)")
        #expect(failure.shrinkAttempts == 0)
        #expect(failure.steps.count == failure.originalStepCount)
        #expect(result.description.contains("remove(url:): its call on the subject did not return"), "\(result)")
    }

    /// `remove(url:)` never returns, and counts its calls in `calls`.
    final class CountedHangingRemove: BookmarkStore {
        private let base = InMemoryBookmarks()
        private let calls: Protected<Int>
        private let parked = Protected<[CheckedContinuation<Void, Never>]>([])

        init(calls: Protected<Int>) { self.calls = calls }

        func add(_ url: String, tags: Set<String>) async throws -> Bookmark { await base.add(url, tags: tags) }
        func bookmarks(tagged tag: String) async throws -> [Bookmark] { await base.bookmarks(tagged: tag) }
        func rename(url: String, to newURL: String) async throws { try await base.rename(url: url, to: newURL) }
        func all() async throws -> [Bookmark] { await base.all() }
        func remove(url: String) async throws {
            calls.withLock { $0 += 1 }
            await withCheckedContinuation { continuation in parked.withLock { $0.append(continuation) } }
        }
    }

    @Test("the hung call is made once: its run is given up and run again with that call failing at once")
    func hungCallMadeOnce() async throws {
        let calls = Protected(0)
        let result = await ProtocolModelCheck.check(
            model: { InMemoryBookmarks() }, subject: { CountedHangingRemove(calls: calls) }, operations: BookmarkOperations.all,
            runs: 10, seed: 5, callTimeout: .milliseconds(200))
        let failure = try #require(result.failure, "\(result)")
        #expect(failure.divergence.hung && failure.divergence.operation == "remove(url:)")
        #expect(calls.withLock { $0 } == 1)
    }

    @Test("two checks side by side (async let), one hanging: each run's calls stay its own; one reports the hang, the other passes")
    func hangingCheckBesideAPassingOne() async throws {
        async let hanging = ProtocolModelCheck.check(
            model: { InMemoryBookmarks() }, subject: { HangingRemove() }, operations: BookmarkOperations.all,
            runs: 10, seed: 5, callTimeout: .milliseconds(200))
        async let passing = ProtocolModelCheck.check(
            model: { InMemoryBookmarks() }, subject: { InMemoryBookmarks() }, operations: BookmarkOperations.all,
            runs: 30, seed: 5, callTimeout: .milliseconds(200))
        let (hung, passed) = await (hanging, passing)
        let failure = try #require(hung.failure, "\(hung)")
        #expect(failure.divergence.hung && failure.divergence.operation == "remove(url:)")
        #expect(passed.passed, "\(passed)")
        #expect(passed.runs == 30)
    }
}
