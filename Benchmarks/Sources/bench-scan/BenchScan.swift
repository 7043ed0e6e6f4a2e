import BenchSupport
import Foundation
import StubServer

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `bench-scan [--runs N] [--sizes 100000,1000000,10000000] [--cases a,b,…]`
///
/// What recording costs on one response body: redaction (`Redaction().redact`) and then the secret scan
/// that gates saving (`SecretScan().findings`), as `finishRecording()` runs them. Ordinary JSON and text
/// beside adversarial bodies (each rule's prefix repeated, PEM bundles, lists of JSON Web Tokens, long
/// base64), at each size. The table gives, per case and size, the median throughput over the runs and
/// the peak memory the step added above what the process held before it (Linux: `VmHWM` after resetting
/// it through `/proc/self/clear_refs`), and the time against ordinary JSON of the same size.
@main
struct BenchScan {
    static func main() {
        do {
            try run()
        } catch {
            emitError("bench-scan: \(error)")
            exit(1)
        }
    }

    static func run() throws {
        let arguments = try Arguments()
        let runs = try arguments.integer("runs", default: 5)
        let sizes = (arguments.string("sizes") ?? "100000,1000000,10000000").split(separator: ",").compactMap { Int($0) }
        let only = arguments.string("cases").map { Set($0.split(separator: ",").map(String.init)) }
        let cases = ScanCase.all.filter { only?.contains($0.name) ?? true }
        let clock = ContinuousClock()

        print("| case | size | MB/s (median, min–max) | time vs ordinary JSON | peak RSS added | findings |")
        print("|---|---|---|---|---|---|")
        for size in sizes {
            var jsonSeconds = Double.nan
            for scanCase in cases {
                let fixture = scanCase.fixture(size: size)
                let bytes = fixture.interactions.map { $0.response.body.count }.reduce(0, +)
                var seconds: [Double] = []
                var peaks: [Double] = []
                var findings = 0
                for _ in 0..<runs {
                    let baseline = Memory.resetPeak()
                    let elapsed = clock.measure {
                        let redacted = Redaction().redact(fixture)
                        findings = SecretScan().findings(in: redacted.fixture).count
                    }
                    peaks.append(Double(Memory.peak() - baseline) / 1_000_000)
                    seconds.append(elapsed.nanoseconds / 1e9)
                }
                let median = Statistics.median(seconds)
                if scanCase.name == "ordinary-json" { jsonSeconds = median }
                let megabytes = Double(bytes) / 1_000_000
                let rates = seconds.map { megabytes / $0 }
                print(
                    "| \(scanCase.name) | \(formatted(megabytes, decimals: 1)) MB | "
                        + "\(formatted(megabytes / median, decimals: 1)) (\(formatted(rates.min() ?? .nan, decimals: 1))–"
                        + "\(formatted(rates.max() ?? .nan, decimals: 1))) | \(formatted(median / jsonSeconds, decimals: 2))× | "
                        + "\(formatted(Statistics.median(peaks), decimals: 1)) MB | \(findings) |")
                emitError("\(scanCase.name) \(size): \(seconds.map { formatted($0, decimals: 3) }.joined(separator: " ")) s")
            }
        }
    }
}

/// The process's resident memory, from `/proc/self/status` (zero where there is none).
enum Memory {
    /// Hands freed memory back, resets the peak to the current resident size and returns it, in bytes.
    static func resetPeak() -> Int {
        #if canImport(Glibc)
        malloc_trim(0)
        #endif
        if let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") {
            handle.write(Data("5".utf8))
            try? handle.close()
        }
        return field("VmRSS")
    }

    /// The peak resident size since the last reset, in bytes.
    static func peak() -> Int { field("VmHWM") }

    private static func field(_ name: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
            return kilobytes * 1_024
        }
        return 0
    }
}
