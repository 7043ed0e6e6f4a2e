import BenchSupport
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `bench-clock [--runs 5] [--testclock-large-runs 3] [--scenarios idle,drain,ticks,race,loops] [--clocks mock,test]
///  [--idle-calls 1000000] [--testclock-idle-calls 2000] [--sizes 100,1000,10000] [--ticks 10000]
///  [--testclock-ticks 1000] [--race-iterations 5000] [--load-threads 2] [--race-wait-ms 20]
///  [--loops 1000] [--loop-ticks 10]`
///
/// The root package's `MockClock` side by side with swift-clocks 1.1.1 `TestClock<Duration>`, in one
/// process. Each timed configuration gets one untimed warm-up and `--runs` timed runs (TestClock
/// configurations with N ≥ 10,000 get `--testclock-large-runs`, as one such run takes ~16–40 s);
/// tables give the median with min–max. Scenarios:
///
/// - **idle**: `advance(by: 1 s)` with no sleepers, wall and process CPU time per call.
/// - **drain**: N child tasks, task i sleeping until i + 1 s (distinct deadlines); once all are
///   registered, one `advance(by: N + 1 s)`, timed until the task group has finished. MockClock waits
///   for registration with `waitForSleepers(count: N)`; TestClock has no such API, so the benchmark
///   waits until every task has entered `sleep` (a counter bumped just before the call, no polling)
///   plus 5 ms untimed, as the research notes did.
/// - **ticks**: single-tick stepping, two ways: N sleepers at 1…N s and N × `advance(by: 1 s)` (the
///   research notes' scenario), and one timer task re-sleeping to the next second, advanced one second
///   at a time (MockClock: `waitForSleepers(count: 1)` before each advance; TestClock as shipped).
/// - **race**: the canonical `Task { sleep(for: 1 s); woke() }` / `advance(by: 1 s)` / check, with
///   `--load-threads` plain threads spinning outside the Swift pool: MockClock with and without
///   `waitForSleepers(count: 1)` before the advance, TestClock as shipped. When MockClock's advance
///   resumed nobody, the probe waits for whichever comes first, the sleeper registering late (a miss)
///   or the task ending because its sleep, its deadline read before the advance, returned at once.
/// - **loops**: one long advance over N re-sleeping loops: N tasks each sleeping 1 s and ticking K
///   times, one `advance(by: K s)`; counts the ticks (N × K when one advance equals many) and the ticks
///   that read `now` past their deadline. MockClock with the loops on its executor and on the default
///   executor; TestClock as shipped (`await advance`).
///
/// Every sleeper is checked: none may wake before its deadline or be missing. Every wait ends by
/// itself on a correct clock (TestClock's may not: those are bounded in real time and reported as
/// stuck); a phase that still overruns its real-time limit, a clock bug, aborts the run naming it.
@main
struct BenchClock {
    static func main() async {
        // Run off the main actor, so tasks the scenarios create run on the global concurrent executor,
        // as in a test.
        let status = await Task.detached { () -> Int32 in
            do {
                try await run()
                return 0
            } catch {
                emitError("bench-clock: \(error)")
                return 1
            }
        }.value
        exit(status)
    }

    struct Options {
        var runs = 5
        var testClockLargeRuns = 3
        var scenarios: Set<String> = ["idle", "drain", "ticks", "race", "loops"]
        var mock = true
        var test = true
        var idleCalls = 1_000_000
        var testClockIdleCalls = 2_000
        var sizes = [100, 1_000, 10_000]
        var ticks = 10_000
        var testClockTicks = 1_000
        var raceIterations = 5_000
        var loadThreads = 2
        var raceWaitMilliseconds = 20
        var loops = 1_000
        var loopTicks = 10

        init(_ arguments: Arguments) throws {
            runs = try arguments.integer("runs", default: runs)
            testClockLargeRuns = try arguments.integer("testclock-large-runs", default: testClockLargeRuns)
            if let text = arguments.string("scenarios") {
                scenarios = Set(text.split(separator: ",").map(String.init))
                let unknown = scenarios.subtracting(["idle", "drain", "ticks", "race", "loops"])
                guard unknown.isEmpty else { throw UsageError("unknown scenario(s) \(unknown.sorted())") }
            }
            if let text = arguments.string("clocks") {
                let names = Set(text.split(separator: ",").map(String.init))
                guard names.isSubset(of: ["mock", "test"]), !names.isEmpty else {
                    throw UsageError("--clocks takes mock, test or mock,test")
                }
                mock = names.contains("mock")
                test = names.contains("test")
            }
            idleCalls = try arguments.integer("idle-calls", default: idleCalls)
            testClockIdleCalls = try arguments.integer("testclock-idle-calls", default: testClockIdleCalls)
            if let text = arguments.string("sizes") {
                sizes = try text.split(separator: ",").map { word throws(UsageError) in
                    guard let value = Int(word), value > 0 else { throw UsageError("--sizes takes positive integers") }
                    return value
                }
            }
            ticks = try arguments.integer("ticks", default: ticks)
            testClockTicks = try arguments.integer("testclock-ticks", default: testClockTicks)
            raceIterations = try arguments.integer("race-iterations", default: raceIterations)
            loadThreads = try arguments.integer("load-threads", default: loadThreads)
            raceWaitMilliseconds = try arguments.integer("race-wait-ms", default: raceWaitMilliseconds)
            loops = try arguments.integer("loops", default: loops)
            loopTicks = try arguments.integer("loop-ticks", default: loopTicks)
            guard runs >= 1, testClockLargeRuns >= 1, idleCalls >= 1, testClockIdleCalls >= 1, ticks >= 1,
                testClockTicks >= 1, raceIterations >= 1, loadThreads >= 0, raceWaitMilliseconds >= 1, loops >= 1,
                loopTicks >= 1
            else { throw UsageError("counts must be at least 1 (--load-threads at least 0)") }
        }

        func runs(testClock: Bool, size: Int) -> Int {
            testClock && size >= 10_000 ? testClockLargeRuns : runs
        }
    }

    /// Medians kept for the summary at the end.
    struct Summary {
        var idle: [String: Series] = [:]
        var drain: [String: [Int: Series]] = [:]
        var tickSleepers: [String: (Int, Series)] = [:]
        var tickTimer: [String: (Int, Series)] = [:]
        var race: [(String, RaceOutcome)] = []
        var loops: [String: Series] = [:]
    }

    static func run() async throws {
        let options = try Options(try Arguments())
        let wallStart = ContinuousClock.now
        var summary = Summary()
        // Started now, so its thread does not appear in the middle of a measurement.
        _ = Watchdog.shared

        let megaYield = ProcessInfo.processInfo.environment["TASK_MEGA_YIELD_COUNT"].map { "\($0) (from the environment)" }
            ?? "unset (20, the default)"
        emitLine("# bench-clock: MockClock (this package) vs swift-clocks 1.1.1 TestClock<Duration>")
        emitLine("")
        emitLine(
            "Release build. Each configuration: 1 untimed warm-up + \(options.runs) timed runs "
                + "(TestClock at N ≥ 10,000: \(options.testClockLargeRuns)); median (min–max). "
                + "TestClock's TASK_MEGA_YIELD_COUNT: \(megaYield). CPUs online: \(sysconf(Int32(_SC_NPROCESSORS_ONLN))).")

        if options.scenarios.contains("idle") { try await idle(options, &summary) }
        if options.scenarios.contains("drain") { try await drain(options, &summary) }
        if options.scenarios.contains("ticks") { try await ticks(options, &summary) }
        if options.scenarios.contains("race") { try await race(options, &summary) }
        if options.scenarios.contains("loops") { try await loops(options, &summary) }
        targets(options, summary)

        var usage = rusage()
        #if canImport(Glibc)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
        let system = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        emitLine("")
        emitLine(
            "Process: wall \(formatted(nanoseconds(since: wallStart) / 1e9, decimals: 1)) s, "
                + "CPU \(formatted(user + system, decimals: 1)) s (user \(formatted(user, decimals: 1)) + sys \(formatted(system, decimals: 1))), "
                + "max RSS \(usage.ru_maxrss / 1024) MiB")
    }

    /// Runs `body` once untimed, then `runs` times, collecting what `sample` extracts.
    static func measure<Sample>(
        _ label: String, runs: Int, limitSeconds: Int, _ body: () async throws -> Sample, describe: (Sample) -> String
    ) async rethrows -> [Sample] {
        var samples: [Sample] = []
        for run in 0...runs {
            let name = run == 0 ? "\(label) warm-up" : "\(label) run \(run)/\(runs)"
            Watchdog.shared.arm(name, seconds: limitSeconds)
            let sample = try await body()
            Watchdog.shared.disarm()
            progress("\(name): \(describe(sample))")
            if run > 0 { samples.append(sample) }
        }
        return samples
    }

    static func range(_ series: Series, decimals: Int) -> String {
        "\(grouped(series.min, decimals: decimals))–\(grouped(series.max, decimals: decimals))"
    }

    // MARK: idle

    static func idle(_ options: Options, _ summary: inout Summary) async throws {
        var rows: [String] = []
        func row(_ label: String, calls: Int, _ samples: [IdleSample], decimals: Int) -> Series {
            let wall = Series(samples: samples.map(\.wallNanoseconds))
            let cpu = Series(samples: samples.map(\.cpuNanoseconds))
            rows.append(
                "| \(label) | \(grouped(calls)) | \(options.runs) | \(grouped(wall.median, decimals: decimals)) | "
                    + "\(range(wall, decimals: decimals)) | \(grouped(cpu.median, decimals: decimals)) | "
                    + "\(range(cpu, decimals: decimals)) |")
            return wall
        }
        func describe(_ sample: IdleSample) -> String {
            "\(formatted(sample.wallNanoseconds, decimals: 1)) ns/call (CPU \(formatted(sample.cpuNanoseconds, decimals: 1)))"
        }
        if options.mock {
            let samples = try await measure(
                "idle MockClock ×\(grouped(options.idleCalls))", runs: options.runs, limitSeconds: 120,
                { try MockScenarios.idle(calls: options.idleCalls) }, describe: describe)
            summary.idle["MockClock"] = row("MockClock", calls: options.idleCalls, samples, decimals: 1)
        }
        if options.test {
            let samples = await measure(
                "idle TestClock ×\(grouped(options.testClockIdleCalls))", runs: options.runs, limitSeconds: 300,
                { await TestScenarios.idle(calls: options.testClockIdleCalls) }, describe: describe)
            summary.idle["TestClock"] = row("TestClock 1.1.1", calls: options.testClockIdleCalls, samples, decimals: 0)
        }
        emitLine("")
        emitLine("## Idle `advance(by: 1 s)`, no sleepers (ns per call)")
        emitLine("")
        emitLine("| clock | calls per run | runs | ns per call, median | min–max | CPU ns per call, median | min–max |")
        emitLine("|---|---:|---:|---:|---:|---:|---:|")
        rows.forEach(emitLine)
        emitLine("")
        emitLine(
            "ns per call: wall time. CPU ns per call: the process's CPU time over the same calls (all threads; "
                + "MockClock's advance runs on the calling thread alone). On a loaded machine the wall figure grows "
                + "with the time the process waits for a core; the CPU figure does not.")
        if options.test {
            emitLine("")
            emitLine(
                "TestClock gets fewer calls per run: each of its advances awaits two megaYields (40 detached "
                    + "background tasks), ~0.6 ms a call in the research notes.")
        }
    }

    // MARK: drain

    static func drain(_ options: Options, _ summary: inout Summary) async throws {
        enum Kind: CaseIterable { case mock, test, floor }
        var rows: [String] = []
        for size in options.sizes {
            for kind in Kind.allCases where kind == .test ? options.test : options.mock {
                let name = ["MockClock", "TestClock", "floor"][Kind.allCases.firstIndex(of: kind)!]
                let runs = options.runs(testClock: kind == .test, size: size)
                let samples = try await measure(
                    "drain \(name) N=\(grouped(size))", runs: runs, limitSeconds: kind == .test ? 600 : 120,
                    {
                        switch kind {
                        case .mock: try await MockScenarios.drain(sleepers: size)
                        case .test: try await TestScenarios.drain(sleepers: size)
                        case .floor: try await FloorScenarios.drain(sleepers: size)
                        }
                    },
                    describe: {
                        "drain \(formatted($0.drainMilliseconds, decimals: 2)) ms"
                            + ($0.advanceMilliseconds.isFinite ? " (advance \(formatted($0.advanceMilliseconds, decimals: 2)) ms)" : "")
                            + ", schedule \(formatted($0.scheduleMilliseconds, decimals: 2)) ms"
                            + ($0.lateRegistrations > 0 ? ", \($0.lateRegistrations) late registrations" : "")
                    })
                let drain = Series(samples: samples.map(\.drainMilliseconds))
                let schedule = Series(samples: samples.map(\.scheduleMilliseconds))
                let advance = Series(samples: samples.map(\.advanceMilliseconds))
                let late = samples.map(\.lateRegistrations).reduce(0, +)
                summary.drain[name, default: [:]][size] = drain
                let decimals = drain.median < 10 ? 3 : (drain.median < 1000 ? 1 : 0)
                let label = switch kind {
                case .mock: "MockClock"
                case .test: "TestClock 1.1.1"
                case .floor: "floor: N bare continuations, no clock"
                }
                rows.append(
                    "| \(label) | \(grouped(size)) | \(runs) | \(grouped(schedule.median, decimals: 2)) | "
                        + "**\(grouped(drain.median, decimals: decimals))** | \(range(drain, decimals: decimals)) | "
                        + "\(kind == .test ? "—" : grouped(advance.median, decimals: 3)) | "
                        + "\(grouped(drain.median * 1000 / Double(size), decimals: 2)) | \(kind == .test ? String(late) : "—") |")
            }
        }
        emitLine("")
        emitLine("## One `advance(by: N + 1 s)` draining N sleepers (task i sleeps until i + 1 s)")
        emitLine("")
        emitLine(
            "| clock | N | runs | schedule ms, median | drain ms, median | min–max | of which in `advance` ms, median | "
                + "µs per sleeper | late registrations (all runs) |")
        emitLine("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
        rows.forEach(emitLine)
        emitLine("")
        emitLine(
            "Schedule: from the first `addTask` until all N are registered (MockClock, `waitForSleepers(count: N)`) "
                + "or have entered `sleep` (TestClock, which cannot tell; it then gets 5 ms more, untimed). Drain: from "
                + "just before the `advance` until the task group has finished; every sleeper checked not early and "
                + "not missing. In `advance`: the synchronous call alone (the clock's own work: popping the heap and "
                + "resuming each continuation); the rest is the runtime running the N resumed tasks and the group "
                + "collecting them. Floor: the same N child tasks suspended on bare `UnsafeContinuation`s, resumed in one "
                + "loop, no clock: what resuming and collecting N tasks costs on this machine. Late registrations: "
                + "TestClock sleepers that reached `sleep` only after the advance had begun (0 means the 5 ms were enough).")
        if let small = options.sizes.min(), let large = options.sizes.max(), large > small {
            emitLine("")
            for name in ["MockClock", "TestClock", "floor"] {
                guard let series = summary.drain[name], let a = series[small]?.median, let b = series[large]?.median else {
                    continue
                }
                let ratio = b / a
                let exponent = log(ratio) / log(Double(large) / Double(small))
                let nLogN = Double(large) * log(Double(large)) / (Double(small) * log(Double(small)))
                emitLine(
                    "Growth \(grouped(small)) → \(grouped(large)) sleepers, \(name): \(grouped(ratio, decimals: 1))× "
                        + "(≈ N^\(formatted(exponent, decimals: 2)); linear would be \(grouped(large / small))×, "
                        + "N log N \(grouped(nLogN, decimals: 0))×)")
                emitLine("")
            }
        }
    }

    // MARK: ticks

    static func ticks(_ options: Options, _ summary: inout Summary) async throws {
        var rows: [String] = []
        for variant in ["sleepers", "timer"] {
            for testClock in [false, true] where testClock ? options.test : options.mock {
                let name = testClock ? "TestClock" : "MockClock"
                let count = testClock ? options.testClockTicks : options.ticks
                let runs = options.runs(testClock: testClock, size: count)
                let samples = try await measure(
                    "ticks (\(variant)) \(name) ×\(grouped(count))", runs: runs, limitSeconds: testClock ? 600 : 120,
                    {
                        switch (variant, testClock) {
                        case ("sleepers", false): try await MockScenarios.tickSleepers(count)
                        case ("sleepers", true): try await TestScenarios.tickSleepers(count)
                        case (_, false): try await MockScenarios.tickTimer(count)
                        default: try await TestScenarios.tickTimer(count)
                        }
                    },
                    describe: {
                        "\($0.stuck ? "STUCK" : formatted($0.totalMilliseconds, decimals: 2) + " ms"), "
                            + "\($0.lateTicks) late ticks, \($0.lateRegistrations) late registrations"
                    })
                let finished = samples.filter { !$0.stuck }
                let total = Series(samples: finished.map(\.totalMilliseconds))
                if variant == "sleepers" { summary.tickSleepers[name] = (count, total) } else { summary.tickTimer[name] = (count, total) }
                let late = samples.map(\.lateTicks).reduce(0, +)
                let lateRegistrations = samples.map(\.lateRegistrations).reduce(0, +)
                let stuck = samples.count - finished.count
                let decimals = total.median < 10 ? 3 : (total.median < 1000 ? 1 : 0)
                let what =
                    variant == "sleepers"
                    ? "N sleepers at 1…N s"
                    : (testClock ? "timer task, as shipped" : "timer task, `waitForSleepers(count: 1)` per tick")
                rows.append(
                    "| \(what) | \(testClock ? "TestClock 1.1.1" : "MockClock") | \(grouped(count)) | \(runs) | "
                        + "**\(grouped(total.median, decimals: decimals))** | \(range(total, decimals: decimals)) | "
                        + "\(grouped(total.median * 1000 / Double(count), decimals: 2)) | \(late) | "
                        + "\(testClock ? "\(lateRegistrations) / \(stuck)" : "— / —") |")
            }
        }
        emitLine("")
        emitLine("## Single-tick stepping: N × `advance(by: 1 s)`, each tick due exactly one wake-up")
        emitLine("")
        emitLine(
            "| scenario | clock | ticks | runs | total ms, median | min–max | µs per tick | late ticks (all runs) | "
                + "late registrations / stuck runs |")
        emitLine("|---|---|---:|---:|---:|---:|---:|---:|---:|")
        rows.forEach(emitLine)
        emitLine("")
        emitLine(
            "N sleepers: N tasks registered first (as in the drain), then one tick per advance; timed until "
                + "all have finished. Timer task: one task sleeping until the next whole second N times; MockClock's "
                + "driver waits for it to re-register before each advance, TestClock's relies on its megaYields. "
                + "A late tick is a wake-up that saw `now` past its own deadline (it ran, or registered, after a "
                + "later advance had begun); a stuck run is a timer still asleep 1 s after the last advance. With N "
                + "sleepers the driver does not wait for a woken task to run before the next advance (as in the research "
                + "notes), so with MockClock, whose advance returns without yielding, almost every wake-up sees a later "
                + "`now`: there late ticks count that, not early or missed wake-ups (none may occur: checked).")
        if options.test, options.testClockTicks < options.ticks {
            emitLine("")
            emitLine(
                "TestClock steps \(grouped(options.testClockTicks)) ticks by default (`--testclock-ticks`): 10,000 N-sleeper "
                    + "ticks took 38.8 s per run in the research notes.")
        }
    }

    // MARK: race

    static func race(_ options: Options, _ summary: inout Summary) async throws {
        let load = BusyThreads(count: options.loadThreads)
        defer { load.stop() }
        var rows: [String] = []
        let iterations = options.raceIterations
        if options.mock {
            for handshake in [true, false] {
                let label = "race MockClock \(handshake ? "with" : "without") waitForSleepers"
                Watchdog.shared.arm(label, seconds: 600)
                let outcome = try await MockScenarios.race(iterations: iterations, handshake: handshake)
                Watchdog.shared.disarm()
                progress("\(label): \(outcome.misses) misses / \(grouped(iterations)), \(outcome.returnedAtOnce) returned at once")
                summary.race.append(("MockClock\(handshake ? "+handshake" : "")", outcome))
                rows.append(
                    "| MockClock, `await clock.waitForSleepers(count: 1)` before the advance: \(handshake ? "**yes**" : "no") | "
                        + "\(options.loadThreads) | \(grouped(iterations)) | **\(grouped(outcome.misses))** | "
                        + "\(grouped(outcome.stillAsleep)) | \(grouped(outcome.returnedAtOnce)) | "
                        + "\(grouped(outcome.millisecondsPerIteration, decimals: 3)) |")
            }
        }
        if options.test {
            let label = "race TestClock"
            Watchdog.shared.arm(label, seconds: 900)
            let outcome = await TestScenarios.race(iterations: iterations, wait: .milliseconds(options.raceWaitMilliseconds))
            Watchdog.shared.disarm()
            progress("\(label): \(outcome.misses) misses / \(grouped(iterations))")
            summary.race.append(("TestClock", outcome))
            rows.append(
                "| TestClock 1.1.1 as shipped (megaYield 20 before and after) | \(options.loadThreads) | \(grouped(iterations)) | "
                    + "**\(grouped(outcome.misses))** | \(grouped(outcome.stillAsleep)) | — | "
                    + "\(grouped(outcome.millisecondsPerIteration, decimals: 3)) |")
        }
        emitLine("")
        emitLine(
            "## Race probe: `Task { sleep(for: 1 s); woke() }`, `advance(by: 1 s)`, check — "
                + "\(grouped(iterations)) times, \(options.loadThreads) busy threads")
        emitLine("")
        emitLine(
            "| clock | busy threads | iterations | misses | of which still asleep | advance resumed nobody, test passed | "
                + "ms per iteration |")
        emitLine("|---|---:|---:|---:|---:|---:|---:|")
        rows.forEach(emitLine)
        emitLine("")
        emitLine(
            "Busy threads: plain threads spinning outside the Swift pool for the whole probe. Fresh clock per iteration. "
                + "MockClock: the test ends with `await t.value`; when `advance` returned 0 (resumed no sleeper) the "
                + "benchmark waits for whichever comes first, a sleeper registering or the task ending (exactly one "
                + "does; neither wait is left open). A miss: the task registered afterwards, for t = 2 s, so "
                + "`await t.value` would hang (always \"still asleep\"; checked as pending, then released). Not a miss: "
                + "the task had read `now` for its deadline before the advance and reached `sleep(until: 1 s)` after it, "
                + "which returned at once (the deadline had passed), so the test passes. "
                + "TestClock: `woke` checked right after `await advance`; still asleep = not woken "
                + "\(options.raceWaitMilliseconds) ms (real, untimed) later either. ms per iteration excludes that "
                + "wait and the clean-up.")
    }

    // MARK: loops

    static func loops(_ options: Options, _ summary: inout Summary) async throws {
        let n = options.loops
        let k = options.loopTicks
        var rows: [String] = []
        var variants: [(String, Bool)] = []
        if options.mock {
            variants.append(("MockClock, loops on `clock.executor`", false))
            variants.append(("MockClock, loops on the default executor", false))
        }
        if options.test { variants.append(("TestClock 1.1.1 as shipped (`await advance`)", true)) }
        for (index, (label, testClock)) in variants.enumerated() {
            let runs = testClock ? options.testClockLargeRuns : options.runs
            let samples = try await measure(
                "loops \(label) N=\(grouped(n)) K=\(k)", runs: runs, limitSeconds: testClock ? 900 : 120,
                { () async throws -> LoopSample in
                    if testClock { return try await LoopScenarios.test(loops: n, ticks: k) }
                    guard #available(macOS 15.0, *) else { throw BenchError("task executors need macOS 15") }
                    return try await LoopScenarios.mock(loops: n, ticks: k, onExecutor: index == 0)
                },
                describe: { "advance \(formatted($0.advanceMilliseconds, decimals: 2)) ms, \($0.ticks) ticks, \($0.lateTicks) late" })
            let time = Series(samples: samples.map(\.advanceMilliseconds))
            let ticks = samples.map(\.ticks)
            let late = samples.map(\.lateTicks).reduce(0, +)
            summary.loops[label] = time
            let decimals = time.median < 10 ? 3 : (time.median < 1000 ? 1 : 0)
            rows.append(
                "| \(label) | \(grouped(n)) × \(k) | \(runs) | **\(grouped(time.median, decimals: decimals))** | "
                    + "\(range(time, decimals: decimals)) | \(ticks.map { grouped($0) }.joined(separator: ", ")) of \(grouped(n * k)) | \(late) |")
        }
        emitLine("")
        emitLine("## One long advance over N re-sleeping loops: N tasks × K ticks of 1 s, one `advance(by: K s)`")
        emitLine("")
        emitLine("| clock | loops × ticks | runs | advance ms, median | min–max | ticks counted after the advance, per run | late ticks (all runs) |")
        emitLine("|---|---:|---:|---:|---:|---:|---:|")
        rows.forEach(emitLine)
        emitLine("")
        emitLine(
            "Advance: from just before the advance until it returned (MockClock's is synchronous; with the loops "
                + "on its executor every woken loop has run and slept again inside it) or was awaited (TestClock). "
                + "Ticks: counted right after the advance; one advance equal to K single-second advances gives N × K. "
                + "A late tick read `now` past its own deadline. On the default executor MockClock resumes each due "
                + "sleeper but the loops run concurrently: they re-sleep relative to a later `now` and lose ticks.")
        if let mock = summary.loops["MockClock, loops on `clock.executor`"],
            let test = summary.loops["TestClock 1.1.1 as shipped (`await advance`)"]
        {
            emitLine("")
            emitLine("MockClock on its executor is \(grouped(test.median / mock.median, decimals: 0))× faster than TestClock here.")
        }
    }

    // MARK: targets

    static func targets(_ options: Options, _ summary: Summary) {
        var rows: [String] = []
        func verdict(_ met: Bool) -> String { met ? "met" : "**missed**" }
        if let mock = summary.idle["MockClock"] {
            let test = summary.idle["TestClock"].map { "\(grouped($0.median / 1000, decimals: 0)) µs" } ?? "—"
            rows.append(
                "| idle `advance` < 1 µs | \(grouped(mock.median, decimals: 1)) ns | \(test) | \(verdict(mock.median < 1000)) |")
        }
        if let mock = summary.drain["MockClock"]?[10_000] {
            let test = summary.drain["TestClock"]?[10_000].map { "\(grouped($0.median, decimals: 0)) ms" } ?? "—"
            let floor = summary.drain["floor"]?[10_000].map { " (floor, no clock: \(grouped($0.median, decimals: 2)) ms)" } ?? ""
            rows.append(
                "| drain 10,000 sleepers < 20 ms | \(grouped(mock.median, decimals: 2)) ms\(floor) | \(test) | "
                    + "\(verdict(mock.median < 20)) |")
            if let testClock = summary.drain["TestClock"]?[10_000] {
                let ratio = testClock.median / mock.median
                rows.append(
                    "| drain 10,000 sleepers: MockClock ≥ 1,000× TestClock | \(grouped(ratio, decimals: 0))× | — | "
                        + "\(verdict(ratio >= 1_000)) |")
            }
        }
        for (label, entries) in [("N sleepers", summary.tickSleepers), ("timer task", summary.tickTimer)] {
            guard let (count, mock) = entries["MockClock"], count == 10_000 else { continue }
            let test = entries["TestClock"].map { "\(grouped($0.1.median, decimals: 0)) ms at \(grouped($0.0))" } ?? "—"
            rows.append(
                "| 10,000 single-tick advances < 50 ms (\(label)) | \(grouped(mock.median, decimals: 2)) ms | \(test) | "
                    + "\(verdict(mock.median < 50)) |")
        }
        if let (_, mock) = summary.race.first(where: { $0.0 == "MockClock+handshake" }) {
            let test = summary.race.first(where: { $0.0 == "TestClock" }).map { "\($0.1.misses) misses" } ?? "—"
            rows.append(
                "| race: 0 misses with `waitForSleepers`, \(options.loadThreads) busy threads | "
                    + "\(mock.misses) / \(grouped(mock.iterations)) | \(test) (as shipped) | "
                    + "\(verdict(mock.misses == 0 && options.loadThreads >= 2)) |")
        }
        guard !rows.isEmpty else { return }
        emitLine("")
        emitLine("## Targets (research notes §6 items 10–11), MockClock medians")
        emitLine("")
        emitLine("| target | MockClock | TestClock 1.1.1 | verdict |")
        emitLine("|---|---:|---:|---|")
        rows.forEach(emitLine)
    }
}
