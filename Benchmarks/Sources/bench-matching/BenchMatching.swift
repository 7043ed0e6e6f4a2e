import BenchSupport
@_spi(Benchmarks) import RecordReplay

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `bench-matching [--runs N] [--calls N] [--unmatched-calls N]`
///
/// The playback engine's cost per `plan(for:)` call against fixture size: 10, 1,000 and 100,000
/// interactions of a Todo API's shapes, each request a re-sent recorded request (other query order,
/// other JSON key order and spacing, other headers), with repeat-last exhaustion so nothing runs out;
/// requests with an origin (intercepted in process) at 100,000 interactions, against a fixture without
/// origins and one recorded from three hosts; plus requests that match nothing, at 10 and 1,000
/// interactions (the unmatched path explains the miss, so it reads the interactions).
///
/// Each run of each case gets a fresh `Playback` with the fixture loaded (not timed) and a short
/// warm-up, as a test would: the journal, which keeps every request, then holds as many entries in
/// every run. Cases alternate within each run; the table gives the median over runs with min–max.
@main
struct BenchMatching {
    static let sizes = [10, 1_000, 100_000]
    static let unmatchedSizes = [10, 1_000]
    /// Distinct requests per size, cycled through in a run.
    static let requestSetSize = 1_000

    static func main() {
        do {
            try run()
        } catch {
            emitError("bench-matching: \(error)")
            exit(1)
        }
    }

    static func run() throws {
        let arguments = try Arguments()
        let runs = try arguments.integer("runs", default: 7)
        let calls = try arguments.integer("calls", default: 50_000)
        let unmatchedCalls = try arguments.integer("unmatched-calls", default: 2_000)
        let clock = ContinuousClock()

        var fixtures: [Int: Fixture] = [:]
        for size in Set(sizes + unmatchedSizes) { fixtures[size] = FixtureShapes.fixture(count: size) }

        var cases: [Case] = []
        for size in sizes {
            let requests = (0..<requestSetSize).map { i in
                FixtureShapes.matchingRequest(size <= requestSetSize ? i % size : i * (size / requestSetSize))
            }
            cases.append(Case(label: "matched", fixture: fixtures[size]!, requests: requests, calls: calls))
        }
        // The three shapes apart, at 1,000 interactions.
        for (shape, name) in ["GET /todos/{n}", "GET /todos?…", "POST /todos (JSON)"].enumerated() {
            let requests = (0..<requestSetSize / 3).map { FixtureShapes.matchingRequest($0 * 3 + shape) }
            cases.append(Case(label: "matched, \(name) only", fixture: fixtures[1_000]!, requests: requests, calls: calls))
        }
        // Intercepted requests (with an origin), at 100,000 interactions: against a fixture recorded
        // through the socket (no interaction has an origin), and against one recorded from three hosts.
        let largest = sizes.max()!
        let spread = (0..<requestSetSize).map { $0 * (largest / requestSetSize) }
        cases.append(
            Case(
                label: "matched, intercepted, no origins recorded", fixture: fixtures[largest]!,
                requests: spread.map { FixtureShapes.matchingRequest($0, origin: FixtureShapes.origins[0]) },
                calls: calls))
        cases.append(
            Case(
                label: "matched, intercepted, 3 origins recorded",
                fixture: FixtureShapes.fromThreeOrigins(fixtures[largest]!),
                requests: spread.map {
                    FixtureShapes.matchingRequest($0, origin: FixtureShapes.origins[$0 % FixtureShapes.origins.count])
                },
                calls: calls))
        for size in unmatchedSizes {
            let requests = (0..<30).map { FixtureShapes.unmatchedRequest($0, count: size) }
            cases.append(Case(label: "unmatched", fixture: fixtures[size]!, requests: requests, calls: unmatchedCalls))
        }

        // Sanity: every matched request answers from the fixture, every unmatched one with 404.
        for item in cases {
            let playback = item.loadedPlayback()
            for request in item.requests {
                let plan = playback.plan(for: request)
                let status = answerStatus(plan)
                let expected = item.isMatched ? [200, 201] : [404]
                guard expected.contains(status) else {
                    var detail = ""
                    if case .respond(let response) = plan { detail = String(decoding: response.body, as: UTF8.self) }
                    throw BenchError(
                        "\(item.label) request \(request.method) \(request.path) answered \(status) with "
                            + "\(item.size) interactions:\n\(detail)")
                }
            }
        }

        for _ in 0..<runs {
            for index in cases.indices { cases[index].run(clock: clock) }
        }

        emitLine("## bench-matching: ns per `Playback.plan(for:)` call (\(runs) runs; median, min–max)")
        emitLine("")
        emitLine("| requests | interactions | calls per run | ns per call, median | min–max | fixture load ms, median |")
        emitLine("|---|---|---|---|---|---|")
        for item in cases {
            let load = item.label == "matched" ? formatted(Statistics.median(item.loadMilliseconds), decimals: 1) : "—"
            emitLine(
                "| \(item.label) | \(grouped(item.size)) | \(grouped(item.calls)) | \(grouped(item.median)) | "
                    + "\(grouped(item.samples.min() ?? .nan))–\(grouped(item.samples.max() ?? .nan)) | \(load) |")
        }
        let matched = cases.filter { $0.label == "matched" }
        if let small = matched.first(where: { $0.size == 10 }), let large = matched.first(where: { $0.size == 100_000 }) {
            emitLine("")
            emitLine(
                "Ratio 100,000 / 10 interactions (matched, medians): \(formatted(large.median / small.median, decimals: 2))× "
                    + "(target < 2×)")
        }
    }

    /// The status a plan answers with (`-1` for a fault, a deferred or a blocking plan, which these
    /// fixtures never produce).
    static func answerStatus(_ plan: ResponsePlan) -> Int {
        switch plan {
        case .respond(let response): response.status
        case .fault, .deferred, .blocking: -1
        }
    }

    /// One measured combination of request kind and fixture.
    struct Case {
        let label: String
        let fixture: Fixture
        let requests: [StubRequest]
        let calls: Int
        /// Nanoseconds per call, one sample per run.
        var samples: [Double] = []
        /// The fixture's load time, one sample per run.
        var loadMilliseconds: [Double] = []

        init(label: String, fixture: Fixture, requests: [StubRequest], calls: Int) {
            self.label = label
            self.fixture = fixture
            self.requests = requests
            self.calls = calls
        }

        var size: Int { fixture.interactions.count }
        var isMatched: Bool { label.hasPrefix("matched") }
        var median: Double { Statistics.median(samples) }

        /// Repeat-last so re-sent requests never run out; unmatched answers 404 like the HTTP benchmark.
        func makePlayback() -> Playback {
            Playback(options: PlaybackOptions(exhaustion: .repeatLast, unusedInteractions: .ignore, unmatchedStatus: 404))
        }

        func loadedPlayback() -> Playback {
            let playback = makePlayback()
            playback.load(fixture, source: "bench-\(size).json")
            return playback
        }

        /// One run: a fresh playback, the fixture loaded, a warm-up of 1/10 of the calls, then `calls`
        /// timed calls.
        mutating func run(clock: ContinuousClock) {
            let playback = makePlayback()
            loadMilliseconds.append(clock.measure { playback.load(fixture, source: "bench-\(size).json") }.nanoseconds / 1e6)
            _ = Self.measure(playback, requests, calls: max(calls / 10, 1), clock: clock)
            samples.append(Self.measure(playback, requests, calls: calls, clock: clock))
        }

        /// Nanoseconds per call over `calls` calls.
        static func measure(_ playback: Playback, _ requests: [StubRequest], calls: Int, clock: ContinuousClock) -> Double {
            var checksum = 0
            let elapsed = clock.measure {
                for call in 0..<calls {
                    checksum &+= answerStatus(playback.plan(for: requests[call % requests.count]))
                }
            }
            // Keeps the loop's result alive.
            if checksum == Int.min { emitLine("") }
            return elapsed.nanoseconds / Double(calls)
        }
    }
}

/// `1234.6` as `1,235`.
func grouped(_ value: Double) -> String {
    value.isFinite ? grouped(Int(value.rounded())) : "n/a"
}
