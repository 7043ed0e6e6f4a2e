import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The few C library calls the tool needs, kept in one file so the platform imports stay here.
enum Platform {
    /// Ends the process with `code`.
    static func exit(_ code: ExitCode) -> Never {
        #if canImport(Darwin)
        Darwin.exit(code.rawValue)
        #elseif canImport(Glibc)
        Glibc.exit(code.rawValue)
        #elseif canImport(Musl)
        Musl.exit(code.rawValue)
        #endif
    }

    /// "SIGILL" for 4 on Linux, and so on: the conventional name of a signal, or `nil` when unknown.
    static func signalName(_ number: Int32) -> String? {
        let names: [(Int32, String)] = [
            (SIGHUP, "SIGHUP"), (SIGINT, "SIGINT"), (SIGQUIT, "SIGQUIT"), (SIGILL, "SIGILL"),
            (SIGTRAP, "SIGTRAP"), (SIGABRT, "SIGABRT"), (SIGBUS, "SIGBUS"), (SIGFPE, "SIGFPE"),
            (SIGKILL, "SIGKILL"), (SIGSEGV, "SIGSEGV"), (SIGPIPE, "SIGPIPE"), (SIGALRM, "SIGALRM"),
            (SIGTERM, "SIGTERM"), (SIGSYS, "SIGSYS"), (SIGXCPU, "SIGXCPU"), (SIGXFSZ, "SIGXFSZ"),
        ]
        if let name = names.first(where: { $0.0 == number })?.1 {
            return name
        }
        return strsignal(number).map { String(cString: $0) }
    }

    /// Moves standard output out of the way: file descriptor 1 (and so `print`) goes to standard error
    /// from now on, and the returned handle writes to the original standard output.
    ///
    /// A child process keeps its output channel for itself this way: whatever a conformer prints cannot
    /// corrupt the progress lines the parent reads. Returns the plain standard output if it cannot.
    static func reserveStandardOutput() -> FileHandle {
        fflush(nil)
        let reserved = dup(STDOUT_FILENO)
        guard reserved >= 0, dup2(STDERR_FILENO, STDOUT_FILENO) >= 0 else {
            return FileHandle.standardOutput
        }
        return FileHandle(fileDescriptor: reserved, closeOnDealloc: true)
    }

    /// Starts catching SIGINT and SIGTERM (which then no longer end the process) and returns what
    /// receives them. Catching starts before this returns, so a signal sent as soon as the caller has
    /// announced itself (printed its URL) is never lost or fatal.
    static func catchTerminationSignals() -> TerminationSignals {
        TerminationSignals(catching: [SIGINT, SIGTERM])
    }
}

/// SIGINT and SIGTERM, caught from its creation on: ``next()`` returns the first one's name, whether it
/// arrived before the call or after.
final class TerminationSignals: @unchecked Sendable {
    private let lock = NSLock()
    private var sources: [any DispatchSourceSignal] = []
    private var received: String?
    private var waiter: CheckedContinuation<String, Never>?

    fileprivate init(catching signals: [Int32]) {
        let queue = DispatchQueue(label: "repo-contracts.signals")
        for number in signals {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            let name = Platform.signalName(number) ?? "signal \(number)"
            source.setEventHandler { [weak self] in self?.fire(name) }
            source.resume()
            sources.append(source)
        }
    }

    /// The name of the first signal received, waiting for one if none has come yet.
    func next() async -> String {
        await withCheckedContinuation { continuation in
            lock.lock()
            if let received {
                lock.unlock()
                continuation.resume(returning: received)
            } else {
                waiter = continuation
                lock.unlock()
            }
        }
    }

    private func fire(_ name: String) {
        lock.lock()
        guard received == nil else {
            lock.unlock()
            return
        }
        received = name
        let waiter = waiter
        self.waiter = nil
        lock.unlock()
        waiter?.resume(returning: name)
    }
}

