import RecordReplayMessages
import Foundation
import Testing
@testable import RecordReplay
import RepositoryContractsTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// 8 tasks × 2,000 requests through `URLSession.shared` into one interception, half answered at once
/// (a fixture) and half later (an `async` stub closure, answered from another thread): no crash, and
/// every answer is the one for its request. On Linux this is what crashes when a protocol calls its
/// client from the wrong thread (see `InterceptionPlatform`).
@Suite struct InterceptionConcurrencyTests {
    init() {
        URLSessionInterception.prepare()
    }

    static let taskCount = 8
    static let requestsPerTask = 2_000

    @Test func eightTasksOfTwoThousandRequestsEachGetTheirOwnAnswer() async throws {
        let fixture = (0..<Self.taskCount).flatMap { task in
            (0..<Self.requestsPerTask / 2).map { index in textInteraction("/fixed/\(task)/\(index)", "fixture \(task)/\(index)") }
        }
        let server = interceptionServer(fixture)
        server.playback.stub(.matching("echo") { $0.path.hasPrefix("/echo/") }) { request in
            StubResponse(status: 200, body: Data("echo \(request.path.dropFirst("/echo/".count))".utf8))
        }
        let wrong = try await server.interceptingURLSession {
            await withTaskGroup(of: [String].self) { group in
                for task in 0..<Self.taskCount {
                    group.addTask {
                        var wrong: [String] = []
                        for index in 0..<Self.requestsPerTask {
                            let kind = index % 2 == 0 ? "fixed" : "echo"
                            let key = kind == "fixed" ? "\(task)/\(index / 2)" : "\(task)/\(index)"
                            let expected = kind == "fixed" ? "fixture \(key)" : "echo \(key)"
                            let answer = await SharedSessionAnswer.get("https://api.example.com/\(kind)/\(key)")
                            if answer.status != 200 || answer.text != expected {
                                wrong.append("\(kind)/\(key): \(answer.status.map(String.init) ?? "no status") \(answer.text) \(answer.error.map { "\($0)" } ?? "")")
                            }
                        }
                        return wrong
                    }
                }
                var wrong: [String] = []
                for await part in group { wrong += part }
                return wrong
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count) wrong answers, first: \(wrong.prefix(3))")
        #expect(server.journal.entries.count == Self.taskCount * Self.requestsPerTask)
        #expect(server.report.findings.isEmpty)
    }
}
