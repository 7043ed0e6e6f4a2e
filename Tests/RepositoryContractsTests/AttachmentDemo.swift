import BrokenExamples
import Foundation
import RecordReplay
import RepositoryContracts
import RepositoryContractsTestSupport
import Testing
import TodoExample

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Three failures as a user meets them, for `.ci/attachments` to run with `--attachments-path` and read
/// back the files Swift Testing wrote: a failing clause, an unmatched request in a `.stubServer` test,
/// a falsified parallel check. They fail on purpose, so they run only when
/// `REPOSITORY_CONTRACTS_ATTACHMENT_DEMO` is set.
@Suite("Attachment demo (fails on purpose; run by .ci/attachments)",
       .enabled(if: ProcessInfo.processInfo.environment["REPOSITORY_CONTRACTS_ATTACHMENT_DEMO"] != nil))
struct AttachmentDemo {
    /// Built at run time so that no token-shaped literal sits in the sources.
    static let token = "ghp_" + "R8t2Wq9ZkP4xN7mL3vB6yC1dF5hJ0aS2eU9o"

    @Test func failingClause() async throws {
        let conformance = Conformance("newest-first", ordering: .insertion) { BrokenTodoRepository(.newestFirst) }
        let check = try #require(Contract.crud(factory: ExampleContracts.todoFactory).cases(for: conformance).first {
            $0.clauseID == "fetchAll.declaredOrder"
        })
        await check.verify()
    }

    @Test(.stubServer()) func unmatchedRequest() async throws {
        var request = URLRequest(url: StubServer.current.baseURL.appendingPathComponent("todoz"))
        request.setValue("Bearer \(Self.token)", forHTTPHeaderField: "Authorization")
        _ = try await URLSession.patient.data(for: request)
    }

    @Test func falsifiedParallelCheck() async {
        await RaceBugs.checkThenActCreate.verifyModel(factory: ExampleContracts.todoFactory, seed: 11)
    }
}
