import RecordReplayMessages
import Foundation
@testable import StubServerTesting
import RecordReplay
import Testing
import RepositoryContractsTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The trait in drift mode: the test sees the recorded answers, and drift from the live API (a stub
/// server on loopback here) fails the test with the drift message; the fixture is left as it was.
@Suite("The .stubServer trait: drift check")
struct StubServerTraitDriftTests {
    @Test("drift fails the test naming the fixture, the request and the difference; the fixture is unchanged")
    func driftFailsTheTest() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("fixtures-\(UUID())", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let test = try #require(Test.current)
        let file = root.appendingPathComponent("Todos/\(StubServerTrait.fixtureName(forTestNamed: test.name)).json")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Fixture(interactions: [
            Interaction(
                request: StubRequest(method: "GET", path: "/todos"),
                response: StubResponse(headers: ["Content-Type": "application/json"], body: Data(#"[{"id":1}]"#.utf8)))
        ]).write(to: file)
        let before = try Data(contentsOf: file)
        let upstream = StubServer()
        upstream.playback.stub(
            .get("/todos"),
            with: StubResponse(headers: ["Content-Type": "application/json"], body: Data(#"[{"id":1},{"id":2}]"#.utf8)))
        try await upstream.start()

        let trait: StubServerTrait = .stubServer(
            fixtures: "Todos", recording: Recording(mode: .drift, upstream: upstream.baseURL), options: .init(fixturesRoot: root))
        try await withKnownIssue {
            try await trait.provideScope(for: test, testCase: nil) {
                let (body, _) = try await URLSession.patient.data(
                    from: URL(string: StubServer.current.baseURL.absoluteString + "/todos")!)
                #expect(String(decoding: body, as: UTF8.self) == #"[{"id":1}]"#)
            }
        } matching: { issue in
            issue.comments.contains { comment in
                comment.rawValue.hasPrefix("Drift in \(file.path) against the live API")
                    && comment.rawValue.contains("\n  request #1 GET /todos, interaction #1 (interactions[0]):\n")
                    && comment.rawValue.contains("\n    $: recorded 1 element, live 2 elements\n")
                    && comment.rawValue.contains(#"$[1]: added in the live response (live {"id":2})"#)
            }
        }
        await upstream.stop()
        #expect(upstream.journal.count == 1)
        #expect(try Data(contentsOf: file) == before)
    }

    @Test("no drift: the test passes and nothing is written")
    func noDriftPasses() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("fixtures-\(UUID())", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let test = try #require(Test.current)
        let file = root.appendingPathComponent("Todos/\(StubServerTrait.fixtureName(forTestNamed: test.name)).json")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let answer = StubResponse(headers: ["Content-Type": "application/json"], body: Data(#"{"id":1}"#.utf8))
        try Fixture(interactions: [Interaction(request: StubRequest(method: "GET", path: "/todos/1"), response: answer)])
            .write(to: file)
        let before = try Data(contentsOf: file)
        let upstream = StubServer()
        upstream.playback.stub(.get("/todos/1"), with: answer)
        try await upstream.start()

        let trait: StubServerTrait = .stubServer(
            fixtures: "Todos", recording: Recording(mode: .drift, upstream: upstream.baseURL), options: .init(fixturesRoot: root))
        try await trait.provideScope(for: test, testCase: nil) {
            _ = try await URLSession.patient.data(from: URL(string: StubServer.current.baseURL.absoluteString + "/todos/1")!)
            #expect(StubServer.current.report.driftCheckCount == 1)
        }
        await upstream.stop()
        #expect(upstream.journal.count == 1)
        #expect(try Data(contentsOf: file) == before)
    }
}
