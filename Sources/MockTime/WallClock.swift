public import Foundation

/// A source of the current wall-clock time: what code under test takes instead of calling `Date()`, so
/// that a test can hand it a ``MockClock`` and keep timestamps on the same timeline as its sleeps.
public protocol WallClock: Sendable {
    /// The current wall-clock time.
    var date: Date { get }
}

/// The real wall clock: `Date()`.
public struct SystemWallClock: WallClock {
    /// Creates the real wall clock.
    public init() {}

    /// `Date()`.
    public var date: Date { Date() }
}
