import BenchSupport
import Foundation
@_spi(Benchmarks) import RecordReplay

/// `bench-scan [--runs N] [--sizes 100000,1000000,10000000] [--cases a,b,…]`
///
/// What recording costs on one response body: redaction (`Redaction().redact`) and then the secret scan
/// that gates saving (`SecretScan().findings`), as `finishRecording()` runs them. Ordinary JSON and text
/// beside adversarial bodies (each rule's prefix repeated, PEM bundles, lists of JSON Web Tokens, long
/// base64), at each size. Each case and size runs in a fresh child process (`--child NAME SIZE`), so
/// its peak memory is its own: the table gives the median throughput over the runs, the time against
/// ordinary JSON of the same size, and the most resident memory the runs added to what the process
/// held once the body was built (`VmHWM` − `VmRSS`, Linux).
@main
struct BenchScan {
    static func main() {
        do {
            let arguments = try Arguments()
            if let name = arguments.string("child") {
                try child(name: name, size: try arguments.integer("size", default: 1_000_000), runs: try arguments.integer("runs", default: 5))
            } else {
                try parent(arguments)
            }
        } catch {
            emitError("bench-scan: \(error)")
            exit(1)
        }
    }

    /// One case at one size, `runs` times: prints `RESULT <seconds,…> <peak bytes> <redacted fields> <findings>`.
    static func child(name: String, size: Int, runs: Int) throws {
        guard let scanCase = ScanCase.all.first(where: { $0.name == name }) else { throw BenchError("no case \(name)") }
        let fixture = scanCase.fixture(size: size)
        let baseline = Memory.field("VmRSS")
        let clock = ContinuousClock()
        var seconds: [Double] = []
        var redacted = 0
        var findings = 0
        for _ in 0..<runs {
            seconds.append(
                clock.measure {
                    let result = Redaction().redact(fixture)
                    redacted = result.redactions.count
                    findings = SecretScan().findings(in: result.fixture).count
                }.nanoseconds / 1e9)
        }
        let peak = Memory.field("VmHWM") - baseline
        print("RESULT \(seconds.map { String($0) }.joined(separator: ",")) \(peak) \(redacted) \(findings)")
    }

    static func parent(_ arguments: Arguments) throws {
        let runs = try arguments.integer("runs", default: 5)
        let sizes = (arguments.string("sizes") ?? "100000,1000000,10000000").split(separator: ",").compactMap { Int($0) }
        let only = arguments.string("cases").map { Set($0.split(separator: ",").map(String.init)) }
        let cases = ScanCase.all.filter { only?.contains($0.name) ?? true }
        let executable = URL(fileURLWithPath: CommandLine.arguments[0])

        print("| case | size | MB/s (median, min–max) | time vs ordinary JSON | peak RSS added | fields redacted | left after |")
        print("|---|---|---|---|---|---|---|")
        for size in sizes {
            var jsonSeconds = Double.nan
            for scanCase in cases {
                let process = Process()
                process.executableURL = executable
                process.arguments = ["--child", scanCase.name, "--size", String(size), "--runs", String(runs)]
                let pipe = Pipe()
                process.standardOutput = pipe
                try process.run()
                let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                guard let line = output.split(separator: "\n").first(where: { $0.hasPrefix("RESULT ") }) else {
                    throw BenchError("\(scanCase.name) \(size): the child printed no result:\n\(output)")
                }
                let fields = line.split(separator: " ")
                let seconds = fields[1].split(separator: ",").compactMap { Double($0) }
                let peak = Double(fields[2]) ?? .nan
                let median = Statistics.median(seconds)
                if scanCase.name == "ordinary-json" { jsonSeconds = median }
                let megabytes = Double(size) / 1_000_000
                let rates = seconds.map { megabytes / $0 }
                print(
                    "| \(scanCase.name) | \(formatted(megabytes, decimals: 1)) MB | "
                        + "\(formatted(megabytes / median, decimals: 1)) (\(formatted(rates.min() ?? .nan, decimals: 1))–"
                        + "\(formatted(rates.max() ?? .nan, decimals: 1))) | \(formatted(median / jsonSeconds, decimals: 2))× | "
                        + "\(formatted(peak / 1_000_000, decimals: 1)) MB | \(fields[3]) | \(fields[4]) |")
                emitError("\(scanCase.name) \(size): \(seconds.map { formatted($0, decimals: 3) }.joined(separator: " ")) s")
            }
        }
    }
}

/// The process's memory, from `/proc/self/status` (zero where there is none).
enum Memory {
    /// `VmRSS` (resident now) or `VmHWM` (the most resident so far), in bytes.
    static func field(_ name: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
            return kilobytes * 1_024
        }
        return 0
    }
}
