import MockTimeTesting
public import Testing

import RecordReplay

/// A Swift Testing trait that holds a ``NetworkGuard`` for each test case it applies to:
/// a request from the test to a host that is not loopback, sent by a client the guard reaches (on
/// Linux, any `URLSession`), is stopped before it leaves the machine and recorded as an issue of the
/// test naming the host and how it was sent.
///
/// ```swift
/// @Test(.networkGuard, .stubServer(fixtures: "Examples"))
/// func listsTodos() async throws {
///     let titles = try await TodoClient(baseURL: StubServer.current.baseURL).titles()
///     #expect(titles == ["Buy milk"])
/// }
/// ```
///
/// Applied to a suite, each test of it gets its own guard. The guard's limits (Apple platforms, tests
/// guarded in parallel) are those of ``NetworkGuard``; on Apple platforms the first guard
/// of the process records ``NetworkGuard/limitation`` as a warning. A
/// `.stubServer(interceptsURLSession: true)` scope guards the network by itself.
public struct NetworkGuardTrait: TestTrait, SuiteTrait, TestScoping {
    /// Applies to every test of a suite it is attached to, one guard per test case.
    public var isRecursive: Bool { true }

    /// Runs one test case with a guard on, then records each request the guard stopped as an issue at
    /// the test's source location.
    ///
    /// - Throws: What `function` throws; ``ServerStartError`` when the guard's listener
    ///   cannot listen.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let location = test.sourceLocation
        let networkGuard = try NetworkGuard.engage(noticing: { recordIssue($0, isWarning: true, at: location) })
        defer {
            networkGuard.end()
            for stopped in networkGuard.stoppedRequests {
                recordIssue(stopped.description, isWarning: false, at: location)
            }
        }
        try await function()
    }
}

extension Trait where Self == NetworkGuardTrait {
    /// Stops each request of the test to a host that is not loopback, and records it as an issue (see
    /// ``NetworkGuardTrait``).
    public static var networkGuard: Self {
        NetworkGuardTrait()
    }
}
