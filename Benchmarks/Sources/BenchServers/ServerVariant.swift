import BenchSupport

/// The servers the benchmarks compare, each serving the same job: `GET /todos/1` → 200,
/// `Content-Type: application/json`, the 1,024-byte ``TodoBody``; anything else → 404.
public enum ServerVariant: String, CaseIterable, Sendable {
    /// The root package's `StubServer` replaying a one-interaction fixture (repeat-last playback).
    case stub
    /// The same, replaying the interaction's recorded latency of 1 ms: every answer is deferred, so each
    /// exchange takes its connection off its event loop (for `run-idle-connections.sh`).
    case stubLatency = "stub-latency"
    /// FlyingFox 0.27.1 as shipped.
    case flyingfox
    /// FlyingFox 0.27.1 with `TCP_NODELAY` set on its listening socket.
    case flyingfoxNoDelay = "flyingfox-nodelay"
    /// Hummingbird 2.28.1 (SwiftNIO).
    case hummingbird

    /// Starts the variant on `127.0.0.1:port` (`0`: any free port) and returns once it accepts
    /// connections.
    public func start(port: UInt16 = 0) async throws -> any RunningServer {
        switch self {
        case .stub: try await StubVariant.start(port: port)
        case .stubLatency: try await StubVariant.start(port: port, recordedLatency: .milliseconds(1))
        case .flyingfox: try await FlyingFoxVariant.start(port: port, noDelay: false)
        case .flyingfoxNoDelay: try await FlyingFoxVariant.start(port: port, noDelay: true)
        case .hummingbird: try await HummingbirdVariant.start(port: port)
        }
    }
}

/// A started server: where it listens, and how to stop it.
public protocol RunningServer: Sendable {
    /// The port it listens on, on `127.0.0.1`.
    var port: UInt16 { get }
    /// Stops it and waits until it has.
    func stop() async
}
