public import Foundation
import RepositoryContractsPrimitives

/// A clock whose sleeps return at once, moving ``now`` forward to their deadline: for code paths where
/// time must pass but its amount does not matter (previews, a retry loop whose delays are not under
/// test).
///
/// A sleep checks for cancellation, then sets ``now`` to its deadline unless ``now`` is already later:
/// time is monotonic, so concurrent sleeps never move it backwards (unlike swift-clocks'
/// `ImmediateClock`). Copies share one timeline; all state is behind a lock.
public struct ImmediateClock: Clock, Sendable, WallClock {
    /// The same instants as ``MockClock``: offsets from the clock's start.
    public typealias Instant = MockClock.Instant

    /// The wall-clock time at which ``now`` is zero.
    public let startDate: Date
    private let current: Protected<Instant>

    /// Creates a clock at offset zero whose wall view starts at `startDate`.
    public init(startDate: Date = MockClock.defaultStartDate) {
        self.startDate = startDate
        self.current = Protected(Instant(offset: .zero))
    }

    /// The latest deadline slept until so far (zero at the start).
    public var now: Instant {
        current.withLock { $0 }
    }

    /// Zero.
    public var minimumResolution: Duration { .zero }

    /// Returns at once, after moving ``now`` to `deadline` if that is later; throws `CancellationError`
    /// when the task is cancelled.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        current.withLock { now in
            if now < deadline { now = deadline }
        }
    }

    /// ``startDate`` plus ``now``'s offset.
    public var date: Date {
        startDate.addingTimeInterval(now.offset.timeInterval)
    }
}
