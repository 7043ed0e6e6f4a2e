import Foundation
import RecordReplay
import RepositoryContractsPrimitives
import Testing
import RepositoryContractsTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A request that cannot be recorded costs only itself: the exchanges recorded before and after it are
/// kept for the write, the client gets a 502 saying why, and the report names the request.
@Suite("Recording: a failed forward loses nothing else", .timeLimit(.minutes(10)))
struct RecordingFailureTests {
    @Test("a broken answer fails its request alone; the others are recorded, the report names it", arguments: RawUpstreamAnswer.broken)
    func brokenAnswer(_ answer: RawUpstreamAnswer) async throws {
        let upstream = try await RawUpstreamAnswer.upstream(answering: [answer])
        let server = StubServer()
        server.playback.recordUnmatched(through: UpstreamForwarder.patient(upstream.baseURL))
        try await server.start()

        let (_, before) = try await URLSession.patient.data(from: server.url("/before"))
        let (body, failed) = try await URLSession.patient.data(from: server.url(answer.path))
        let (_, after) = try await URLSession.patient.data(from: server.url("/after"))
        await server.stop()
        await upstream.stop()

        guard case .failure(let reason) = answer.outcome else { return }
        #expect((before as? HTTPURLResponse)?.statusCode == 200)
        #expect((failed as? HTTPURLResponse)?.statusCode == 502)
        #expect((after as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: body, as: UTF8.self).contains(reason))
        #expect(server.playback.recordedInteractions.map(\.request.path) == ["/before", "/after"])
        let findings = server.report.findings.map(\.message)
        #expect(
            findings.contains { $0.contains("Request #2 GET \(answer.path) could not be recorded: upstream ") && $0.contains(reason) },
            "\(findings)")
    }

    @Test("an upstream gone mid-session fails the requests that follow; those before are recorded")
    func refusedConnection() async throws {
        let upstream = try await RawUpstreamAnswer.upstream(answering: [])
        let server = StubServer()
        let messages = Messages()
        server.playback.recordUnmatched(through: UpstreamForwarder.patient(upstream.baseURL), onFailure: messages.append)
        try await server.start()

        _ = try await URLSession.patient.data(from: server.url("/before"))
        await upstream.stop()
        let (_, failed) = try await URLSession.patient.data(from: server.url("/gone"))
        await server.stop()

        #expect((failed as? HTTPURLResponse)?.statusCode == 502)
        #expect(server.playback.recordedInteractions.map(\.request.path) == ["/before"])
        let told = messages.all
        #expect(told.count == 1)
        #expect(told.first?.hasPrefix("Request #2 GET /gone could not be recorded: upstream \(upstream.baseURL.absoluteString)/gone: cannot connect to ") == true, "\(told)")
        #expect(told.first?.hasSuffix(": Connection refused") == true, "\(told)")
        #expect(server.report.findings.map(\.message).contains { told.first.map($0.contains) ?? false })
    }
}

/// The messages a recording's `onFailure` was told.
private final class Messages: Sendable {
    private let messages = Protected<[String]>([])

    var all: [String] { messages.withLock { $0 } }

    @Sendable func append(_ message: String) {
        messages.withLock { $0.append(message) }
    }
}
