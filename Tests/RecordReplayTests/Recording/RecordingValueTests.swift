import Foundation
import RecordReplay
import Testing

@testable import StubServerTesting

/// ``Recording``, the one value the trait, `StubServer` and `repo-contracts record` take: its defaults,
/// how the environment completes it, and the recording styles it holds, which are structs whose names
/// and order are what the enums had.
@Suite("Recording: one value")
struct RecordingValueTests {
    @Test("every part defaults to what reproduces a recording: canonical order, placeholders, members as received, 10 minutes, nothing failed written, no secret let through")
    func defaults() {
        let recording = Recording()
        #expect(recording.mode == .fromEnvironment)
        #expect(recording.upstream == nil)
        #expect(recording.order == .canonical)
        #expect(recording.identifiers == .placeholders)
        #expect(recording.jsonMemberOrder == .asReceived)
        #expect(recording.volatileHeaders == VolatileHeaders())
        #expect(recording.driftCheck.stateChangingRequests == .skip)
        #expect(recording.upstreamTimeout == .seconds(600))
        #expect(!recording.writesWhenTestFails && !recording.allowsSecrets)
        #expect(Recording.fromEnvironment.mode == .fromEnvironment)
        #expect(Recording.never.mode == .never)
    }

    @Test("the trait records what the environment says unless given a recording; a StubServer records nothing unless configured")
    func whoDefaultsToWhat() {
        let trait: StubServerTrait = .stubServer(fixtures: "Todos")
        #expect(trait.configuration.recording.mode == .fromEnvironment)
        #expect(StubServer.Configuration().recording.mode == .never)
        let live = URL(string: "https://api.example.com")!
        let given: StubServerTrait = .stubServer(fixtures: "Todos", recording: Recording(mode: .once, upstream: live))
        #expect(given.configuration.recording.mode == .once && given.configuration.recording.upstream == live)
    }

    @Test("resolved: the mode and the upstream from the environment, the drift check's writes widened by it")
    func resolvedFromEnvironment() throws {
        let environment = [
            "REPOSITORY_CONTRACTS_RECORD": "newEpisodes", "REPOSITORY_CONTRACTS_UPSTREAM": "https://api.example.com",
            "REPOSITORY_CONTRACTS_DRIFT_WRITES": "send",
        ]
        let resolved = try Recording.fromEnvironment.resolved(environment: environment)
        #expect(resolved.mode == .newEpisodes)
        #expect(resolved.upstream == URL(string: "https://api.example.com"))
        #expect(resolved.driftCheck.stateChangingRequests == .send)

        let unset = try Recording.fromEnvironment.resolved(environment: [:])
        #expect(unset.mode == .never && unset.upstream == nil && unset.driftCheck.stateChangingRequests == .skip)

        let inCode = try Recording(mode: .once, upstream: URL(string: "http://127.0.0.1:9")).resolved(environment: environment)
        #expect(inCode.mode == .once, "a mode given in code wins")
        #expect(inCode.upstream == URL(string: "http://127.0.0.1:9"), "an upstream given in code wins")
    }

    @Test("resolved: a variable that names no mode, or no drift-writes choice, is an error naming the value")
    func resolvedErrors() {
        let mode = #expect(throws: RecordModeError.self) {
            try Recording().resolved(environment: ["REPOSITORY_CONTRACTS_RECORD": "always"])
        }
        #expect(mode?.value == "always")
        let writes = #expect(throws: DriftWritesError.self) {
            try Recording().resolved(environment: ["REPOSITORY_CONTRACTS_DRIFT_WRITES": "yes"])
        }
        #expect(writes?.value == "yes")
    }

    @Test("the trait resolves its recording when a test case starts: a bad mode in its environment fails the scope")
    func traitResolves() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("recording-\(UUID())")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Todos"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        var trait: StubServerTrait = .stubServer(fixtures: "Todos", options: .init(fixturesRoot: root))
        trait.environment = { ["REPOSITORY_CONTRACTS_RECORD": "sometimes"] }
        let test = try #require(Test.current)
        let error = await #expect(throws: RecordModeError.self) {
            try await trait.provideScope(for: test, testCase: nil) {}
        }
        #expect(error?.value == "sometimes")
    }

    @Test("the recording styles keep the enums' names, order and text")
    func stylesKeepTheirText() {
        #expect(RecordedOrder.allCases.map(\.rawValue) == ["arrival", "byRequest", "canonical"])
        #expect(ServerIdentifiers.allCases.map(\.rawValue) == ["placeholders", "asReceived"])
        #expect(JSONMemberOrder.allCases.map(\.rawValue) == ["asReceived", "sorted"])
        #expect(RecordedOrder(rawValue: "canonical") == .canonical && RecordedOrder(rawValue: "random") == nil)
        #expect(ServerIdentifiers(rawValue: "asReceived") == .asReceived && ServerIdentifiers(rawValue: "") == nil)
        #expect(JSONMemberOrder(rawValue: "sorted") == .sorted && JSONMemberOrder(rawValue: "Sorted") == nil)
        #expect("\(RecordedOrder.byRequest) \(ServerIdentifiers.placeholders) \(JSONMemberOrder.sorted)" == "byRequest placeholders sorted")
        #expect(Set(RecordedOrder.allCases).count == 3 && RecordedOrder.arrival != .canonical)
    }
}
