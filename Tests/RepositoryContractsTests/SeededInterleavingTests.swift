import Foundation
import RepositoryContractsPrimitives
import StandardContracts
import Testing

/// What the contract's race clauses run their tasks on, and how they name it.
@Suite("Seeded interleaving of the race clauses")
struct SeededInterleavingTests {
    /// An actor the tasks below call into, so that their order is the scheduler's to pick.
    private actor Log {
        var entries: [Int] = []
        func append(_ entry: Int) { entries.append(entry) }
    }

    /// The order four tasks reach the log in, each calling it three times.
    private static func order(round: Int = 1, environment: [String: String]) async throws -> ([Int], InterleavingSchedule) {
        let log = Log()
        let (_, schedule) = try await SeededInterleaving.run(round: round, environment: environment) {
            await withTaskGroup(of: Void.self) { group in
                for task in 0..<4 {
                    group.addTask { for _ in 0..<3 { await log.append(task) } }
                }
            }
        }
        return (await log.entries, schedule)
    }

    @Test("REPOSITORY_CONTRACTS_SEED fixes the schedule: the same order each time, named with the line that runs it again")
    func seedFromEnvironment() async throws {
        let environment = [EnvironmentVariable.seed: "0x2a"]
        let (first, schedule) = try await Self.order(environment: environment)
        #expect(schedule == .seeded(42, controlled: true))
        #expect(schedule.description == "on schedule 0x000000000000002a: REPOSITORY_CONTRACTS_SEED=0x000000000000002a runs it again")
        for _ in 1...5 {
            #expect(try await Self.order(environment: environment).0 == first)
        }
    }

    @Test("a later round runs on a seed drawn from the first, the same for a given seed, and not the first's")
    func rounds() async throws {
        let environment = [EnvironmentVariable.seed: "7"]
        let (_, second) = try await Self.order(round: 2, environment: environment)
        let (_, again) = try await Self.order(round: 2, environment: environment)
        let (_, third) = try await Self.order(round: 3, environment: environment)
        #expect(second == again && second != .seeded(7, controlled: true) && third != second, "\(second) \(third)")
    }

    @Test("the seed the project's tests fix wins over the environment's; without either, runs differ")
    func fixedSeedAndRandomSeeds() async throws {
        let (_, fixed) = try await SeededInterleaving.$fixedSeed.withValue(5) {
            try await Self.order(environment: [EnvironmentVariable.seed: "6"])
        }
        #expect(fixed == .seeded(5, controlled: true))
        var orders: Set<[Int]> = []
        for _ in 1...10 { orders.insert(try await Self.order(environment: [:]).0) }
        #expect(orders.count > 1, "10 random seeds gave one order: \(orders)")
    }

    @Test("REPOSITORY_CONTRACTS_SCHEDULER=free runs on the default executor and says so")
    func free() async throws {
        let (entries, schedule) = try await Self.order(environment: [EnvironmentVariable.scheduler: "FREE", EnvironmentVariable.seed: "1"])
        #expect(entries.count == 12)
        #expect(schedule == .free("REPOSITORY_CONTRACTS_SCHEDULER=free"))
        #expect(schedule.description == "on the default executor (REPOSITORY_CONTRACTS_SCHEDULER=free)")
    }

    @Test("work coming back from the main actor makes the schedule say its seed may not replay it")
    func uncontrolled() async throws {
        // A hop to the main actor always comes back as a job enqueued from the main queue. (A continuation
        // resumed from another thread is no test of this: when the thread resumes it before the task has
        // suspended, the task goes on without any job.)
        let (_, schedule) = try await SeededInterleaving.run(environment: [EnvironmentVariable.seed: "3"]) {
            await MainActor.run { _ = 1 }
        }
        #expect(schedule == .seeded(3, controlled: false))
        #expect(schedule.description.contains("work came from outside the seeded scheduler, so the seed may not replay it"))
    }

    @Test("an error the tasks throw comes out of the run as it was thrown")
    func thrownErrors() async throws {
        struct Refused: Error, Equatable {}
        await #expect(throws: Refused()) {
            _ = try await SeededInterleaving.run(environment: [:]) { () async throws -> Int in throw Refused() }
        }
    }
}
