public import Foundation
import RepositoryContractsPrimitives

extension MockClock: WallClock {
    /// The wall-clock time: ``startDate`` plus ``now``'s offset plus the skew from
    /// ``skewWallClock(by:)``. Moves with every advance.
    public var date: Date {
        let (now, skew) = state.withLock { ($0.now, $0.skew) }
        return startDate.addingTimeInterval((now.offset + skew).timeInterval)
    }

    /// How far ``skewWallClock(by:)`` has moved the wall view from the timeline in total.
    public var wallClockSkew: Duration {
        state.withLock { $0.skew }
    }

    /// Moves ``date`` by `offset` (either way) without moving ``now`` or waking any sleeper: a server
    /// `Date` header that disagrees with the client, or a device clock the user changed.
    public func skewWallClock(by offset: Duration) {
        state.withLock { $0.skew += offset }
    }
}
