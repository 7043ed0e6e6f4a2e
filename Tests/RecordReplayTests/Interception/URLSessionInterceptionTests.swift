import RecordReplayMessages
import Foundation
import MockTime
import Testing
import RepositoryContractsTestSupport
@testable import RecordReplay
@_spi(Benchmarks) import RecordReplayWire

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Requests through `URLSession.shared` answered in process by a stub server's playback, whatever host
/// they name: matching, journal, unmatched requests, faults as `URLError`, delays on the server's clock.
@Suite struct URLSessionInterceptionTests {
    init() {
        URLSessionInterception.prepare()
    }

    @Test func sharedSessionIsAnsweredFromTheFixtureWhateverTheHost() async throws {
        let server = interceptionServer([textInteraction("/todos/10", "todo 10")])
        let answer = try await server.interceptingURLSession {
            await SharedSessionAnswer.get("https://jsonplaceholder.typicode.com/todos/10")
        }
        #expect(answer.status == 200)
        #expect(answer.text == "todo 10")
        let entry = try #require(server.journal.entries.first)
        #expect(entry.request.origin == HTTPOrigin("https://jsonplaceholder.typicode.com"))
        #expect(entry.request.path == "/todos/10")
        #expect(server.report.findings.isEmpty)
    }

    @Test func requestPartsReachThePlayback() async throws {
        let server = interceptionServer()
        server.playback.stub(.post("/v1/notes")) { request in
            StubResponse(status: 201, body: request.body)
        }
        let answer = try await server.interceptingURLSession {
            await SharedSessionAnswer.get(
                "http://api.example.com:8080/v1/notes?tag=a%20b&x=1+2", method: "POST", body: Data(#"{"a":1}"#.utf8),
                headers: ["Content-Type": "application/json", "X-Trace": "t1"])
        }
        #expect(answer.status == 201)
        #expect(answer.text == #"{"a":1}"#)
        let request = try #require(server.journal.entries.first?.request)
        #expect(request.method == "POST")
        #expect(request.origin?.description == "http://api.example.com:8080")
        #expect(request.query == [QueryItem(name: "tag", value: "a b"), QueryItem(name: "x", value: "1 2")])
        #expect(request.headers["X-Trace"] == "t1")
    }

    @Test func unmatchedRequestFailsTheReportEvenWhenTheClientSwallowsIt() async throws {
        let server = interceptionServer([textInteraction("/todos/1", "one")])
        let answer = try await server.interceptingURLSession {
            await SharedSessionAnswer.get("https://api.example.com/todos/2")
        }
        #expect(answer.status == 599)
        let unmatched = try #require(server.report.unmatchedRequests.first)
        #expect(unmatched.request.path == "/todos/2")
        #expect(unmatched.diagnostic.contains("/todos/1"))
        #expect(server.report.findings.contains { $0.severity == .error })
    }

    @Test func interceptionEndsWithTheScope() async throws {
        let server = interceptionServer([textInteraction("/a", "a")])
        let interception = try await server.interceptURLSession()
        #expect(InterceptionRouter.shared.activeScope === interception.scope)
        await interception.end()
        #expect(InterceptionRouter.shared.activeScope !== interception.scope)
        await interception.end()  // a second end does nothing
    }

    @Test func socketRequestsToAStubServerAreNeverIntercepted() async throws {
        let socketServer = StubServer(.init(server: .patient))
        socketServer.load(Fixture(interactions: [textInteraction("/socket", "from the socket")]), source: "socket")
        try await socketServer.start()
        let intercepting = interceptionServer()
        let answer = try await intercepting.interceptingURLSession {
            await SharedSessionAnswer.get(socketServer.baseURL.absoluteString + "/socket")
        }
        await socketServer.stop()
        #expect(answer.text == "from the socket")
        #expect(socketServer.journal.entries.count == 1)
        #expect(intercepting.journal.entries.isEmpty)
    }

    @Test func aSecondInterceptionFromTheSameTaskIsRefused() async throws {
        let first = try await interceptionServer().interceptURLSession()
        await #expect(throws: URLSessionInterceptionError.alreadyIntercepting) {
            _ = try await interceptionServer().interceptURLSession()
        }
        await first.end()
    }

    @Test func nestedInterceptionTakesOverUntilItEnds() async throws {
        let outer = interceptionServer([textInteraction("/who", "outer"), textInteraction("/who", "outer again")])
        let inner = interceptionServer([textInteraction("/who", "inner")])
        let texts = try await outer.interceptingURLSession {
            let first = try await inner.interceptingURLSession { await SharedSessionAnswer.get("https://x.example/who").text }
            let second = await SharedSessionAnswer.get("https://x.example/who").text
            return [first, second]
        }
        #expect(texts == ["inner", "outer"])
    }

    @Test func sharedSessionIsReachableInThisProcess() throws {
        try InterceptionRegistration.checkSharedSessionIsReachable()
    }

    #if canImport(FoundationNetworking)
        @Test func workQueueOfALinuxTaskIsFound() {
            let task = URLSession.shared.dataTask(with: URL(string: "https://example.invalid/")!)
            #expect(InterceptionPlatform.workQueue(of: task) != nil)
        }
    #endif
}
