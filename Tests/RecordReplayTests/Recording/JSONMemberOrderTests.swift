import RecordReplayMessages
import Foundation
@testable import RecordReplay
@testable import RecordReplayFixtures
import Testing
import RepositoryContractsTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// ``JSONMemberOrder/sorted``: members sorted at every depth, the body's own style kept.
@Suite("Recording: JSON member order")
struct JSONMemberOrderTests {
    private static func sorted(_ body: String, contentType: String? = "application/json") -> String {
        let headers: HTTPHeaders = contentType.map { ["Content-Type": $0] } ?? [:]
        let interaction = Interaction(
            request: StubRequest(method: "POST", path: "/", headers: headers, body: Data(body.utf8)),
            response: StubResponse(headers: headers, body: Data(body.utf8)))
        let written = interaction.withJSONMembersSorted
        #expect(written.request.body == written.response.body)
        return String(decoding: written.response.body, as: UTF8.self)
    }

    @Test("members are sorted by name at every depth; arrays keep their order; number lexemes and escapes are kept")
    func sortedRecursively() {
        #expect(Self.sorted(#"{"z":1.10,"a":[{"y":"\/x","b":1e2}],"m":{"k":null,"c":true}}"#)
                == #"{"a":[{"b":1e2,"y":"\/x"}],"m":{"c":true,"k":null},"z":1.10}"#)
    }

    @Test("an indented body keeps its indentation; duplicate names keep a fixed order")
    func layoutKept() {
        #expect(Self.sorted("{\n    \"b\" : 1,\n    \"a\" : 2\n}\n") == "{\n    \"a\" : 2,\n    \"b\" : 1\n}\n")
        #expect(Self.sorted(#"{"a":2,"a":1}"#) == #"{"a":1,"a":2}"#)
    }

    @Test("bodies that are not JSON, or not said to be, are left as they are")
    func othersUntouched() {
        #expect(Self.sorted(#"{"b":1,"a":2}"#, contentType: "text/plain") == #"{"b":1,"a":2}"#)
        #expect(Self.sorted(#"{"b":1,"a":2}"#, contentType: nil) == #"{"b":1,"a":2}"#)
        #expect(Self.sorted(#"{"b":1,"a":"#) == #"{"b":1,"a":"#)
    }

    @Test("a recording with sorted members still replays the client's requests, whatever member order the client sends")
    func replayMatchesAnyOrder() async throws {
        let interaction = Interaction(
            request: StubRequest(method: "POST", path: "/todos", headers: ["Content-Type": "application/json"], body: Data(#"{"title":"a","done":false}"#.utf8)),
            response: StubResponse(status: 201, headers: ["Content-Type": "application/json"], body: Data(#"{"title":"a","id":1}"#.utf8)))
        let server = StubServer()
        server.load(Fixture(interactions: [interaction.withJSONMembersSorted]), source: "sorted")
        try await server.start()
        var request = URLRequest(url: server.url("/todos"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(#"{"title":"a","done":false}"#.utf8)
        let (body, _) = try await URLSession.patient.data(for: request)
        await server.stop()
        #expect(String(decoding: body, as: UTF8.self) == #"{"id":1,"title":"a"}"#)
        #expect(server.report.findings.map(\.message) == [])
    }
}
