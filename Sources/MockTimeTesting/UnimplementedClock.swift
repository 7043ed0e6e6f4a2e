public import Testing

/// A clock that fails the test whenever it is used: hand it to code that must not wait or read the time
/// on the path under test.
///
/// Reading ``now`` or ``minimumResolution`` records an issue ("<name> was used: …") at the place the
/// clock was created and returns a fixed value (offset zero); `sleep` records an issue and throws
/// `CancellationError`.
public struct UnimplementedClock: Clock, Sendable {
    /// The same instants as ``MockClock``.
    public typealias Instant = MockClock.Instant

    /// The name issues call the clock by.
    public let name: String
    /// Where the clock was created: issues are reported here.
    public let sourceLocation: SourceLocation

    /// Creates a clock that records an issue on any use.
    ///
    /// - Parameters:
    ///   - name: What issues call the clock (the dependency's name reads best: `"retryClock"`).
    ///   - fileID, filePath, line, column: Where issues are reported; the caller's location by default.
    public init(
        _ name: String = "UnimplementedClock", fileID: String = #fileID, filePath: String = #filePath,
        line: Int = #line, column: Int = #column
    ) {
        self.name = name
        self.sourceLocation = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Records an issue and returns offset zero.
    public var now: Instant {
        fail("now was read")
        return Instant(offset: .zero)
    }

    /// Records an issue and returns zero.
    public var minimumResolution: Duration {
        fail("minimumResolution was read")
        return .zero
    }

    /// Records an issue and throws `CancellationError`.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        fail("sleep(until: \(deadline)) was called")
        throw CancellationError()
    }

    private func fail(_ use: String) {
        Issue.record(Comment(rawValue: "\(name) was used: \(use)"), sourceLocation: sourceLocation)
    }
}
