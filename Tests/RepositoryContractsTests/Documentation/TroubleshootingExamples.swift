import BrokenExamples
import ContractEngine
import RepositoryContractsPrimitives
import RepositoryContracts
import Foundation
import Testing
import TodoExample

/// Parks every call forever: an operation that never completes.
private final class NeverAnswers: Sendable {
    private let parked = Protected<[CheckedContinuation<[Todo], Never>]>([])
    func fetchAll() async -> [Todo] {
        await withCheckedContinuation { continuation in parked.withLock { $0.append(continuation) } }
    }
    func release() { parked.withLock { $0.forEach { $0.resume(returning: []) }; $0 = [] } }
}

/// Every message the article "Troubleshooting" quotes, produced by the mistake it describes.
@Suite("Article: Troubleshooting")
struct TroubleshootingExamples {
    static let article = "Troubleshooting"

    /// The messages `check` reports when run.
    static func messages(_ check: ContractCase<CRUD<Todo>>) async -> [String] {
        let result = await check.run()
        return result.issueMessages(label: check.label)
    }

    /// Runs `check` and expects its first message to say `text`, and the article to quote it.
    static func expectQuoted(_ check: ContractCase<CRUD<Todo>>, saying text: String) async throws {
        let message = try #require(await messages(check).first)
        #expect(message.contains(text), "\(message)")
        #expect(try DocumentationArticle.quotes(article, message), "\(message)")
    }

    @Test("a clause that fails: the UserDefaults port deletes its twin")
    func contractFailure() async throws {
        let contract = Contract.crud(factory: ExampleContracts.datedTodoFactory)
        let check = try #require(contract.cases(for: ExampleContracts.userDefaults).first { $0.clauseID == "delete.leavesTwinsUntouched" })
        let result = await check.run()
        let message = try #require(result.issueMessages(label: check.label).first)
        #expect(message.hasPrefix("[CRUD › delete.leavesTwinsUntouched] after deleting the second of two twins"))
        #expect(try DocumentationArticle.quotes(Self.article, message), "\(message)")
    }

    @Test("a call that hangs: did not complete, with the timeout to raise")
    func hang() async throws {
        let hole = NeverAnswers()
        defer { hole.release() }
        let stuck = Conformance<CRUD<Todo>>("stuck", ordering: .insertion, timeout: .milliseconds(50)) {
            let base = RepositoryWitness(InMemoryTodoRepository())
            return RepositoryWitness(create: base.create, fetch: base.fetch, fetchAll: { await hole.fetchAll() },
                                     update: base.update, delete: base.delete)
        }
        let check = try #require(todos.cases(for: stuck).first { $0.clauseID == "fetchAll.emptyRepository" })
        // Nothing else counts as progress here: the other tests of the run would hold the watchdog off.
        let message = try #require(await ProgressMonitor.$sources.withValue([]) { await Self.messages(check) }.first)
        #expect(message.contains("fetchAll() did not complete: running for "))
        // How busy the process was during the stall (and whether it was measured at all, in a stall this
        // short) depends on the machine: the article quotes the message up to there, and each of the two
        // endings `stuckOrSlow` makes.
        let head = try #require(message.components(separatedBy: "no stub server answered)").first)
        #expect(try DocumentationArticle.quotes(Self.article, head + "no stub server answered)"), "\(message)")
    }

    @Test("a stall tells a stuck call (an idle process) from a slow one (a busy core), naming the timeout to raise")
    func stuckOrSlow() throws {
        let stuck = Stall(limit: .seconds(5), running: .milliseconds(6200), reachedCeiling: false,
                          cpuWindow: .seconds(5), cpuUsed: .milliseconds(10))
        let slow = Stall(limit: .seconds(5), running: .milliseconds(6200), reachedCeiling: false,
                         cpuWindow: .seconds(5), cpuUsed: .milliseconds(4900))
        for stall in [stuck, slow] {
            let ending = try #require("\(stall)".components(separatedBy: "; the process ").last)
            #expect(try DocumentationArticle.quotes(Self.article, "the process " + ending), "\(stall)")
        }
        #expect("\(stuck)".contains("so the call looks stuck"))
        #expect("\(slow)".contains("so the call looks slow rather than stuck"))
    }

    @Test("a factory mistake: two ordinals make one id")
    func factoryMistake() async throws {
        let sameID = Contract.crud(make: { Todo(id: 1, title: "Todo \($0)") }, mutate: { $0.toggled() }, identity: \.id)
        let inMemory = Conformance<CRUD<Todo>>("in-memory", ordering: .insertion) { InMemoryTodoRepository() }
        let check = try #require(sameID.cases(for: inMemory).first)
        try await Self.expectQuoted(check, saying: "factory mistake (not a conformer bug)")
    }

    @Test("a skipped clause: the capability it needs")
    func skipped() throws {
        let inMemory = Conformance<CRUD<Todo>>("in-memory", ordering: .insertion) { InMemoryTodoRepository() }
        let check = try #require(todos.cases(for: inMemory).first { $0.clauseID == "concurrency.createsLoseNothing" })
        let reason = try #require(check.skipReason)
        #expect(try DocumentationArticle.quotes(Self.article, "\(check.label) skipped: \(reason)"), "\(reason)")
    }

    @Test("a clause id misspelled in omitting(_:because:) fails every case as a conformance mistake")
    func misspelledOmission() async throws {
        let typo = Conformance<CRUD<Todo>>("in-memory", ordering: .insertion) { InMemoryTodoRepository() }
            .omitting("update.eachFeldAlone", because: "rename changes the title alone")
        let check = try #require(todos.cases(for: typo).first)
        try await Self.expectQuoted(check, saying: "it leaves out clause update.eachFeldAlone, which contract CRUD does not have")
    }

    @Test("a falsified model check: its first line")
    func falsified() async throws {
        let result = await ModelCheck.check(SequenceBugs.staleCache, factory: ExampleContracts.todoFactory, seed: 5)
        let first = try #require(result.description.split(separator: "\n").first.map(String.init))
        #expect(first.hasPrefix("Model-based check of stale-cache falsified"))
        #expect(try DocumentationArticle.quotes(Self.article, first), "\(first)")
    }

    @Test("a completion handler called twice fails the clause that made the call")
    func calledTwice() async throws {
        let check = try #require(todos.cases(for: BrokenConformerTests.doubleDelete).first { $0.clauseID == "delete.removesFromFetch" })
        try await Self.expectQuoted(check, saying: "completion handler of delete(id:) was called 2 times")
    }

    @Test("a shared backend's reset that throws fails the case as a reset failure, and the clause does not run")
    func resetFailure() async throws {
        let backend = SharedBackend("todos API") { throw RepositoryError.unavailable("connection refused") }
        let shared = Conformance<CRUD<Todo>>("http", ordering: .insertion, sharedBackend: backend) { InMemoryTodoRepository() }
        let check = try #require(todos.cases(for: shared).first)
        try await Self.expectQuoted(check, saying: "the reset of the shared backend todos API failed before this clause")
    }

    @Test("the watchdog's numbers the article states: a 5 s timeout by default, a call given up after 24 times it")
    func watchdogNumbers() throws {
        #expect(Conformance<CRUD<Todo>>("in-memory") { InMemoryTodoRepository() }.timeout == .seconds(5))
        #expect(ceilingFactor == 24)
        let article = try DocumentationArticle.text(Self.article)
        #expect(article.contains("`timeout` (default 5 s)") && article.contains("after 24 times the timeout"))
    }
}
