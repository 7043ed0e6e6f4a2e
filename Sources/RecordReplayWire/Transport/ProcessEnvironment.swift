import RepositoryContractsPrimitives

#if canImport(Glibc)
    // `@preconcurrency`: `__environ` is a C global; every write to it is serialized by `ProcessEnvironment`.
    @preconcurrency import Glibc
    import Synchronization
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's environment variables, read one at a time and changed several at once: the C library
/// side of the network guard, which points the proxy variables at its listener while it is on. Beside
/// ``Platform`` so the platform imports stay in this folder.
///
/// **Threads.** `setenv` and `unsetenv` are not safe while another thread reads the environment, and
/// libcurl reads it (`getenv`) on the threads that run URLSession's transfers, at any time. With glibc,
/// changes are therefore published copy-on-write: a new array of `NAME=value` strings is built and
/// `environ` is pointed at it in one store after a release fence; the old array and every string ever
/// published stay allocated, so a reader on another thread sees either the whole old environment or
/// the whole new one, never a freed or half-shifted array. (glibc's own `setenv`, called later by
/// anyone, copies that array into one of its own.) The cost is a small leak per change, and changes
/// happen only when the first guard begins or the last ends, or when the hosts that recordings forward
/// to change while a guard is on. On Musl and Darwin the changes are made with `setenv` and
/// `unsetenv`, serialized by the same lock; there a reader on another thread at that moment is not
/// protected. No function here guards against code that changes the environment itself at the same
/// time.
package enum ProcessEnvironment {
    private static let lock = Protected(PublishedStrings())

    /// The value of `name`, or `nil` when it is not set.
    package static func value(of name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// Sets each variable of `changes` to its value, or removes it where the value is `nil`, in one
    /// step (with glibc, other threads see all of the changes or none).
    package static func apply(_ changes: [(name: String, value: String?)]) {
        lock.withLock { strings in
            #if canImport(Glibc)
                publish(changes, keeping: &strings)
            #else
                for (name, value) in changes {
                    if let value { setenv(name, value, 1) } else { unsetenv(name) }
                }
            #endif
        }
    }

    /// The `NAME=value` strings published so far, by their text: never freed, since a reader may hold one.
    private struct PublishedStrings {
        var byText: [String: UnsafeMutablePointer<CChar>] = [:]

        mutating func pointer(for text: String) -> UnsafeMutablePointer<CChar> {
            if let known = byText[text] { return known }
            let made = strdup(text)!
            byText[text] = made
            return made
        }
    }

    #if canImport(Glibc)
        /// Builds the environment with `changes` applied and makes it the process's.
        private static func publish(_ changes: [(name: String, value: String?)], keeping strings: inout PublishedStrings) {
            let changed = Set(changes.map(\.name))
            var entries: [UnsafeMutablePointer<CChar>] = []
            if var cursor = __environ {
                while let entry = cursor.pointee {
                    let text = String(cString: entry)
                    let name = text.prefix { $0 != "=" }
                    if !changed.contains(String(name)) { entries.append(entry) }
                    cursor += 1
                }
            }
            for (name, value) in changes {
                if let value { entries.append(strings.pointer(for: "\(name)=\(value)")) }
            }
            let array = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: entries.count + 1)
            for (index, entry) in entries.enumerated() { array[index] = entry }
            array[entries.count] = nil
            atomicMemoryFence(ordering: .releasing)
            __environ = array
        }
    #endif
}
