import RepositoryContractsPrimitives
import Testing

/// The pieces every progress-aware bound is made of: the time a bound does not count, and a deadline
/// that moves while work moves.
@Suite("Progress-aware bounds")
struct ProgressBoundTests {
    @Test("an open uncounted wait counts up to any instant asked about; once it ends, its time is fixed")
    func uncountedTime() async {
        let waits = UncountedWaits()
        let opened = OneShot<ContinuousClock.Instant>()
        let release = OneShot<Void>()
        let waiting = Task {
            await waits.waiting(for: "the turn") {
                opened.fire(.now)
                await release.value()
            }
        }
        let inside = await opened.value()
        #expect(waits.openWaits == ["the turn"])
        // While it is open, the time up to an hour after it was seen open is at least that hour.
        #expect(waits.total(at: inside + .seconds(3_600)) >= .seconds(3_600))
        release.fire(())
        await waiting.value
        #expect(waits.openWaits.isEmpty)
        #expect(waits.endedCount == 1)
        let closed = waits.total(at: .now)
        #expect(waits.total(at: .now + .seconds(3_600)) == closed, "an ended wait no longer counts up")
    }

    @Test("overlapping uncounted waits count their time once")
    func overlappingWaits() async {
        let waits = UncountedWaits()
        let start = ContinuousClock.now
        let bothOpen = OneShot<Void>()
        // A OneShot has one waiter: one release each.
        let releases = ["one": OneShot<Void>(), "two": OneShot<Void>()]
        let entered = Protected(0)
        await withTaskGroup(of: Void.self) { group in
            for (name, release) in releases {
                group.addTask {
                    await waits.waiting(for: name) {
                        if entered.withLock({ $0 += 1; return $0 }) == 2 { bothOpen.fire(()) }
                        await release.value()
                    }
                }
            }
            await bothOpen.value()
            #expect(Set(waits.openWaits) == ["one", "two"])
            let anHourOn = start + .seconds(3_600)
            #expect(waits.total(at: anHourOn) <= .seconds(3_600), "two waits over the same hour count one hour")
            for release in releases.values { release.fire(()) }
        }
        #expect(waits.endedCount == 2)
    }

    @Test("a progress deadline moves with its work's movements, and never past the ceiling")
    func deadlineMovesWithWork() async {
        let movements = Protected<UInt64>(0)
        let deadline = ProgressDeadline(limit: .seconds(60), local: { movements.withLock { $0 } })
        let first = deadline.current
        #expect(first <= .now + .seconds(60))
        #expect(!deadline.hasPassed)
        for _ in 0..<1_000 where deadline.current == first { movements.withLock { $0 += 1 } }
        #expect(deadline.current > first, "a movement seen later pushes the deadline later")
        // However much moves, the deadline stays within 24 × the limit of its start.
        movements.withLock { $0 += 1 }
        #expect(deadline.current <= first + .seconds(60 * 23))
    }
}
