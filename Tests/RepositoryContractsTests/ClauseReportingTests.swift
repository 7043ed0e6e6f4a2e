import RepositoryContracts
import Testing
import TodoExample

/// Where Swift Testing reports a clause's failures, and what a skipped clause shows.
@Suite("Clause reporting in Swift Testing")
struct ClauseReportingTests {
    static let todos = Contract.crud(factory: ExampleContracts.todoFactory)
    static let inMemory = Conformance<CRUD<Todo>>("in-memory", ordering: .insertion) { InMemoryTodoRepository() }

    @Test("a failing check in an own clause is reported at that check's line, naming the verify() line")
    func ownClauseAtItsLine() async throws {
        let contract = Self.todos.adding(
            Clause<CRUD<Todo>>("own.planted", "a planted failure", requires: .create) { check in
                let todo = check.newEntity()
                try await check.subject.create(todo)
                check.expect(todo.title.isEmpty, "the title is not empty")  // line 17
            })
        let check = try #require(contract.cases(for: Self.inMemory).first { $0.clauseID == "own.planted" })
        await withKnownIssue {
            await check.verify()  // line 21
        } matching: { issue in
            issue.sourceLocation?.fileID == "RepositoryContractsTests/ClauseReportingTests.swift"
                && issue.sourceLocation?.line == 17
                && issue.comments.contains { $0.rawValue.contains("verified at: RepositoryContractsTests/ClauseReportingTests.swift:21") }
        }
    }

    @Test("a failure found by a built-in clause is reported at the verify() line")
    func builtInClauseAtVerifyLine() async throws {
        let broken = Conformance<CRUD<Todo>>("upserting") { BrokenTodoRepository(.upserts) }
        let check = try #require(Self.todos.cases(for: broken).first { $0.clauseID == "update.missingIDFollowsPolicy" })
        await withKnownIssue {
            await check.verify()  // line 34
        } matching: { issue in
            issue.sourceLocation?.line == 34
        }
    }

    @Test("a clause that does not apply reports itself skipped with its reason, and runs nothing")
    func skippedClause() async throws {
        let check = try #require(Self.todos.cases(for: Self.inMemory).first { $0.clauseID == "concurrency.createsLoseNothing" })
        #expect(check.skipReason == "requires [.concurrentAccess], which in-memory does not declare")
        let result = await check.verify()
        #expect(result.status == .skipped)
        #expect(result.reason == check.skipReason)
        #expect(result.subjectCalls == nil)
    }

    @Test("the bulk clauses scale to the conformance's entity count")
    func scaledBulkClauses() async throws {
        let small = Self.inMemory.scalingBulkClauses(to: 40)
        let check = try #require(Self.todos.cases(for: small).first { $0.clauseID == "values.thousandEntitiesRoundTrip" })
        let result = await check.run()
        #expect(result.status == .passed)
        // 40 creates, one fetchAll and 40 fetch(id:).
        #expect(result.subjectCalls == 81)
        let full = try #require(Self.todos.cases(for: Self.inMemory).first { $0.clauseID == "values.thousandEntitiesRoundTrip" })
        #expect(await full.run().subjectCalls == 2_001)
    }

    @Test("scaling below two entities is a conformance mistake")
    func scaledTooFar() async throws {
        let check = try #require(Self.todos.cases(for: Self.inMemory.scalingBulkClauses(to: 1)).first)
        let result = await check.run()
        #expect(result.failures.first?.message.contains("bulkEntityCount is 1: the bulk clauses need at least 2 entities") == true)
    }
}
