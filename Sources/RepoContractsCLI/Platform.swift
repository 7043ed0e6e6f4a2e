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

    /// Waits until the process receives SIGINT or SIGTERM (which no longer end it by default) and
    /// returns the signal's name.
    static func waitForTerminationSignal() async -> String {
        let signals: [Int32] = [SIGINT, SIGTERM]
        let queue = DispatchQueue(label: "repo-contracts.signals")
        let received = SignalLatch()
        return await withCheckedContinuation { continuation in
            queue.async {
                received.onFire = { continuation.resume(returning: $0) }
                for number in signals {
                    signal(number, SIG_IGN)
                    let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
                    source.setEventHandler { received.fire(signalName(number) ?? "signal \(number)") }
                    source.resume()
                    received.sources.append(source)
                }
            }
        }
    }
}

/// Resumes a waiter once, on the first signal; keeps the signal sources alive until then. Only touched
/// on the signal queue.
private final class SignalLatch: @unchecked Sendable {
    var sources: [any DispatchSourceSignal] = []
    var onFire: ((String) -> Void)?

    func fire(_ name: String) {
        guard let onFire else { return }
        self.onFire = nil
        sources.forEach { $0.cancel() }
        onFire(name)
    }
}
