import Foundation
import Testing
@testable import RecordReplay

/// Interceptions are serialized process-wide (a request through `URLSession.shared` carries no test
/// identity): a second one waits for the first, and each one's requests reach its own server.
@Suite struct InterceptionSerializationTests {
    init() {
        URLSessionInterception.prepare()
    }

    @Test func secondInterceptionWaitsForTheFirstToEnd() async throws {
        let first = interceptionServer([textInteraction("/who", "first")])
        let second = interceptionServer([textInteraction("/who", "second")])
        let gate = InterceptionRouter.shared.gate
        let firstInterception = try await first.interceptURLSession()
        let secondAnswer = Task {
            try await second.interceptingURLSession { await SharedSessionAnswer.get("https://api.example.com/who").text }
        }
        // Other tests of the process may be waiting too: wait until this one has joined them.
        await gate.waitUntilWaiting(count: 1)
        let firstAnswer = await SharedSessionAnswer.get("https://api.example.com/who").text
        #expect(second.journal.entries.isEmpty)
        await firstInterception.end()
        #expect(try await secondAnswer.value == "second")
        #expect(firstAnswer == "first")
        #expect(first.journal.entries.count == 1)
        #expect(second.journal.entries.count == 1)
    }

    /// Many tests intercepting at once, each with its own answer for the same URL: each gets its own.
    @Test(arguments: 0..<12)
    func parallelInterceptingTestsEachGetTheirOwnAnswers(_ index: Int) async throws {
        let server = interceptionServer((0..<5).map { textInteraction("/mine", "test \(index) answer \($0)") })
        let texts = try await server.interceptingURLSession {
            var texts: [String] = []
            for _ in 0..<5 { texts.append(await SharedSessionAnswer.get("https://shared.example.com/mine").text) }
            return texts
        }
        #expect(texts == (0..<5).map { "test \(index) answer \($0)" })
        #expect(server.report.findings.isEmpty)
    }
}
