import Foundation
import MockTime
import RepositoryContractsPrimitives
import Testing
@testable import RecordReplay

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Faults reach an intercepted request as the `URLError` a real connection would surface, and delays
/// and never-answered requests follow the server's clock.
@Suite struct InterceptedFaultTests {
    init() {
        URLSessionInterception.prepare()
    }

    static let cases: [(Fault, URLError.Code)] = [
        (.connectionReset, .networkConnectionLost),
        (.closeWithoutReply, .badServerResponse),
        (.malformedResponse(Data("garbage\r\n\r\n".utf8)), .cannotParseResponse),
        (.truncatedBody(keepingBytes: 3), .networkConnectionLost),
    ]

    @Test(arguments: cases.indices)
    func faultSurfacesAsURLError(_ index: Int) async throws {
        let (fault, code) = Self.cases[index]
        let server = interceptionServer([textInteraction("/item", "the whole body"), textInteraction("/item", "retry")])
        server.playback.inject(fault, when: .get("/item"), on: .first)
        let (failed, retried) = try await server.interceptingURLSession {
            (await SharedSessionAnswer.get("https://api.example.com/item"), await SharedSessionAnswer.get("https://api.example.com/item"))
        }
        #expect(failed.error?.code == code, "\(fault)")
        #expect(failed.error?.failingURL?.absoluteString == "https://api.example.com/item")
        #expect(retried.status == 200)
        // A connection-level fault consumes no interaction: the retry gets the first recorded answer.
        #expect(retried.text == (fault == .truncatedBody(keepingBytes: 3) ? "retry" : "the whole body"))
    }

    @Test func statusFaultAnswersWithTheStatus() async throws {
        let server = interceptionServer([textInteraction("/item", "body")])
        server.playback.inject(.status(503), when: .get("/item"))
        let answer = try await server.interceptingURLSession { await SharedSessionAnswer.get("https://api.example.com/item") }
        #expect(answer.status == 503)
        #expect(answer.text == "body")
    }

    @Test func delayWaitsForTheMockClock() async throws {
        let clock = MockClock()
        let server = interceptionServer([textInteraction("/slow", "late")], clock: clock)
        server.playback.inject(.delay(.seconds(5)), when: .get("/slow"))
        let finished = Protected(false)
        let answer = try await server.interceptingURLSession {
            let request = Task {
                let answer = await SharedSessionAnswer.get("https://api.example.com/slow")
                finished.withLock { $0 = true }
                return answer
            }
            await server.playback.waitForRequests(count: 1)
            await clock.waitForSleepers(count: 1)
            clock.advance(by: .seconds(4))
            #expect(!finished.withLock { $0 })
            clock.advance(by: .seconds(1))
            return await request.value
        }
        #expect(answer.text == "late")
    }

    @Test func neverAnsweredRequestTimesOutOnTheServersClock() async throws {
        let clock = MockClock()
        let server = interceptionServer([textInteraction("/hang", "never")], clock: clock)
        server.playback.inject(.neverRespond, when: .get("/hang"))
        let answer = try await server.interceptingURLSession {
            let request = Task { await SharedSessionAnswer.get("https://api.example.com/hang", timeout: 90) }
            await server.playback.waitForRequests(count: 1)
            await clock.waitForSleepers(count: 1)
            clock.advance(by: .seconds(89))
            #expect(clock.pendingSleeperCount == 1)
            clock.advance(by: .seconds(1))
            return await request.value
        }
        #expect(answer.error?.code == .timedOut)
    }

    @Test func endingCancelsARequestStillWaiting() async throws {
        let clock = MockClock()
        let server = interceptionServer([textInteraction("/slow", "late")], clock: clock)
        server.playback.inject(.delay(.seconds(60)), when: .get("/slow"))
        let interception = try await server.interceptURLSession()
        let request = Task { await SharedSessionAnswer.get("https://api.example.com/slow") }
        await server.playback.waitForRequests(count: 1)
        await interception.end()
        let answer = await request.value
        #expect(answer.status == nil)
        #expect(answer.error != nil)
    }

    @Test func headRequestGetsNoBody() async throws {
        let server = interceptionServer([textInteraction("/doc", "content")])
        let answer = try await server.interceptingURLSession {
            await SharedSessionAnswer.get("https://api.example.com/doc", method: "HEAD")
        }
        #expect(answer.status == 200)
        #expect(answer.text.isEmpty)
    }
}
