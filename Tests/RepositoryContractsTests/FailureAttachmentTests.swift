import Foundation
import RepositoryContracts
import RepositoryContractsPrimitives
import Testing
import TodoExample

/// A failing clause attaches what it compared; nothing attached holds a credential.
@Suite("Attachments of a failing clause")
struct FailureAttachmentTests {
    static let todos = Contract.crud(factory: ExampleContracts.todoFactory)

    /// The attachments `body` records, its issues expected and kept as known.
    static func attachments(_ body: @escaping @Sendable () async -> Void) async -> [FailureAttachment] {
        let captured = Protected<[FailureAttachment]>([])
        await withKnownIssue {
            await FailureAttachment.$capture.withValue(FailureAttachment.Capture { attachment in captured.withLock { $0.append(attachment) } }) {
                await body()
            }
        }
        return captured.withLock { $0 }
    }

    @Test("a failed clause attaches one text file: the label, the conformer, where it was verified, each failure with expected and actual in full")
    func failedClause() async throws {
        let conformance = Conformance("newest-first", ordering: .insertion) { BrokenTodoRepository(.newestFirst) }
        let check = try #require(Self.todos.cases(for: conformance).first { $0.clauseID == "fetchAll.declaredOrder" })
        let attachments = await Self.attachments { await check.verify() }
        let attachment = try #require(attachments.first)
        #expect(attachments.count == 1)
        #expect(attachment.name == "[CRUD › fetchAll.declaredOrder] newest-first.txt")
        let lines = attachment.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "[CRUD › fetchAll.declaredOrder] on newest-first: failed")
        #expect(lines.contains { $0.hasPrefix("verified at: RepositoryContractsTests/FailureAttachmentTests.swift:") })
        #expect(lines.contains("expected:") && lines.contains("actual:"), "\(attachment.text)")
        #expect(lines.contains { $0.hasPrefix("Failure 1 of ") })
    }

    @Test("a passing or skipped clause attaches nothing")
    func passingClause() async throws {
        let conformance = Conformance("in-memory", ordering: .insertion) { InMemoryTodoRepository() }
        let cases = Self.todos.cases(for: conformance)
        let passing = try #require(cases.first { $0.skipReason == nil })
        let skipped = try #require(cases.first { $0.skipReason != nil })
        let captured = Protected<[FailureAttachment]>([])
        await FailureAttachment.$capture.withValue(FailureAttachment.Capture { attachment in captured.withLock { $0.append(attachment) } }) {
            #expect(await passing.verify().status == .passed)
        }
        #expect(captured.withLock { $0 }.isEmpty)
        _ = skipped  // verify() on a skipped case cancels the test case, so only its result is checked
        #expect(await skipped.run().status == .skipped)
    }

    @Test("a credential in what the clause compared is redacted in the attachment, by shape, in any field")
    func redacted() async throws {
        let token = "ghp_" + "R8t2Wq9ZkP4xN7mL3vB6yC1dF5hJ0aS2eU9o"
        let contract = Contract<CRUD<Todo>>("leaky", terms: CRUD(factory: ExampleContracts.todoFactory), clauses: [
            Clause("compares.tokens", "compares two tokens") { context in
                context.fail("the stored token \(token) differs", expected: "Authorization: Bearer \(token)", actual: "token=\(token)")
            },
        ])
        let check = try #require(contract.cases(for: Conformance("in-memory") { InMemoryTodoRepository() }).first)
        let attachment = try #require(await Self.attachments { await check.verify() }.first)
        #expect(!attachment.text.contains(token) && !attachment.text.contains("R8t2Wq9ZkP4xN7mL3vB6yC1dF5hJ0aS2eU9o"), "\(attachment.text)")
        #expect(attachment.text.contains("REDACTED"))
        #expect(attachment.text.contains("compares.tokens"))
    }

    @Test("an attachment's name is a safe file name: no separators, bounded length, the extension kept")
    func fileNames() {
        #expect(FailureAttachment(redactedBytes: [], named: "a/b\\c:d*e?.txt").name == "a_b_c_d_e_.txt")
        let long = FailureAttachment(redactedBytes: [], named: String(repeating: "x", count: 300) + ".svg").name
        #expect(long.count == 124 && long.hasSuffix(".svg"))
    }
}
