import Foundation
import RepositoryContracts
import Testing
import TodoExample

/// The `UserDefaults` repository, ported with its bugs, run through the CRUD contract with each
/// clause in its own process (the crash-isolation recipe from the README): one of its bugs is a trap.
///
/// The exact set of clauses it fails is asserted, so a weakened contract turns this suite red.
///
/// Serialized: exit tests run in parallel keep the concurrency pool's threads busy while their children
/// run, and starve every other test of the run (see the CrashIsolation article).
@Suite("UserDefaults port", .serialized)
struct UserDefaultsPortContractTests {
    static let contract = Contract.crud(factory: ExampleContracts.datedTodoFactory)

    /// Each bug of the port, and the clauses that name it.
    static let failingClauses: [String: String] = [
        "fetchAll.emptyRepository": "fetch returns without calling its completion when nothing is stored",
        "fetch.unknownIDOnEmpty": "fetch returns without calling its completion when nothing is stored",
        "delete.lastLeavesEmpty": "fetch loops over 1...count, which traps once the arrays are stored empty",
        "delete.leavesTwinsUntouched": "delete removes every equal title, so its twin's title goes too",
        "update.leavesTwinsUntouched": "update rewrites the first equal title, which is the twin's",
        "create.existingIDFollowsPolicy": "save stores duplicates: two to-dos under one identity",
    ]
    static let crashingClause = "delete.lastLeavesEmpty"

    // Exit tests exist only where a test can start a child process: macOS and Linux (not iOS, tvOS,
    // watchOS, visionOS); capturing a value in one (the case) is Swift Testing 6.3.
    #if compiler(>=6.3) && (os(macOS) || os(Linux))
    @Test("each clause, in a child process", arguments: contract.cases(for: ExampleContracts.userDefaults))
    func clauseInChildProcess(_ check: ContractCase<CRUD<DatedTodo>>) async {
        let bug = Self.failingClauses[check.clauseID]
        await withKnownIssue(Comment(rawValue: bug ?? "")) {
            // The recipe: capture the case by its Codable id, resolve it in the child, verify it there.
            await #expect(processExitsWith: .success) { [check = check as ContractCase<CRUD<DatedTodo>>] in
                await UserDefaultsPortContractTests.contract.resolving(check, for: ExampleContracts.userDefaults).verify()
            }
        } when: {
            bug != nil
        } matching: { issue in
            let text = String(describing: issue)
            return check.clauseID == Self.crashingClause ? text.contains("SIGILL") || text.contains("SIGTRAP") : text.contains(check.label)
        }
    }
    #endif

    @Test("the failures name the bug, not a symptom elsewhere")
    func messages() async throws {
        let report = await Self.contract.report(on: ExampleContracts.userDefaults, skipping: [Self.crashingClause])
        let message = { (id: String) in report.clauses.first { $0.id == id }?.message ?? "" }
        #expect(message("fetchAll.emptyRepository").hasPrefix("fetch(completion:) returned without ever calling its completion handler"))
        #expect(message("delete.leavesTwinsUntouched").contains("after deleting the second of two twins: fetchAll() is missing ids"))
        #expect(message("update.leavesTwinsUntouched").contains("after updating the second of two twins: fetchAll() returned a different value"))
        #expect(message("create.existingIDFollowsPolicy").contains("fetchAll() returned duplicate ids"))
        let failed = Set(report.clauses.filter { $0.status == .failed }.map(\.id))
        #expect(failed == Set(Self.failingClauses.keys).subtracting([Self.crashingClause]))
    }
}
