import RecordReplayMessages
import Foundation
import RecordReplay
import RepositoryContractsPrimitives
import StubServerTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The guard for tests that do not intercept: the `.networkGuard` trait (Swift Testing) and
/// `withNetworkGuard` (any code), each failing the test with the stopped request's host.
#if canImport(FoundationNetworking)
    extension NetworkGuardTests {
        @Suite struct ForTests {
            @Test("the .networkGuard trait records each stopped request as an issue of the test")
            func traitRecordsStoppedRequests() async throws {
                let trait: NetworkGuardTrait = .networkGuard
                let test = try #require(Test.current)
                try await withoutOtherGuards {
                    try await withKnownIssue {
                        try await trait.provideScope(for: test, testCase: nil) {
                            _ = try await GuardedAnswer.get("https://metrics.example.invalid/v1/events", from: .ephemeral)
                        }
                    } matching: { issue in
                        issue.comments.contains {
                            $0.rawValue.hasPrefix("a request to https://metrics.example.invalid (CONNECT metrics.example.invalid:443")
                        }
                    }
                }
            }

            @Test(.networkGuard)
            func traitPassesATestThatStaysOnLoopback() async throws {
                let server = StubServer(.init(server: .init(idleTimeout: .seconds(86_400), requestTimeout: .seconds(86_400))))
                server.playback.stub(.get("/ping"), with: StubResponse(status: 204))
                try await server.start()
                let answer = try await GuardedAnswer.get("\(server.baseURL.absoluteString)/ping", from: .ephemeral)
                await server.stop()
                #expect(answer.status == 204)
            }

            @Test("withNetworkGuard throws NetworkGuardError naming each stopped request")
            func scopedGuardThrows() async throws {
                let thrown = try await withoutOtherGuards { () async throws -> NetworkGuardError? in
                    do {
                        _ = try await withNetworkGuard {
                            try await GuardedAnswer.get("http://legacy.example.invalid/status", from: .default)
                        }
                        return nil
                    } catch let error as NetworkGuardError {
                        return error
                    }
                }
                let error = try #require(thrown)
                #expect(error.stoppedRequests.map(\.url) == ["http://legacy.example.invalid/status"])
                #expect(error.description.hasPrefix("the network guard stopped 1 request:\n  a request to http://legacy.example.invalid/status (GET through"))
            }

            @Test("withNetworkGuard returns what its body returns when nothing was stopped")
            func scopedGuardReturns() async throws {
                let value = try await withoutOtherGuards { try await withNetworkGuard { 7 } }
                #expect(value == 7)
            }
        }
    }
#endif
