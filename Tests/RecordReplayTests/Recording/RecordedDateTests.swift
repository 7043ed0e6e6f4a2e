import RecordReplayMessages
import Foundation
@_spi(Benchmarks) import RecordReplay
@_spi(Benchmarks) import RecordReplayFixtures
import Testing
import RepositoryContractsTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A fixture carries the date it was recorded (native `recorded`, HAR `startedDateTime`), and
/// re-recording what did not change leaves the file untouched, its old date included.
@Suite("Recording: the recorded date")
struct RecordedDateTests {
    private static let date = Date(timeIntervalSince1970: 1_795_823_400)  // 2026-11-27T23:50:00Z
    private static let fixture = Fixture(interactions: [
        Interaction(request: StubRequest(method: "GET", path: "/todos"), response: StubResponse(status: 200))
    ])

    private static func temporaryFile(_ pathExtension: String = "json") -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("recorded-\(UUID()).\(pathExtension)")
    }

    @Test("the native format writes recorded after upstream, to the second in UTC, and reads it back")
    func nativeRoundTrip() throws {
        var fixture = Self.fixture
        fixture.upstream = "https://api.example.com"
        fixture.recorded = Self.date.addingTimeInterval(0.75)
        let text = String(decoding: fixture.encoded(as: .native), as: UTF8.self)
        #expect(text.contains("\"upstream\": \"https://api.example.com\",\n  \"recorded\": \"2026-11-27T23:50:00Z\",\n"))
        let decoded = try Fixture(decoding: Data(text.utf8), format: .native, source: "f.json")
        #expect(decoded.recorded == Self.date)
        #expect(String(decoding: decoded.encoded(as: .native), as: UTF8.self) == text)
    }

    @Test("a fixture without recorded reads as before and is written without it")
    func undated() throws {
        let text = String(decoding: Self.fixture.encoded(as: .native), as: UTF8.self)
        #expect(!text.contains("recorded"))
        #expect(try Fixture(decoding: Data(text.utf8), format: .native, source: "f.json") == Self.fixture)
    }

    @Test(
        "a recorded date not written as UTC to the second is refused, naming the member",
        arguments: ["2026-11-27T23:50:00.500Z", "2026-11-28T00:50:00+01:00", "yesterday", "2026-11-27"])
    func refusesOtherShapes(_ value: String) {
        let text = #"{"format": "swift-repository-contracts/fixture", "version": 1, "recorded": "\#(value)", "interactions": []}"#
        #expect {
            try Fixture(decoding: Data(text.utf8), format: .native, source: "f.json")
        } throws: { error in
            "\(error)".contains("$.recorded") && "\(error)".contains("expected a UTC date to the second")
        }
    }

    @Test("a HAR written from a dated fixture starts its entries at the date, one millisecond apart")
    func harStartTimes() throws {
        var fixture = Self.fixture
        fixture.interactions += fixture.interactions
        fixture.recorded = Self.date
        let text = String(decoding: fixture.encoded(as: .har), as: UTF8.self)
        #expect(text.contains("2026-11-27T23:50:00.000Z") && text.contains("2026-11-27T23:50:00.001Z"))
        #expect(RecordedDate.earliestHARStart(in: fixture.encoded(as: .har)) == Self.date)
        fixture.recorded = nil
        #expect(String(decoding: fixture.encoded(as: .har), as: UTF8.self).contains("1970-01-01T00:00:00.001Z"))
    }

    @Test("a recording is written with its date; the same recording again leaves the file and its date untouched")
    func unchangedRecordingKeepsFile() throws {
        let file = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try Self.fixture.writeRecording(to: file, recordedAt: Self.date))
        let first = try Data(contentsOf: file)
        #expect(try Fixture(contentsOf: file).recorded == Self.date)
        #expect(try !Self.fixture.writeRecording(to: file, recordedAt: Self.date.addingTimeInterval(86_400)))
        #expect(try Data(contentsOf: file) == first)
    }

    @Test("a recording that differs from the file in more than its date replaces it, with the new date", arguments: ["json", "har"])
    func changedRecordingRewrites(_ pathExtension: String) throws {
        let file = Self.temporaryFile(pathExtension)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try Self.fixture.writeRecording(to: file, recordedAt: Self.date))
        #expect(try !Self.fixture.writeRecording(to: file, recordedAt: Self.date.addingTimeInterval(60)))
        var changed = Self.fixture
        changed.interactions[0].response.status = 204
        let later = Self.date.addingTimeInterval(86_400)
        #expect(try changed.writeRecording(to: file, recordedAt: later))
        let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
        #expect(text.contains(pathExtension == "json" ? "\"recorded\": \"2026-11-28T23:50:00Z\"" : "2026-11-28T23:50:00.000Z"))
        #expect(try Fixture(contentsOf: file).interactions == changed.interactions)
    }

    @Test("saveRecording dates the fixture with the time of the recording; recording the same again keeps the file")
    func saveRecordingDates() async throws {
        let file = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        let before = RecordedDate.truncated(Date())
        var outcomes: [RecordingOutcome] = []
        for _ in 1...2 {
            let upstream = StubServer()
            upstream.playback.stub(.any) { _ in StubResponse(status: 200, body: Data("ok".utf8)) }
            try await upstream.start()
            let server = StubServer()
            server.playback.recordUnmatched(through: UpstreamForwarder.patient(upstream.baseURL))
            try await server.start()
            _ = try await URLSession(configuration: .patient).data(from: server.url("/todos"))
            await server.stop()
            await upstream.stop()
            outcomes.append(try #require(try server.saveRecording(to: file)))
        }
        #expect(outcomes.map(\.isUnchanged) == [false, true])
        let recorded = try #require(try Fixture(contentsOf: file).recorded)
        #expect(recorded >= before && recorded <= Date())
    }
}
