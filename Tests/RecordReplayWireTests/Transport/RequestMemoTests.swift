import RecordReplayMessages
import Foundation
@_spi(Benchmarks) import RecordReplayWire
import Testing
import RepositoryContractsTestSupport
import RepositoryContractsPrimitives

/// A handler may keep something from one request to the next on a connection (the playback keeps how
/// it looked a request up), and is told when the request it is given is the one it was given last, read
/// again from the very same bytes. It must never be told so of any other request.
@Suite("HTTP transport: what a handler keeps between requests on a connection")
struct RequestMemoTests {
    /// What the handler was given: the request's path and `X-Id`, whether it was told the request repeats,
    /// and what it had kept.
    struct Given: Equatable, Sendable, CustomStringConvertible {
        var request: String
        var isRepeat: Bool
        var kept: String?

        var description: String { "\(request)\(isRepeat ? " (repeat)" : "") kept \(kept ?? "nothing")" }
    }

    /// What the handler keeps: the request it was given, as ``Given`` names it.
    final class Kept {
        let request: String
        init(_ request: String) { self.request = request }
    }

    @Test(
        "a request is a repeat only right after the same bytes on the same connection, on the loop and on the connection's thread",
        arguments: [false, true])
    func repeatsOnOneConnection(deferred: Bool) async throws {
        let given = Protected<[Given]>([])
        let listener = HTTPListener(options: .patient, memoizingHandler: { request, memo in
            let name = "\(request.method) \(request.path) \(request.headers["X-Id"] ?? "-")"
            given.withLock { $0.append(Given(request: name, isRepeat: memo.isRepeat, kept: (memo.kept as? Kept)?.request)) }
            memo.kept = Kept(name)
            return deferred ? .deferred { echo(request) } : echo(request)
        })
        let port = try listener.start()
        let a = "GET /a HTTP/1.1\r\nHost: x\r\nX-Id: 1\r\n\r\n"
        let b = "GET /b HTTP/1.1\r\nHost: x\r\nX-Id: 1\r\n\r\n"
        let otherId = "GET /a HTTP/1.1\r\nHost: x\r\nX-Id: 2\r\n\r\n"
        let post = "POST /a HTTP/1.1\r\nHost: x\r\nX-Id: 1\r\nContent-Length: 2\r\n\r\nhi"
        try await blocking {
            let first = try RawHTTPClient(port: port)
            for request in [a, a, a, b, a, a, otherId, a, post, post, a, a] { _ = try first.exchange(request) }
            let second = try RawHTTPClient(port: port)
            for request in [a, a] { _ = try second.exchange(request) }
            // Both in one write: the second is read from the bytes left behind the first.
            try first.send(a + a)
            _ = try first.readResponse()
            _ = try first.readResponse()
            first.close()
            second.close()
        }
        await listener.stop()
        let (getA, getB, getA2, postA) = ("GET /a 1", "GET /b 1", "GET /a 2", "POST /a 1")
        #expect(
            given.withLock { $0 } == [
                Given(request: getA, isRepeat: false, kept: nil),
                Given(request: getA, isRepeat: true, kept: getA),
                Given(request: getA, isRepeat: true, kept: getA),
                Given(request: getB, isRepeat: false, kept: getA),
                Given(request: getA, isRepeat: false, kept: getB),
                Given(request: getA, isRepeat: true, kept: getA),
                Given(request: getA2, isRepeat: false, kept: getA),
                Given(request: getA, isRepeat: false, kept: getA2),
                Given(request: postA, isRepeat: false, kept: getA),
                Given(request: postA, isRepeat: false, kept: postA),
                Given(request: getA, isRepeat: false, kept: postA),
                Given(request: getA, isRepeat: true, kept: getA),
                // The second connection keeps its own.
                Given(request: getA, isRepeat: false, kept: nil),
                Given(request: getA, isRepeat: true, kept: getA),
                Given(request: getA, isRepeat: true, kept: getA),
                Given(request: getA, isRepeat: true, kept: getA),
            ])
    }

    @Test("a repeat is told only after the handler was given the remembered request itself")
    func repeatNeedsTheRequestGiven() {
        // Each request's remembered head (nil: none), and whether it is a repeat: another head remembered
        // (a new version) is not, nor is the same head after a request from none.
        let given: [(headVersion: Int?, isRepeat: Bool)] = [
            (nil, false), (1, false), (1, true), (2, false), (nil, false), (2, false), (2, true),
        ]
        var memo = RequestMemo()
        var told: [Bool] = []
        for (headVersion, _) in given {
            memo.prepare(headVersion: headVersion)
            told.append(memo.isRepeat)
        }
        #expect(told == given.map(\.isRepeat))
    }
}
