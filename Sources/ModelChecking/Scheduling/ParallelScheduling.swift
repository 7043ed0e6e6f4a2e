package import ContractEngine
import Foundation
import RepositoryContractsPrimitives

/// Whether a check's parallel runs are in a seeded scheduler's hands. They are for a conformer whose work
/// stays on default actors and structured tasks: each run's tasks run on a ``SeededScheduler`` of the
/// run's schedule seed, so the same seed replays the same interleaving. The first run in which work came
/// back from elsewhere (the main actor, a custom executor, an unstructured task, a callback from another
/// thread) turns scheduling off for the rest of the check, and the report names that work.
package final class ParallelScheduling: Sendable {
    /// Turns the scheduler off for the checks started in the scope: their tasks interleave freely, as
    /// before the scheduler (to measure what it adds).
    @TaskLocal package static var isTurnedOff = false

    private let lost = Protected<SchedulerReport?>(nil)
    private let isOn: Bool

    /// Scheduling for one check: on unless turned off in the scope or by `REPOSITORY_CONTRACTS_SCHEDULER=free`
    /// in `environment`.
    package init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let setting = EnvironmentVariable.value(of: EnvironmentVariable.scheduler, in: environment)
        isOn = !Self.isTurnedOff && setting?.lowercased() != "free"
    }

    /// The run that showed work the scheduler does not control, if one did: the check's later runs
    /// interleave freely.
    package var uncontrolled: UncontrolledWork? { lost.withLock { $0 }.map(UncontrolledWork.init) }

    /// Runs `body` (a run's tasks) on a scheduler seeded `seed` while the conformer's work stays in its
    /// hands, else freely; the seed when every job was picked by it, else `nil`.
    package func run<Value: Sendable>(seed: UInt64, _ body: @escaping @Sendable () async -> Value) async -> (value: Value, schedule: UInt64?) {
        guard isOn, lost.withLock({ $0 }) == nil,
            #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        else { return (await body(), nil) }
        let scheduler = SeededScheduler(seed: seed)
        let value = await scheduler.run(body)
        let report = scheduler.report
        if report.controlled { return (value, seed) }
        // A stalled call is reported as such; work from elsewhere turns scheduling off for the conformer.
        if !report.released { lost.withLock { if $0 == nil { $0 = report } } }
        return (value, nil)
    }
}

/// Work a seeded scheduler saw come back from outside its hands, in a report's words.
package struct UncontrolledWork: Sendable, Equatable, CustomStringConvertible {
    /// Jobs that came back from the main thread.
    package var jobsFromMainThread: Int
    /// Jobs that came back from other threads.
    package var jobsFromOtherThreads: Int

    /// The work `report` counted.
    package init(_ report: SchedulerReport) {
        jobsFromMainThread = report.jobsFromMainThread
        jobsFromOtherThreads = report.jobsFromOtherThreads
    }

    package var description: String {
        var sources: [String] = []
        if jobsFromMainThread > 0 { sources.append("\(jobsFromMainThread) from the main thread (work on the main actor)") }
        if jobsFromOtherThreads > 0 {
            sources.append("\(jobsFromOtherThreads) from other threads (an actor with a custom executor, an unstructured `Task {}` "
                + "or detached task, a callback from URLSession or a database driver)")
        }
        return "the seeded scheduler did not control this conformer: in one run, jobs came back "
            + sources.joined(separator: " and ") + "; its plans ran with free interleaving from then on"
    }
}
