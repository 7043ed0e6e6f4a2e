#if os(macOS) || os(Linux)  // macOS and Linux only, as the command line that uses them
package import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The C library calls the command line needs to run and watch child processes: ending the process,
/// signal names, pipes, `posix_spawn`, and a file only this user can read.
package enum ProcessCalls {
    /// Ends the process with exit status `code`.
    package static func exit(_ code: Int32) -> Never {
        #if canImport(Darwin)
        Darwin.exit(code)
        #elseif canImport(Glibc)
        Glibc.exit(code)
        #elseif canImport(Musl)
        Musl.exit(code)
        #endif
    }

    /// "SIGILL" for 4 on Linux, and so on: the conventional name of a signal, or `nil` when unknown.
    package static func signalName(_ number: Int32) -> String? {
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
    package static func reserveStandardOutput() -> FileHandle {
        fflush(nil)
        let reserved = dup(STDOUT_FILENO)
        guard reserved >= 0, dup2(STDERR_FILENO, STDOUT_FILENO) >= 0 else {
            return FileHandle.standardOutput
        }
        return FileHandle(fileDescriptor: reserved, closeOnDealloc: true)
    }

    /// A pipe: `(read end, write end)`, both close-on-exec; `nil` (with `errno` set) when it cannot be made.
    package static func makePipe() -> (read: Int32, write: Int32)? {
        var descriptors: [Int32] = [-1, -1]
        #if canImport(Darwin)
        let made = Darwin.pipe(&descriptors)
        #elseif canImport(Glibc)
        let made = Glibc.pipe(&descriptors)
        #elseif canImport(Musl)
        let made = Musl.pipe(&descriptors)
        #endif
        guard made == 0 else { return nil }
        for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        return (descriptors[0], descriptors[1])
    }

    /// `posix_spawn` with standard input from `/dev/null`, standard output and error into the pipes'
    /// write ends, default signal dispositions and an empty signal mask (the spawning thread may be one
    /// of Dispatch's, which block signals). Returns 0 or an `errno` value.
    package static func spawn(
        _ pid: inout pid_t, _ path: String, _ argv: CStringArray, _ envp: CStringArray,
        output: (read: Int32, write: Int32), errors: (read: Int32, write: Int32)
    ) -> Int32 {
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        var attributes: posix_spawnattr_t? = nil
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output.write, STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, errors.write, STDERR_FILENO)

        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT] { sigaddset(&defaults, number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        #if canImport(Darwin)
        flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
        #endif
        posix_spawnattr_setflags(&attributes, Int16(flags))

        return argv.withPointers { argvPointers in
            envp.withPointers { envpPointers in
                posix_spawn(&pid, path, &actions, &attributes, argvPointers, envpPointers)
            }
        }
    }

    /// The C library's text for an `errno` value.
    package static func errorText(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// `errno` of the last failed call on this thread.
    package static var lastError: Int32 { errno }

    /// Closes a file descriptor, ignoring errors.
    package static func closeDescriptor(_ descriptor: Int32) {
        _ = close(descriptor)
    }

    /// Sends `signal` to the process `pid`.
    package static func send(_ signal: Int32, to pid: pid_t) {
        _ = kill(pid, signal)
    }

    /// Makes `signal` no longer end the process (a dispatch source can still observe it).
    package static func ignore(_ number: Int32) {
        _ = signal(number, SIG_IGN)
    }

    /// Blocks until child `pid` has ended, without reaping it (so its id stays its own).
    package static func waitUntilEnded(_ pid: pid_t) {
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
    }

    /// Reaps child `pid` (blocking until it has ended) and returns its raw wait status.
    package static func reap(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status
    }

    /// Writes `data` to a new file at `path` that only this user can read or write from the moment it
    /// exists (created with mode 0600, failing if the path exists); returns whether all was written.
    package static func writePrivateFile(_ data: Data, to path: String) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { return false }
        defer { _ = close(descriptor) }
        return data.withUnsafeBytes { buffer in
            var written = 0
            while written < buffer.count {
                let count = write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                guard count > 0 else { return false }
                written += count
            }
            return true
        }
    }
}

/// A null-terminated array of C strings that lives as long as this value, for `posix_spawn`'s `argv`
/// and `envp`.
package final class CStringArray {
    private let pointers: [UnsafeMutablePointer<CChar>?]

    package init(_ strings: [String]) {
        pointers = strings.map { strdup($0) } + [nil]
    }

    deinit {
        for pointer in pointers { free(pointer) }
    }

    package func withPointers<Result>(_ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Result) -> Result {
        pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
#endif
