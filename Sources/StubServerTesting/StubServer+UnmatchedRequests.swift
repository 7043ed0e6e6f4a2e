public import RecordReplay
public import Testing

/// Expecting a request that nothing answers, inside a `.stubServer` test.
///
/// The trait records every unmatched request as an issue when the test ends, outside anything the
/// test body wraps. These calls take the unmatched requests received so far out of the server's
/// ``StubServer/report`` inside the body instead, so the trait does not report them again; every
/// other finding (a stub that threw, a fixture that still holds a secret, an unused interaction,
/// drift) is left for the trait to report.
///
/// A request counts once the server has received it: by then it is in the ``StubServer/journal`` and,
/// when nothing answered it, in the report, before the client sees the diagnostic answer. A request the
/// test awaits (directly, through `async let`, a task group or a `Task`'s `value`) has been counted
/// when the await returns. For a request sent from a task the test does not await, wait for the
/// server's own event first, `await StubServer.current.playback.waitForRequests(count:)`, never for
/// some time to pass.
extension StubServer {
    /// Checks that exactly `count` requests that nothing answered were received since the scope began
    /// (or since the previous call of this method or ``recordUnmatchedRequests(sourceLocation:)``), and
    /// takes them out of the ``report``, so the `.stubServer` trait does not fail the test for them.
    ///
    /// When the number differs, records one issue at the caller's line naming the expected and the
    /// actual count, followed by the diagnostic of each unmatched request (the request, its closest
    /// recorded requests and a field diff). That issue is recorded inside the test body, so
    /// `withKnownIssue` around the call can expect it.
    ///
    /// ```swift
    /// @Test(.stubServer(fixtures: "Todos"))
    /// func unknownTodoIsNotFetched() async throws {
    ///     _ = try? await client.fetch(id: 404)      // no fixture answers GET /todos/404
    ///     StubServer.current.expectUnmatchedRequests(1)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - count: How many unmatched requests the test expects; 1 unless given. Must not be negative.
    ///   - sourceLocation: Where the issue points when the count differs: the call, unless given.
    public func expectUnmatchedRequests(_ count: Int = 1, sourceLocation: SourceLocation = #_sourceLocation) {
        guard count >= 0 else {
            Issue.record(
                "expectUnmatchedRequests(\(count)): the expected count must be 0 or more", sourceLocation: sourceLocation)
            return
        }
        let taken = playback.takeUnmatchedRequests()
        guard taken.count != count else { return }
        let summary =
            "expected \(Self.requests(count)) that nothing answered, but the server received \(taken.count)"
        let message = ([summary] + taken.map(\.diagnostic)).joined(separator: "\n\n")
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }

    /// Records each request that nothing answered, received since the scope began (or since the
    /// previous call of this method or ``expectUnmatchedRequests(_:sourceLocation:)``), as an issue now,
    /// at the caller's line, with its diagnostic, and takes it out of the ``report``, so the `.stubServer`
    /// trait does not report it again when the test ends.
    ///
    /// Its purpose is `withKnownIssue`, which sees only the issues recorded inside its closure:
    ///
    /// ```swift
    /// withKnownIssue("the client still calls the retired endpoint") {
    ///     _ = try? await client.legacySync()
    ///     StubServer.current.recordUnmatchedRequests()
    /// }
    /// ```
    ///
    /// - Parameter sourceLocation: Where the issues point: the call, unless given.
    public func recordUnmatchedRequests(sourceLocation: SourceLocation = #_sourceLocation) {
        for unmatched in playback.takeUnmatchedRequests() {
            Issue.record(Comment(rawValue: unmatched.diagnostic), sourceLocation: sourceLocation)
        }
    }

    /// `1 request`, `2 requests`, in the summary of a count that differs.
    private static func requests(_ count: Int) -> String {
        count == 1 ? "1 request" : "\(count) requests"
    }
}
