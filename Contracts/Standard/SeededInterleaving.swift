import ContractEngine

/// Runs a clause's tasks released together on a ``SeededScheduler`` with a fresh seed, where the runtime
/// has task executors: every job of the tasks (a task starting, a call into an actor, a hop onto an actor
/// with calls queued, a resumption) is a place where another task may run first, so a race through a
/// plain `await` shows in most runs instead of few. Work the scheduler does not see (the main actor, a
/// callback from another thread) runs as it would anyway; a clause reads what happened, never the seed.
enum SeededInterleaving {
    static func run<Output: Sendable>(_ body: @escaping @Sendable () async throws -> Output) async throws -> Output {
        guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { return try await body() }
        let result = await SeededScheduler(seed: .random(in: 1...UInt64.max)).run { () -> Result<Output, any Error> in
            do { return .success(try await body()) } catch { return .failure(error) }
        }
        return try result.get()
    }
}
