import MockTime
import ModelChecking
import Testing

/// Time as a step: the model-based check of ``TTLCache`` draws clock advances among the calls, so that
/// expiry bugs that need "store, wait, read" are found and shrunk like any other.
@Suite("Protocol model check: a TTL cache, with time steps")
struct TTLCacheModelCheckTests {
    /// The check as a user writes it: the fake as the model, each side on a clock of its own.
    static func check(_ bug: ExpiringCache.Bug?, seed: UInt64, runs: Int = ProtocolModelCheck.defaultRuns) async -> ProtocolModelCheckResult {
        let ttl = TTLCacheOperations.ttl
        return await ProtocolModelCheck.check(
            model: { let clock = MockClock(); return CacheSystem(cache: DictionaryTTLCache(ttl: ttl, clock: clock), clock: clock) },
            subject: { let clock = MockClock(); return CacheSystem(cache: ExpiringCache(ttl: ttl, clock: clock, bug: bug), clock: clock) },
            operations: TTLCacheOperations.all, runs: runs, seed: seed)
    }

    /// The fewest steps each bug needs, and the operation whose result shows it.
    static let expected: [ExpiringCache.Bug: Int] = [.servedAtDeadline: 3, .overwriteEvictedEarly: 5, .countsExpired: 3]

    @Test("the correct cache agrees with the fake over several seeds", arguments: [UInt64(1), 2, 3, 0xC0FFEE])
    func correctPasses(seed: UInt64) async {
        let result = await Self.check(nil, seed: seed)
        #expect(result.passed, "\(result)")
        #expect(result.runs == ProtocolModelCheck.defaultRuns)
    }

    @Test("each bug is found over 20 seeds with the default settings, shrunk to its fewest steps or one more, a time step among them",
          arguments: ExpiringCache.Bug.allCases)
    func bugFound(_ bug: ExpiringCache.Bug) async throws {
        var found = 0, sizes: [Int] = [], runs: [Int] = []
        for seed in UInt64(1)...20 {
            let result = await Self.check(bug, seed: seed)
            guard let failure = result.failure else { continue }
            found += 1
            sizes.append(failure.steps.count)
            runs.append(result.runs)
            let fewest = try #require(Self.expected[bug])
            #expect((fewest...fewest + 1).contains(failure.steps.count), "\(result)")
            #expect(failure.steps.contains { $0.operation == "advance time" && $0.isStatement }, "\(result)")
        }
        #expect(found == 20, "\(bug): found in \(found) of 20 seeds")
        print("\(bug): found \(found)/20, shrunk sizes \(sizes.sorted()), runs until found \(runs.sorted())")
    }

    @Test("a time step prints as a statement of its own: the clock's advance, in the largest whole unit")
    func timeStepInRepro() async throws {
        let result = await Self.check(.servedAtDeadline, seed: 7)
        let lines = try #require(result.swiftLines)
        #expect(lines.contains("clock.advance(by: .seconds(60))"), "\(result)")
        #expect(!lines.contains { $0.contains("await clock.advance") }, "\(lines)")
        #expect(result.description.contains(". clock.advance(by: .seconds(60)) → returned"), "\(result)")
    }
}

@Suite("Time steps: drawing durations and writing them as Swift")
struct TimeStepTests {
    @Test("Duration's Swift literal uses the largest whole unit")
    func durationLiteral() {
        #expect(Duration.seconds(60).swiftLiteral == ".seconds(60)")
        #expect(Duration.milliseconds(1500).swiftLiteral == ".milliseconds(1500)")
        #expect(Duration.microseconds(20).swiftLiteral == ".microseconds(20)")
        #expect(Duration.nanoseconds(1_000_000_007).swiftLiteral == ".nanoseconds(1000000007)")
        #expect(Duration.zero.swiftLiteral == ".seconds(0)")
    }

    @Test("advancingTime(within:) draws the bounds often and whole milliseconds between them, and moves both clocks alike")
    func rangeDraws() async throws {
        let range = Duration.milliseconds(250)...Duration.seconds(2)
        let operations: [ProtocolOperation<MockClock>] = [
            .advancingTime(of: { $0 }, within: range),
            .init("now", call: { $0.now.offset }, swift: "clock.now"),
        ]
        // A subject clock that starts 1 ms ahead: the first `now` step shows the two clocks moved alike.
        let result = await ProtocolModelCheck.check(
            model: { MockClock() }, subject: { let clock = MockClock(); clock.advance(by: .milliseconds(1)); return clock },
            operations: operations, runs: 1, steps: 40, seed: 3)
        let failure = try #require(result.failure)
        #expect(failure.divergence.operation == "now")
        // Across many runs of advances alone, every drawn duration is a whole number of milliseconds in
        // the range, and both bounds come up.
        let advancesOnly = await ProtocolModelCheck.check(
            model: { MockClock() }, subject: { let clock = MockClock(); clock.advance(by: .milliseconds(1)); return clock },
            operations: Array(repeating: operations[0], count: 29) + [operations[1]], runs: 1, steps: 200, seed: 11, maxShrinkAttempts: 0)
        let drawn = (advancesOnly.failure?.steps ?? []).filter { $0.operation == "advance time" }.map(\.swift)
        #expect(drawn.count >= 10, "\(advancesOnly)")
        let millisecondCounts = try drawn.map { swift in
            let literal = try #require(swift.firstMatch(of: /clock\.advance\(by: \.(seconds|milliseconds)\((\d+)\)\)/), "\(swift)")
            return Int(literal.output.2)! * (literal.output.1 == "seconds" ? 1000 : 1)
        }
        #expect(millisecondCounts.allSatisfy { (250...2000).contains($0) }, "\(millisecondCounts)")
        #expect(millisecondCounts.contains(250) && millisecondCounts.contains(2000), "\(millisecondCounts)")
    }
}
