#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
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

    /// A pipe: `(read end, write end)`, both close-on-exec; `nil` (with `errno` set) when it cannot be made.
    static func makePipe() -> (read: Int32, write: Int32)? {
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
    static func spawn(
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

    /// Writes `data` to a new file at `path` that only this user can read or write from the moment it
    /// exists (created with mode 0600, failing if the path exists); returns whether all was written.
    static func writePrivateFile(_ data: Data, to path: String) -> Bool {
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
final class CStringArray {
    private let pointers: [UnsafeMutablePointer<CChar>?]

    init(_ strings: [String]) {
        pointers = strings.map { strdup($0) } + [nil]
    }

    deinit {
        for pointer in pointers { free(pointer) }
    }

    func withPointers<Result>(_ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Result) -> Result {
        pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
#endif
