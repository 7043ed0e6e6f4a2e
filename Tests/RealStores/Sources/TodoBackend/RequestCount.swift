import Foundation
import Hummingbird
import RealStores
import Synchronization

/// Counts the requests the server serves, `GET /stats` left out, and the writes among them, so a test
/// can tell whether anything reached the server (an offline replay must not) and whether anything
/// changed data (a read-only drift check must not).
final class RequestCount: Sendable {
    private let stats = Mutex(HTTPBackend.Stats(requests: 0, writes: 0))

    /// The requests counted so far.
    var value: HTTPBackend.Stats { stats.withLock { $0 } }

    /// The middleware that counts each request before passing it on.
    func middleware<Context: RequestContext>() -> some RouterMiddleware<Context> {
        Counting(count: self)
    }

    fileprivate func add(_ request: Request) {
        guard request.uri.path != "/stats" else { return }
        let isWrite = ![.get, .head, .options].contains(request.method)
        stats.withLock { stats in
            stats.requests += 1
            if isWrite { stats.writes += 1 }
        }
    }
}

private struct Counting<Context: RequestContext>: RouterMiddleware {
    let count: RequestCount

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        count.add(request)
        return try await next(request, context)
    }
}
