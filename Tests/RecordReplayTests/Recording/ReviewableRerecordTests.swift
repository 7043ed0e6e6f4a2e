import Foundation
@testable import RecordReplay
@testable import RecordReplayFixtures
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A re-record of an unchanged API changes no byte, from an API that assigns random ids and shuffles
/// JSON members, driven by a client that sends some requests concurrently; and the recording replays.
@Suite("Recording: reviewable re-records")
struct ReviewableRerecordTests {
    private static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rerecord-\(UUID())", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Records ``ListsClient``'s session with a fresh ``ShufflingListsAPI`` into `folder/session.json`,
    /// the concurrent requests arriving in `order`; returns the file's bytes afterwards, whether the
    /// recording left the file as it was (``RecordingOutcome/isUnchanged``), and the client's listing.
    private static func record(
        into folder: URL, order: [String], configure: (inout StubServer.Configuration) -> Void
    ) async throws -> (bytes: Data, unchanged: Bool, listing: [String]) {
        let api = ShufflingListsAPI()
        try await api.start()
        var configuration = StubServer.Configuration(fixtureDirectory: folder, recording: Recording(mode: .all, upstream: api.baseURL))
        configuration.recording.upstreamTimeout = .seconds(24 * 60 * 60)
        configure(&configuration)
        let recorder = StubServer(configuration)
        try recorder.loadFixture(named: "session")
        try await recorder.start()
        let client = ListsClient(baseURL: recorder.baseURL, order: order, gates: (api.creates, api.reads))
        let listing: [String]
        do {
            listing = try await client.run()
        } catch {
            await recorder.stop()
            await api.stop()
            throw error
        }
        await recorder.stop()
        await api.stop()
        #expect(recorder.report.findings.map(\.message) == [])
        let outcome = try #require(try recorder.finishRecording())
        #expect(outcome.recordedCount == 10)
        return (try Data(contentsOf: outcome.file), outcome.isUnchanged, listing)
    }

    @Test("re-recorded with the options on (members sorted), the fixture is left byte for byte as it was, and it replays with ids round-tripping")
    func rerecordIsByteIdentical() async throws {
        let first = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: first) }
        let sorted: (inout StubServer.Configuration) -> Void = { $0.recording.jsonMemberOrder = .sorted }
        let one = try await Self.record(into: first, order: ["milk", "eggs", "bread"], configure: sorted)
        let two = try await Self.record(into: first, order: ["bread", "eggs", "milk"], configure: sorted)
        #expect(one.listing == ["bread false", "milk true"])
        #expect(two.listing == one.listing)
        #expect(!one.unchanged)
        #expect(two.unchanged, "the re-record rewrote the fixture")
        #expect(one.bytes == two.bytes, "the re-record differs:\n\(String(decoding: one.bytes, as: UTF8.self))\n---\n\(String(decoding: two.bytes, as: UTF8.self))")

        // The list's id (lower case) is placeholder 1, the todos' (upper case) 2 to 4 in title order, the
        // same in paths, `Location`, bodies and the strings that hold them.
        let fixture = try Fixture(contentsOf: first.appendingPathComponent("session.json"))
        let list = "00000000-0000-4000-8000-000000000001"
        let todo = (bread: "00000000-0000-4000-8000-000000000002", eggs: "00000000-0000-4000-8000-000000000003",
                    milk: "00000000-0000-4000-8000-000000000004")
        #expect(fixture.interactions.map { "\($0.request.method) \($0.request.path)" } == [
            "POST /lists", "POST /lists/\(list)/todos", "POST /lists/\(list)/todos", "POST /lists/\(list)/todos",
            "GET /todos/\(todo.bread)", "GET /todos/\(todo.eggs)", "GET /todos/\(todo.milk)", "PATCH /todos/\(todo.milk)",
            "DELETE /todos/\(todo.eggs)", "GET /lists/\(list)/todos",
        ])
        #expect(fixture.interactions.map { String(decoding: $0.request.body, as: UTF8.self) }[1...3] == [
            #"{"title":"bread"}"#, #"{"title":"eggs"}"#, #"{"title":"milk"}"#,
        ])
        #expect(fixture.interactions[0].response.headers["Location"] == "/lists/\(list)")
        #expect(fixture.interactions[1].response.headers["Location"] == "/todos/\(todo.bread)")
        #expect(
            String(decoding: fixture.interactions[4].response.body, as: UTF8.self)
                == #"{"done":false,"href":"/todos/\#(todo.bread)","id":"\#(todo.bread)","listId":"\#(list)","title":"bread"}"#)

        // Replay: the client gets the placeholders and sends them back.
        let replayer = StubServer(.init(fixtureDirectory: first, recording: .never))
        try replayer.loadFixture(named: "session")
        try await replayer.start()
        let replayed = try await ListsClient(baseURL: replayer.baseURL).run()
        await replayer.stop()
        #expect(replayed == one.listing)
        #expect(replayer.report.findings.map(\.message) == [])
        #expect(replayer.journal.count == 10)
    }

    @Test("with each option off, the re-record rewrites the fixture", arguments: ["identifiers", "members", "order"])
    func eachOptionMatters(option: String) async throws {
        let first = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: first) }
        let configure: (inout StubServer.Configuration) -> Void = { configuration in
            configuration.recording.jsonMemberOrder = option == "members" ? .asReceived : .sorted
            configuration.recording.identifiers = option == "identifiers" ? .asReceived : .placeholders
            configuration.recording.order = option == "order" ? .arrival : .canonical
        }
        let one = try await Self.record(into: first, order: ["milk", "eggs", "bread"], configure: configure)
        let two = try await Self.record(into: first, order: ["bread", "eggs", "milk"], configure: configure)
        #expect(one.listing == two.listing)
        #expect(!two.unchanged)
        #expect(one.bytes != two.bytes)
    }

    @Test("a drift check that sends state changes maps a fresh API's new ids onto the placeholders: no drift")
    func driftCheckMapsPlaceholders() async throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let recorded = try await Self.record(into: folder, order: ["milk", "eggs", "bread"]) { $0.recording.jsonMemberOrder = .sorted }

        // The drift check sends a fixture's requests one at a time: the fresh API must not hold any.
        let fresh = ShufflingListsAPI(holdingConcurrentPhases: false)
        try await fresh.start()
        let checker = StubServer(
            .init(
                fixtureDirectory: folder, recording: Recording(mode: .drift, upstream: fresh.baseURL, driftCheck: DriftCheckOptions(stateChangingRequests: .send), upstreamTimeout: .seconds(24 * 60 * 60))))
        try checker.loadFixture(named: "session")
        try await checker.start()
        let replayed = try await ListsClient(baseURL: checker.baseURL).run()
        await checker.stop()
        await fresh.stop()
        #expect(replayed == recorded.listing)
        #expect(checker.report.findings.map(\.message) == [])
        #expect(checker.report.driftCheckCount == 10)
    }
}
