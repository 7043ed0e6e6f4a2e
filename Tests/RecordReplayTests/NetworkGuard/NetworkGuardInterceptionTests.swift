import RecordReplayMessages
import Foundation
import RecordReplay
import RepositoryContractsPrimitives
import StubServerTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The guard with the features it meets: URLSession interception turns it on (`URLSession.shared`
/// answered in process as before, another session stopped, in the same test), and a record mode's
/// forwards pass it.
#if canImport(FoundationNetworking)
    extension NetworkGuardTests {
        @Suite struct WithInterception {
            init() {
                URLSessionInterception.prepare()
            }

            static let todo = StubResponse(status: 200, headers: ["Content-Type": "application/json"], body: Data(#"{"id":1}"#.utf8))

            @Test("the .stubServer(interceptsURLSession: true) trait: URLSession.shared is intercepted, an .ephemeral session is stopped and fails the test")
            func traitInterceptsSharedAndStopsEphemeral() async throws {
                let trait: StubServerTrait = .stubServer(interceptsURLSession: true)
                let test = try #require(Test.current)
                let answers = Protected<[GuardedAnswer]>([])
                try await withKnownIssue {
                    try await trait.provideScope(for: test, testCase: nil) {
                        StubServer.current.playback.stub(.get("/todos/1"), with: Self.todo)
                        let shared = await SharedSessionAnswer.get("https://api.example.com/todos/1")
                        answers.withLock { $0.append(GuardedAnswer(status: shared.status, text: shared.text, error: shared.error)) }
                        let ephemeral = try await GuardedAnswer.get("https://api.example.com/todos/1", from: .ephemeral)
                        answers.withLock { $0.append(ephemeral) }
                    }
                } matching: { issue in
                    issue.comments.contains {
                        $0.rawValue.hasPrefix("a request to https://api.example.com (CONNECT api.example.com:443 through the proxy environment")
                    }
                }
                let (shared, ephemeral) = try #require(answers.withLock { $0.count == 2 ? ($0[0], $0[1]) : nil })
                #expect(shared.status == 200 && shared.text == #"{"id":1}"#)
                #expect(ephemeral.status == nil && ephemeral.error != nil)
            }

            @Test("interceptURLSession() for XCTest: the stopped request is on the handle and an error in the server's report")
            func handleAndReportNameTheStoppedRequest() async throws {
                let server = StubServer()
                server.playback.stub(.get("/todos/1"), with: Self.todo)
                let (shared, ephemeral, interception) = try await withoutOtherGuards {
                    let interception = try await server.interceptURLSession()
                    let shared = await SharedSessionAnswer.get("https://api.example.com/todos/1")
                    let ephemeral = try await GuardedAnswer.get("http://api.example.com/todos/2", from: .default)
                    await interception.end()
                    return (shared, ephemeral, interception)
                }
                #expect(shared.status == 200)
                #expect(ephemeral.status == 403)
                let stopped = NetworkGuard.StoppedRequest(method: "GET", host: "api.example.com", port: 80, url: "http://api.example.com/todos/2")
                #expect(interception.stoppedRequests == [stopped])
                #expect(server.report.findings.filter { $0.severity == .error }.map(\.message) == [stopped.description])
                #expect(server.journal.entries.map(\.request.path) == ["/todos/1"])
            }

            @Test("a record mode's forwards pass the guard: recorded from a loopback upstream that the guard otherwise stops")
            func recordingForwardsPass() async throws {
                // 127.0.0.2 is loopback on Linux but not in no_proxy: without the forwarder's pass, the
                // guard would stop the forward as it stops the direct request below.
                let upstream = StubServer(.init(server: .init(bindAddress: .address("127.0.0.2"), idleTimeout: .seconds(86_400), requestTimeout: .seconds(86_400))))
                upstream.playback.stub(.get("/todos/1"), with: Self.todo)
                try await upstream.start()
                let folder = FileManager.default.temporaryDirectory.appendingPathComponent("guard-recording-\(UUID())", isDirectory: true)
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                defer { try? FileManager.default.removeItem(at: folder) }
                let (direct, recorded, stopped, outcome) = try await withoutOtherGuards {
                    let networkGuard = try NetworkGuard.engage()
                    defer { networkGuard.end() }
                    let direct = try await GuardedAnswer.get("\(upstream.baseURL.absoluteString)/todos/1", from: .ephemeral)
                    var configuration = StubServer.Configuration(fixtureDirectory: folder, recording: Recording(mode: .all, upstream: upstream.baseURL))
                    configuration.server = .init(idleTimeout: .seconds(86_400), requestTimeout: .seconds(86_400))
                    configuration.recording.upstreamTimeout = .seconds(86_400)
                    let recorder = StubServer(configuration)
                    try recorder.loadFixture(named: "todo")
                    try await recorder.start()
                    let recorded = try await GuardedAnswer.get("\(recorder.baseURL.absoluteString)/todos/1", from: .ephemeral)
                    await recorder.stop()
                    let outcome = try recorder.finishRecording()
                    #expect(recorder.report.findings.map(\.message) == [])
                    return (direct, recorded, networkGuard.stoppedRequests, outcome)
                }
                await upstream.stop()
                #expect(direct.status == 403)
                #expect(stopped.map(\.url) == ["\(upstream.baseURL.absoluteString)/todos/1"])
                #expect(recorded.status == 200 && recorded.text == #"{"id":1}"#)
                #expect(upstream.journal.entries.map(\.request.path) == ["/todos/1"])
                #expect(outcome?.recordedCount == 1)
            }
        }
    }
#endif
