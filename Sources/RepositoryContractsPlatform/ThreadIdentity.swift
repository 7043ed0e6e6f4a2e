#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Which thread code runs on: how the mock clock's executor tells a nested drain (called from one of its
/// own jobs) from a drain on another thread.
package struct ThreadIdentity: Equatable, @unchecked Sendable {
    private let thread: pthread_t

    /// The calling thread.
    ///
    /// Never inlined and never optimized: C headers declare `pthread_self()` a function without side
    /// effects whose result depends on nothing (`__attribute__((const))`), so in an optimized build the
    /// compiler may compute it once in an `async` function and reuse the value after a suspension,
    /// when the task may be running on another thread. In the mock clock's awaited advance,
    /// that made a drain after an `await` take its own thread for another one and wait for itself
    /// forever (`swift test -c release`; `.ci/consumer-release` checks it). A call the optimizer
    /// cannot see into is read again each time.
    @inline(never) @_optimize(none)
    package static var current: ThreadIdentity { ThreadIdentity(thread: pthread_self()) }

    package static func == (left: ThreadIdentity, right: ThreadIdentity) -> Bool {
        pthread_equal(left.thread, right.thread) != 0
    }
}
