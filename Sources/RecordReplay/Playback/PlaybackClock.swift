/// The playback's clock with its instant type erased: reads `now`, measures time since the playback
/// began, and sleeps.
struct PlaybackClock: Sendable {
    /// The clock's `now`, and the time from the playback's start to it.
    let now: @Sendable () -> (instant: any InstantProtocol<Duration>, elapsed: Duration)
    /// Sleeps for a duration on the clock; throws `CancellationError` (or whatever the clock throws)
    /// when the task is cancelled.
    let sleep: @Sendable (Duration) async throws -> Void

    init(_ clock: any Clock<Duration>) {
        self = Self.make(clock)
    }

    private init(
        now: @escaping @Sendable () -> (instant: any InstantProtocol<Duration>, elapsed: Duration),
        sleep: @escaping @Sendable (Duration) async throws -> Void
    ) {
        self.now = now
        self.sleep = sleep
    }

    private static func make<C: Clock<Duration>>(_ clock: C) -> PlaybackClock {
        let start = clock.now
        return PlaybackClock(
            now: {
                let instant = clock.now
                return (instant, start.duration(to: instant))
            },
            sleep: { duration in try await clock.sleep(for: duration) })
    }
}
