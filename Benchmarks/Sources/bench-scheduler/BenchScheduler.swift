import BenchStores
import ContractEngine
import Foundation
import ModelChecking

/// What the seeded scheduler costs the model-based check's parallel plans: the default parallel budget
/// (``ModelCheck/defaultParallelRuns`` plans × ``ModelCheck/defaultRepetitions`` runs, after one sequential
/// run) on an in-memory actor, with the plans' tasks on the seeded scheduler and with them interleaving
/// freely on the default executor (`REPOSITORY_CONTRACTS_SCHEDULER=free`, the check before the scheduler),
/// alternated, `runs` times each; prints every run, the median of each and their ratio.
///
/// `swift run -c release bench-scheduler [runs]`
@main
enum BenchScheduler {
    struct Todo: Identifiable, Equatable, Sendable, Codable {
        var id: Int
        var title: String
        var done: Bool
    }

    static let conformance = Conformance<CRUD<Todo>>(
        "in-memory actor", capabilities: [.create, .update, .delete, .concurrentAccess], ordering: .insertion
    ) {
        InMemoryStore<Todo>().witness
    }

    static let factory = EntityFactory<Todo>(
        make: { Todo(id: $0, title: "Todo \($0)", done: false) }, mutate: { var todo = $0; todo.done.toggle(); return todo }, identity: \.id)

    static func main() async {
        let runs = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 9
        let clock = ContinuousClock()
        var seeded: [Duration] = [], free: [Duration] = []
        for run in 0..<runs {
            for scheduled in [true, false] {
                if scheduled { unsetenv("REPOSITORY_CONTRACTS_SCHEDULER") } else { setenv("REPOSITORY_CONTRACTS_SCHEDULER", "free", 1) }
                let start = clock.now
                let result = await ModelCheck.check(conformance, factory: factory, runs: 1, seed: UInt64(run + 1))
                let elapsed = clock.now - start
                let summary = "\(ModelCheck.defaultParallelRuns) parallel plans × \(ModelCheck.defaultRepetitions) runs linearizable"
                precondition(result.passed && result.description.contains(summary) && !result.description.contains("did not control"), "\(result)")
                if scheduled { seeded.append(elapsed) } else { free.append(elapsed) }
                FileHandle.standardError.write(Data("run \(run + 1) \(scheduled ? "seeded" : "free"): \(milliseconds(elapsed)) ms\n".utf8))
            }
        }
        let seededMedian = median(seeded), freeMedian = median(free)
        print(String(
            format: "default parallel budget (%d plans × %d runs) on an in-memory actor, median of %d: seeded scheduler %.1f ms, free interleaving %.1f ms, ratio %.2f",
            ModelCheck.defaultParallelRuns, ModelCheck.defaultRepetitions, runs, seededMedian, freeMedian, seededMedian / freeMedian))
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1_000 + Double(duration.components.attoseconds) / 1e15
    }

    static func median(_ values: [Duration]) -> Double {
        milliseconds(values.sorted()[values.count / 2])
    }
}
