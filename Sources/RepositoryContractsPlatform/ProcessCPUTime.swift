#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The CPU time this process has used so far, on all its threads; `nil` where the system cannot say.
///
/// The watchdog compares it over a stalled call's last stretch: a call that hangs on a lock or a
/// dropped completion uses none, while one that is only slow (a large query in process) keeps a core busy.
package func processCPUTime() -> Duration? {
    var spec = timespec()
    guard clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec) == 0 else { return nil }
    return .seconds(Int64(spec.tv_sec)) + .nanoseconds(Int64(spec.tv_nsec))
}

/// The CPU time the calling thread has used so far; `nil` where the system cannot say. (For tests of
/// ``processCPUTime()``: what one thread did is a floor for the whole process, whatever else runs.)
package func threadCPUTime() -> Duration? {
    var spec = timespec()
    guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec) == 0 else { return nil }
    return .seconds(Int64(spec.tv_sec)) + .nanoseconds(Int64(spec.tv_nsec))
}
