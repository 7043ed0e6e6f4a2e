import Foundation
package import RecordReplayMessages
@_spi(Benchmarks) package import RecordReplayWire

extension ServerOptions {
    /// Options for a test's listener: idle and request timeouts of a day, far beyond any starvation of a
    /// loaded machine, so no test depends on the server's default 30 s not running out. Tests of the
    /// timeouts themselves pass their own.
    package static var patient: ServerOptions {
        ServerOptions(idleTimeout: .seconds(24 * 60 * 60), requestTimeout: .seconds(24 * 60 * 60))
    }

    /// ``patient`` options with `change` applied.
    package static func patient(_ change: (inout ServerOptions) -> Void) -> ServerOptions {
        var options = ServerOptions.patient
        change(&options)
        return options
    }
}

/// Starts a listener for one test, runs `body` with it and its port, then stops it. `handBackAfter` is how
/// long a connection moved off its event loop waits on its own thread for a next request before going back.
@discardableResult
package func withListener<Result: Sendable>(
    _ options: ServerOptions = .patient,
    handBackAfter: Duration = HTTPListener.defaultHandBackAfter,
    handler: @escaping @Sendable (StubRequest) -> ResponsePlan = echo,
    _ body: (HTTPListener, UInt16) async throws -> Result
) async throws -> Result {
    let listener = HTTPListener(options: options, handBackAfter: handBackAfter, handler: handler)
    let port = try listener.start()
    do {
        let result = try await body(listener, port)
        await listener.stop()
        return result
    } catch {
        await listener.stop()
        throw error
    }
}

/// Answers 200 with a text body describing the request: `METHOD path`, the query items, the header
/// names and the body.
@Sendable package func echo(_ request: StubRequest) -> ResponsePlan {
    let query = request.query.map { "\($0.name)=\($0.value ?? "<nil>")" }.joined(separator: "&")
    let text = "\(request.method) \(request.path)\nquery: \(query)\nbody: \(String(decoding: request.body, as: UTF8.self))"
    return .respond(StubResponse(status: 200, headers: ["Content-Type": "text/plain"], body: Data(text.utf8)))
}

/// A stream of the requests a handler saw, for tests that wait until the server has a request.
package final class RequestLog: Sendable {
    package let requests: AsyncStream<StubRequest>
    private let continuation: AsyncStream<StubRequest>.Continuation

    package init() {
        (requests, continuation) = AsyncStream.makeStream()
    }

    package func record(_ request: StubRequest) {
        continuation.yield(request)
    }

    /// The next request the handler received; throws when none comes within the safety timeout.
    package func next() async throws -> StubRequest {
        let requests = requests
        return try await withSafetyTimeout("waiting for the handler to receive a request") {
            var iterator = requests.makeAsyncIterator()
            return await iterator.next()
        }
    }
}

/// The value of `operation`, or an error when it has produced none within `timeout` (a day by default, far
/// beyond any starvation of a loaded machine): a safety net, so a test whose event never comes fails
/// instead of hanging the run.
package func withSafetyTimeout<Value: Sendable>(
    _ what: String, timeout: Duration = .seconds(24 * 60 * 60), _ operation: @escaping @Sendable () async -> Value?
) async throws -> Value {
    try await withThrowingTaskGroup(of: Value?.self) { group in
        group.addTask { await operation() }
        group.addTask {
            try await Task.sleep(for: timeout)
            throw RawClientError("timed out \(what)")
        }
        defer { group.cancelAll() }
        guard let value = try await group.next() ?? nil else { throw RawClientError("nothing came while \(what)") }
        return value
    }
}
