import BenchStores
import ContractEngine
import Foundation
import ModelChecking
import StandardContracts

/// What derived edge cases add to one run of the CRUD contract on an in-memory conformer: the whole
/// contract (every clause, each on a fresh subject) with `edgeCases: .derived` and with `.off`,
/// alternated, `runs` times each; prints the median of each and the difference.
///
/// `swift run -c release bench-contracts [runs]` (and without `-c release` for a debug build).
@main
enum BenchContracts {
    struct Todo: Identifiable, Equatable, Sendable, Codable {
        var id: Int
        var title: String
        var done: Bool
        var priority: Int
        var due: Date?
    }

    static func conformance(_ edgeCases: EdgeCases) -> Conformance<CRUD<Todo>> {
        Conformance("in-memory", ordering: .insertion, edgeCases: edgeCases) {
            InMemoryStore<Todo>().witness
        }
    }

    static func main() async {
        let runs = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 15
        let contract = Contract.crud(
            make: { Todo(id: $0, title: "Todo \($0)", done: false, priority: $0 % 5, due: nil) },
            mutate: { var todo = $0; todo.done.toggle(); return todo },
            identity: \.id)
        let clock = ContinuousClock()
        var derived: [Duration] = [], off: [Duration] = []
        for _ in 0..<runs {
            for (edgeCases, index) in [(EdgeCases.derived, 0), (.off, 1)] {
                let start = clock.now
                let report = await contract.report(on: conformance(edgeCases))
                let elapsed = clock.now - start
                precondition(report.clauses.allSatisfy { $0.status != .failed }, "the in-memory conformer failed: \(report)")
                if index == 0 { derived.append(elapsed) } else { off.append(elapsed) }
            }
        }
        func median(_ values: [Duration]) -> Double {
            let sorted = values.sorted()
            let middle = sorted[sorted.count / 2]
            return Double(middle.components.seconds) * 1_000 + Double(middle.components.attoseconds) / 1e15
        }
        let edgeCount = contract.terms.factory.edgeCases().count
        print(String(format: "one CRUD run, median of %d: derived %.1f ms, off %.1f ms, extra %.1f ms (%d derived edge cases)",
                     runs, median(derived), median(off), median(derived) - median(off), edgeCount))
        var checks: [Duration] = []
        for seed in UInt64(1)...UInt64(max(3, runs / 3)) {
            let start = clock.now
            let result = await ModelCheck.check(conformance(.derived), factory: contract.terms.factory, seed: seed)
            checks.append(clock.now - start)
            precondition(result.passed, "\(result)")
        }
        print(String(format: "one default model-based check (%d runs × %d steps), median of %d seeds: %.1f ms",
                     ModelCheck.defaultRuns, ModelCheck.defaultSteps, checks.count, median(checks)))
    }
}
