import ContractEngine
import Foundation
import RepositoryContractsPrimitives

/// Runs a clause's tasks released together on a ``SeededScheduler``, where the runtime has task
/// executors: every job of the tasks (a task starting, a call into an actor, a hop onto an actor with
/// calls queued, a resumption) is a place where another task may run first, so a race through a plain
/// `await` shows in most runs instead of few. Work the scheduler does not see (the main actor, a callback
/// from another thread) runs as it would anyway.
///
/// The seed is `REPOSITORY_CONTRACTS_SEED` when set, else a fresh random one; the clause names it in
/// what it reports (``InterleavingSchedule``), so a failure can be run again on the same interleaving.
/// `REPOSITORY_CONTRACTS_SCHEDULER=free` runs the tasks on the default executor instead.
package enum SeededInterleaving {
    /// The seed every run in this task uses instead of the environment's or a random one: the project's
    /// own tests use it to run a clause on chosen schedules.
    @TaskLocal package static var fixedSeed: UInt64?

    /// Runs `body` on a seeded scheduler, and returns what it returned with the schedule it ran on.
    ///
    /// A clause that races several rounds passes each round's number: round 1 runs on the seed, a later
    /// round on one drawn from it, so that a fixed seed still gives each round an interleaving of its own.
    /// The schedule a round reports is the seed it ran on: as the seed, it runs that interleaving in round 1.
    package static func run<Output: Sendable>(
        round: Int = 1, environment: [String: String] = ProcessInfo.processInfo.environment,
        _ body: @escaping @Sendable () async throws -> Output
    ) async throws -> (output: Output, schedule: InterleavingSchedule) {
        if EnvironmentVariable.value(of: EnvironmentVariable.scheduler, in: environment)?.lowercased() == "free" {
            return (try await body(), .free("\(EnvironmentVariable.scheduler)=free"))
        }
        guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else {
            return (try await body(), .free("no task executors on this platform version"))
        }
        let base = fixedSeed ?? EnvironmentVariable.seed(in: environment) ?? .random(in: 1...UInt64.max)
        var draws = SplitMix64(seed: base)
        let seed = round <= 1 ? base : (2...round).reduce(base) { _, _ in draws.next() }
        let scheduler = SeededScheduler(seed: seed)
        let result = await scheduler.run { () -> Result<Output, any Error> in
            do { return .success(try await body()) } catch { return .failure(error) }
        }
        return (try result.get(), .seeded(seed, controlled: scheduler.report.controlled))
    }
}

/// The interleaving a clause's concurrent calls ran on, as the clause's failure messages name it.
package enum InterleavingSchedule: Sendable, Equatable, CustomStringConvertible {
    /// On a seeded scheduler; `controlled` when every job of the calls was in its hands, so that the seed
    /// replays them.
    case seeded(UInt64, controlled: Bool)
    /// On the default executor, for the reason given.
    case free(String)

    /// "on schedule 0x…: REPOSITORY_CONTRACTS_SEED=0x… runs it again", or why it may not.
    package var description: String {
        switch self {
        case .free(let reason):
            return "on the default executor (\(reason))"
        case .seeded(let seed, controlled: false):
            return "on schedule \(EnvironmentVariable.text(ofSeed: seed)) (work came from outside the seeded scheduler, so the seed may not replay it)"
        case .seeded(let seed, controlled: true):
            let text = EnvironmentVariable.text(ofSeed: seed)
            return "on schedule \(text): \(EnvironmentVariable.seed)=\(text) runs it again"
        }
    }
}
