import RecordReplayMessages
import Foundation
import RecordReplay
import Testing
import RepositoryContractsTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The network guard on Linux: while it is on, a request from any `URLSession` to a host that is not
/// loopback is stopped on this machine and named; loopback requests still reach stub servers.
///
/// Every host here is reserved (`example.com`, `.invalid`), every request goes to the guard's listener
/// on `127.0.0.1`, and a request is sent only after the proxy variables are checked: no packet leaves the
/// machine, whatever the guard does. Serialized, and each test without other guards on, since a stopped
/// request is kept by every guard on when it arrives. `swift test --filter NetworkGuardTests` shows
/// what the guard stops.
#if canImport(FoundationNetworking)
    @Suite(.serialized) struct NetworkGuardTests {
        @Test("an https request from a session made from .ephemeral or .default is stopped and named", arguments: SessionKind.allCases)
        func httpsIsStopped(_ kind: SessionKind) async throws {
            let (answer, stopped) = try await withoutOtherGuards {
                let networkGuard = try NetworkGuard.engage()
                defer { networkGuard.end() }
                return (try await GuardedAnswer.get("https://api.example.com/todos/1", from: kind.configuration), networkGuard.stoppedRequests)
            }
            #expect(answer.status == nil && answer.error != nil, "the request was not stopped: \(answer)")
            #expect(answer.text.contains("CONNECT tunnel failed, response 403"), "\(answer.text)")
            #expect(stopped == [NetworkGuard.StoppedRequest(method: "CONNECT", host: "api.example.com", port: 443, url: "https://api.example.com")])
            #expect(stopped.first?.description.hasPrefix(
                "a request to https://api.example.com (CONNECT api.example.com:443 through the proxy environment: a URLSession made from .default/.ephemeral, or another libcurl client) was stopped by the network guard") == true)
        }

        @Test("a plain http request from a session made from .ephemeral or .default is stopped: a 403 saying why", arguments: SessionKind.allCases)
        func httpIsStopped(_ kind: SessionKind) async throws {
            let (answer, stopped) = try await withoutOtherGuards {
                let networkGuard = try NetworkGuard.engage()
                defer { networkGuard.end() }
                return (try await GuardedAnswer.get("http://todos.example.invalid:8080/todos?done=true", from: kind.configuration), networkGuard.stoppedRequests)
            }
            let expected = NetworkGuard.StoppedRequest(method: "GET", host: "todos.example.invalid", port: 8080, url: "http://todos.example.invalid:8080/todos?done=true")
            #expect(stopped == [expected])
            #expect(answer.status == 403)
            #expect(answer.text == expected.description + "\n")
            #expect(expected.description.hasPrefix("a request to http://todos.example.invalid:8080/todos?done=true (GET through the proxy environment"))
        }

        @Test("loopback requests still reach a stub server while the guard is on", arguments: ["127.0.0.1", "localhost"])
        func loopbackReachesStubServer(_ host: String) async throws {
            let server = StubServer(.init(server: .init(idleTimeout: .seconds(86_400), requestTimeout: .seconds(86_400))))
            server.playback.stub(.get("/ping"), with: StubResponse(status: 200, body: Data("pong".utf8)))
            try await server.start()
            let (answers, stopped) = try await withoutOtherGuards {
                let networkGuard = try NetworkGuard.engage()
                defer { networkGuard.end() }
                var answers: [GuardedAnswer] = []
                for kind in SessionKind.allCases {
                    answers.append(try await GuardedAnswer.get("http://\(host):\(server.port)/ping", from: kind.configuration))
                }
                return (answers, networkGuard.stoppedRequests)
            }
            await server.stop()
            #expect(answers.map(\.status) == [200, 200])
            #expect(answers.map(\.text) == ["pong", "pong"])
            #expect(stopped.isEmpty)
            #expect(server.journal.count(of: .get("/ping")) == 2)
        }

        @Test("requests sent the way app code sends them (Task {}, async let, a task group) are all stopped")
        func requestsFromEveryKindOfTask() async throws {
            let stopped = try await withoutOtherGuards {
                let networkGuard = try NetworkGuard.engage()
                defer { networkGuard.end() }
                try GuardedAnswer.requireGuardedEnvironment()
                let session = URLSession(configuration: .patient)
                defer { session.finishTasksAndInvalidate() }
                @Sendable func load(_ url: String) async {
                    _ = try? await session.data(from: URL(string: url)!)
                }
                let unstructured = Task { await load("https://task.example.invalid/a") }
                async let child: Void = load("http://async-let.example.invalid/b")
                await withTaskGroup(of: Void.self) { group in
                    for index in 1...3 {
                        group.addTask { await load("https://group-\(index).example.invalid/c") }
                    }
                }
                await unstructured.value
                await child
                return networkGuard.stoppedRequests
            }
            #expect(Set(stopped.map(\.url)) == [
                "https://task.example.invalid", "http://async-let.example.invalid/b", "https://group-1.example.invalid",
                "https://group-2.example.invalid", "https://group-3.example.invalid",
            ])
            #expect(stopped.count == 5)
        }

        @Test("two guards at once each keep what was stopped while they were on")
        func guardsAreCounted() async throws {
            let (first, second) = try await withoutOtherGuards {
                let outer = try NetworkGuard.engage()
                let inner = try NetworkGuard.engage()
                _ = try await GuardedAnswer.get("https://one.example.invalid/", from: .ephemeral)
                inner.end()
                _ = try await GuardedAnswer.get("https://two.example.invalid/", from: .ephemeral)
                outer.end()
                return (outer.stoppedRequests.map(\.host), inner.stoppedRequests.map(\.host))
            }
            #expect(first == ["one.example.invalid", "two.example.invalid"])
            #expect(second == ["one.example.invalid"])
        }

        @Test("the guard stops every URLSession on Linux: no limitation is announced")
        func noLimitationOnLinux() {
            #expect(NetworkGuard.limitation == nil)
        }
    }
#endif
