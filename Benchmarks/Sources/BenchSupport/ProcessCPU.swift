#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The CPU time this process has used so far, all threads, in nanoseconds.
public func processCPUNanoseconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1e9 + Double(time.tv_nsec)
}

/// The machine's load averages over 1, 5 and 15 minutes (`getloadavg`), or `"n/a"`.
public func loadAverages() -> String {
    var loads = [Double](repeating: 0, count: 3)
    guard getloadavg(&loads, 3) == 3 else { return "n/a" }
    return loads.map { formatted($0, decimals: 2) }.joined(separator: " ")
}
