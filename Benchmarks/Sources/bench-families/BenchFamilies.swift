import ContractEngine
import Foundation
import MockTime
import StandardContracts

/// What the contract families add to one run of the CRUD contract on an in-memory conformer: the whole
/// contract on a note store with every family declared (store-maintained fields, a sort, pages,
/// optimistic concurrency, soft delete, batches, a query, refused writes), and on the same store with
/// none declared (the family clauses then skip), alternated, `runs` times each; prints the medians and
/// the difference.
///
/// `swift run -c release bench-families [runs]` (and without `-c release` for a debug build).
@main
enum BenchFamilies {
    static func main() async {
        let runs = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 11
        let contract = Contract.crud(factory: NoteStore.factory)
        let clock = ContinuousClock()
        var families: [Duration] = [], plain: [Duration] = []
        var familyClauses = 0, plainClauses = 0
        for _ in 0..<runs {
            for declared in [true, false] {
                let start = clock.now
                let report = await contract.report(on: NoteStore.conformance(declaringFamilies: declared))
                let elapsed = clock.now - start
                let failed = report.clauses.filter { $0.status == .failed }
                precondition(failed.isEmpty, "the in-memory note store failed: \(failed.map { "\($0.id): \($0.message ?? "")" })")
                let passed = report.clauses.filter { $0.status == .passed }.count
                if declared {
                    families.append(elapsed)
                    familyClauses = passed
                } else {
                    plain.append(elapsed)
                    plainClauses = passed
                }
            }
        }
        print(String(format: "one CRUD run on an in-memory note store, median of %d: families declared %.1f ms (%d clauses run), "
                     + "none declared %.1f ms (%d clauses run), the families add %.1f ms",
                     runs, milliseconds(median(families)), familyClauses, milliseconds(median(plain)), plainClauses,
                     milliseconds(median(families)) - milliseconds(median(plain))))
    }

    static func median(_ values: [Duration]) -> Duration {
        values.sorted()[values.count / 2]
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1_000 + Double(duration.components.attoseconds) / 1e15
    }
}
