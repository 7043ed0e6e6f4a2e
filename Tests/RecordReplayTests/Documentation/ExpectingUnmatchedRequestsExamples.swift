// The code of the "Expecting an unmatched request" section of MatchingFaultsAndJournal.md, compiled and
// run here.
import Foundation
import RecordReplay
import RepositoryContractsTestSupport
import StubServerTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A client that still calls an endpoint no fixture answers.
struct LegacyTodoClient {
    let baseURL: URL

    /// `GET /todos/<id>`; the status.
    func fetch(id: Int) async throws -> Int {
        let (_, response) = try await URLSession.patient.data(from: baseURL.appendingPathComponent("todos/\(id)"))
        return (response as? HTTPURLResponse)?.statusCode ?? 0
    }

    /// `POST /legacy/sync`; the status.
    func legacySync() async throws -> Int {
        var request = URLRequest(url: baseURL.appendingPathComponent("legacy/sync"))
        request.httpMethod = "POST"
        let (_, response) = try await URLSession.patient.data(for: request)
        return (response as? HTTPURLResponse)?.statusCode ?? 0
    }
}

@Suite("Article: expecting an unmatched request")
struct ExpectingUnmatchedRequestsExamples {
    var client: LegacyTodoClient { LegacyTodoClient(baseURL: StubServer.current.baseURL) }

    @Test(.stubServer(fixtures: "Todos"))
    func unknownTodoIsNotFetched() async throws {
        _ = try? await client.fetch(id: 404)      // no fixture answers GET /todos/404
        StubServer.current.expectUnmatchedRequests(1)
    }

    @Test(.stubServer(fixtures: "Todos"))
    func retiredEndpointIsAKnownIssue() async throws {
        await withKnownIssue("the client still calls the retired endpoint") {
            _ = try? await client.legacySync()
            StubServer.current.recordUnmatchedRequests()
        }
    }
}
