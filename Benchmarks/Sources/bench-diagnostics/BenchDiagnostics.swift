import BenchSupport
import Foundation
@_spi(Benchmarks) import RecordReplay

/// `bench-diagnostics [--runs N] [--fields 10000,60000] [--large-mib 60] [--large-count 8]`
///
/// What answering a request that matches nothing costs (`Playback.plan(for:)`, which writes the
/// diagnostic: the request shown, the closest recorded requests compared field by field):
/// - a URL-encoded form POST of N fields, against a fixture whose recorded form has other values;
/// - a GET with N query items, against a fixture whose recorded request has N items, one differing;
/// - a text POST of `--large-mib` MiB sent `--large-count` times: the time of each, the diagnostic's
///   size, and the resident memory before, after them, and after the playback is gone.
@main
struct BenchDiagnostics {
    static func main() {
        do {
            try run()
        } catch {
            emitError("bench-diagnostics: \(error)")
            exit(1)
        }
    }

    static func run() throws {
        let arguments = try Arguments()
        let runs = try arguments.integer("runs", default: 3)
        let counts = (arguments.string("fields") ?? "10000,60000").split(separator: ",").compactMap { Int($0) }
        let largeMiB = try arguments.integer("large-mib", default: 60)
        let largeCount = try arguments.integer("large-count", default: 8)
        let clock = ContinuousClock()

        print("| case | fields | seconds (median, min–max) | diagnostic bytes |")
        print("|---|---|---|---|")
        for count in counts {
            for (name, fixture, request) in [formCase(count), queryCase(count)] {
                var seconds: [Double] = []
                var size = 0
                for _ in 0..<runs {
                    let playback = Playback()
                    playback.load(fixture, source: "bench.json")
                    var plan: ResponsePlan?
                    seconds.append(clock.measure { plan = playback.plan(for: request) }.nanoseconds / 1e9)
                    if case .respond(let response) = plan { size = response.body.count }
                }
                print(
                    "| \(name) | \(count) | \(formatted(Statistics.median(seconds), decimals: 3)) "
                        + "(\(formatted(seconds.min() ?? .nan, decimals: 3))–\(formatted(seconds.max() ?? .nan, decimals: 3))) "
                        + "| \(size) |")
            }
        }

        let before = residentBytes()
        var seconds: [Double] = []
        var size = 0
        do {
            let playback = Playback()
            playback.load(formCase(1).fixture, source: "bench.json")
            for _ in 0..<largeCount {
                var request = StubRequest(method: "POST", path: "/upload", headers: ["Content-Type": "text/plain"])
                request.body = Data(repeating: UInt8(ascii: "z"), count: largeMiB << 20)
                var plan: ResponsePlan?
                seconds.append(clock.measure { plan = playback.plan(for: request) }.nanoseconds / 1e9)
                if case .respond(let response) = plan { size = response.body.count }
            }
            let held = residentBytes()
            print("")
            print(
                "unmatched \(largeMiB) MiB text POST × \(largeCount): \(formatted(Statistics.median(seconds), decimals: 3)) s "
                    + "each (median), diagnostic \(size) bytes; resident memory \(before >> 20) MiB before, "
                    + "\(held >> 20) MiB with the playback still holding its journal")
        }
        print("resident memory once the playback is gone: \(residentBytes() >> 20) MiB")
    }

    /// A form POST recorded with N fields, and a received one whose every value differs.
    static func formCase(_ count: Int) -> (name: String, fixture: Fixture, request: StubRequest) {
        func form(_ value: String) -> Data {
            Data((0..<count).map { "field\($0)=\(value)\($0)" }.joined(separator: "&").utf8)
        }
        let headers: HTTPHeaders = ["Content-Type": "application/x-www-form-urlencoded"]
        let recorded = StubRequest(method: "POST", path: "/form", headers: headers, body: form("a"))
        let received = StubRequest(method: "POST", path: "/form", headers: headers, body: form("b"))
        return ("form POST, every value differs", fixture(recorded), received)
    }

    /// A GET recorded with N query items, and a received one whose last item differs.
    static func queryCase(_ count: Int) -> (name: String, fixture: Fixture, request: StubRequest) {
        let items = (0..<count).map { QueryItem(name: "q\($0)", value: "v\($0)") }
        var changed = items
        changed[count - 1].value = "other"
        return (
            "GET, one query item differs",
            fixture(StubRequest(method: "GET", path: "/search", query: items)),
            StubRequest(method: "GET", path: "/search", query: changed)
        )
    }

    static func fixture(_ request: StubRequest) -> Fixture {
        Fixture(interactions: [Interaction(request: request, response: StubResponse(status: 200))])
    }

    static func residentBytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return (line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0) * 1_024
        }
        return 0
    }
}
