import RepositoryContractsPrimitives
import Testing

/// A bound's timer that never waits: each sleep ends at once, as late as the script says for that look, and
/// the time it reads moves only then. After `maxLooks` looks every sleep reports a cancellation, so a bound
/// that never fires ends the test instead of spinning.
private final class ScriptedTimer: Sendable {
    private struct State {
        var elapsed = Duration.zero
        var looks = 0
    }

    private let base = ContinuousClock.now
    private let state = Protected(State())
    private let lateness: [Int: Duration]
    private let maxLooks: Int

    /// `lateness[n]`: how late look `n` (from 1) comes.
    init(lateness: [Int: Duration], maxLooks: Int = 200) {
        self.lateness = lateness
        self.maxLooks = maxLooks
    }

    /// Moves the time on by `duration` outside any look: the process was stopped, or the bound's task had
    /// not begun.
    func pass(_ duration: Duration) {
        state.withLock { $0.elapsed += duration }
    }

    /// The time since the timer was made.
    var elapsed: Duration { state.withLock { $0.elapsed } }
    /// How many looks the bound took.
    var looks: Int { state.withLock { $0.looks } }

    var timer: BoundTimer {
        BoundTimer(
            now: { [self] in base + elapsed },
            sleep: { [self, base, lateness, maxLooks] due in
                state.withLock { state in
                    state.looks += 1
                    guard state.looks <= maxLooks else { return false }
                    // A look already due when the bound asks ends at once: time never goes back.
                    state.elapsed = max(state.elapsed, base.duration(to: due) + (lateness[state.looks] ?? .zero))
                    return true
                }
            })
    }
}

@Suite("A bound does not count the time it could not watch")
struct UnwatchedTimeTests {
    @Test("lateness up to the allowance counts; past it, only the allowance does")
    func allowance() {
        var unwatched = UnwatchedTime(allowance: .seconds(1))
        let due = ContinuousClock.now
        unwatched.look(due: due, woke: due + .milliseconds(900))
        #expect(unwatched.total == .zero)
        unwatched.look(due: due, woke: due + .seconds(8))
        #expect(unwatched.total == .seconds(7))
        unwatched.look(due: due, woke: due + .seconds(3))
        #expect(unwatched.total == .seconds(9))
    }

    @Test("time an uncounted wait already left out is not left out twice")
    func uncountedWaitsOverlap() {
        var unwatched = UnwatchedTime(allowance: .seconds(1))
        let due = ContinuousClock.now
        unwatched.look(due: due, woke: due + .seconds(8), uncounted: .seconds(5))
        #expect(unwatched.total == .seconds(2))
        unwatched.look(due: due, woke: due + .seconds(8), uncounted: .seconds(8))
        #expect(unwatched.total == .seconds(2))
    }

    @Test("a process stopped for 10 s (a debugger, a stack dump) does not make a stall: the bound fires at the limit it watched")
    func stoppedProcess() async throws {
        // Limit 4 s: looks every second. The second look comes 10 s late, as after a SIGSTOP.
        let script = ScriptedTimer(lateness: [2: .seconds(10)])
        let sources = ProgressSources(local: { 0 }, elsewhere: { 0 })
        let reading = try #require(await waitForStall(limit: .seconds(4), watching: sources, timer: script.timer))
        // Counted: 1 s, then 2 s + 1 s of allowed lateness, then 4 s: a stall at the limit, not at 12 s.
        #expect(reading.running == .seconds(4))
        #expect(script.elapsed == .seconds(13))
        #expect(script.looks == 3)
    }

    @Test("a bound whose task began 10 s after its work (a stopped process) counts its first look as due then, not as on time")
    func taskBeganLate() async throws {
        let script = ScriptedTimer(lateness: [:])
        let sources = ProgressSources(local: { 0 }, elsewhere: { 0 })
        let start = BoundStart(watching: sources, timer: script.timer)
        script.pass(.seconds(11))
        let reading = try #require(await waitForStall(limit: .seconds(4), watching: sources, timer: script.timer, from: start))
        // The first look was due at 1 s and came at 11 s: 1 s of allowed lateness counts, 9 s do not.
        #expect(reading.running == .seconds(4))
        #expect(script.elapsed == .seconds(13))
        #expect(script.looks == 3)
    }

    @Test("work that moved between the bound's start and its task's first look counts as progress")
    func progressBeforeTheTaskBegan() async throws {
        let script = ScriptedTimer(lateness: [:])
        let sources = ProgressSources(local: { script.elapsed >= .seconds(5) ? 1 : 0 }, elsewhere: { 0 })
        let start = BoundStart(watching: sources, timer: script.timer)
        script.pass(.seconds(11))
        let reading = try #require(await waitForStall(limit: .seconds(4), watching: sources, timer: script.timer, from: start))
        // Seen at the first look (2 s counted), so the stall comes a whole limit later.
        #expect(reading.sinceLocalProgress == .seconds(4))
        #expect(reading.running == .seconds(6))
    }

    @Test("work that moves as soon as the process goes on again holds the bound off for a whole limit")
    func progressAfterTheStop() async throws {
        let script = ScriptedTimer(lateness: [2: .seconds(10)])
        // The work moves once, 12 s in (just after the stop ended), then never again.
        let sources = ProgressSources(local: { script.elapsed >= .seconds(12) ? 1 : 0 }, elsewhere: { 0 })
        let reading = try #require(await waitForStall(limit: .seconds(4), watching: sources, timer: script.timer))
        let sinceProgress = try #require(reading.sinceLocalProgress)
        #expect(sinceProgress == .seconds(4))
        #expect(reading.running == .seconds(7))
    }

    @Test("looks that come a little late on a loaded machine still count: a stuck call is not held off by them")
    func slightlyLateLooks() async throws {
        let late = Dictionary(uniqueKeysWithValues: (1...20).map { ($0, Duration.milliseconds(900)) })
        let script = ScriptedTimer(lateness: late)
        let sources = ProgressSources(local: { 0 }, elsewhere: { 0 })
        let reading = try #require(await waitForStall(limit: .seconds(4), watching: sources, timer: script.timer))
        #expect(reading.running >= .seconds(4))
        #expect(script.looks == 3)
    }

    @Test("a deadline whose alarm goes off late past the allowance moves on by the time it could not watch")
    func lateAlarm() {
        // Other tests moving in the process may push the deadline later, never earlier: the bounds allow it.
        let deadline = ProgressDeadline(limit: .seconds(4), local: { 0 })
        let first = deadline.current
        deadline.alarmWentOff(due: first, woke: first + .milliseconds(900))
        #expect(deadline.current < first + .seconds(1))
        deadline.alarmWentOff(due: first, woke: first + .seconds(10))
        #expect(deadline.current >= first + .seconds(9))
        #expect(deadline.current < first + .seconds(10))
    }
}
