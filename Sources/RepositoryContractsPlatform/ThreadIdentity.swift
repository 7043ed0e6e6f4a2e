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
    package static var current: ThreadIdentity { ThreadIdentity(thread: pthread_self()) }

    package static func == (left: ThreadIdentity, right: ThreadIdentity) -> Bool {
        pthread_equal(left.thread, right.thread) != 0
    }
}
