import Foundation
import Primitives

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
final class TerminationSignals: Sendable {
    private struct State {
        /// The signal sources, kept while this value lives.
        var sources: [any DispatchSourceSignal] = []
        var received: String?
        var waiter: CheckedContinuation<String, Never>?
    }

    private let state = Protected(State())

    fileprivate init(catching signals: [Int32]) {
        let queue = DispatchQueue(label: "repo-contracts.signals")
        var sources: [any DispatchSourceSignal] = []
        for number in signals {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            let name = Platform.signalName(number) ?? "signal \(number)"
            source.setEventHandler { [state] in Self.fire(name, into: state) }
            source.resume()
            sources.append(source)
        }
        state.withLock { $0.sources = sources }
    }

    /// The name of the first signal received, waiting for one if none has come yet.
    func next() async -> String {
        await withCheckedContinuation { continuation in
            let received = state.withLock { state -> String? in
                if state.received == nil { state.waiter = continuation }
                return state.received
            }
            if let received { continuation.resume(returning: received) }
        }
    }

    /// Notes the first signal received and resumes the task waiting for one.
    private static func fire(_ name: String, into state: Protected<State>) {
        let waiter = state.withLock { state -> CheckedContinuation<String, Never>? in
            guard state.received == nil else { return nil }
            state.received = name
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: name)
    }
}


/// A program started with `posix_spawn`, its standard input reading `/dev/null` and its standard output
/// and standard error going to pipes this process reads.
///
/// Foundation's `Process` is not used: on Linux with Swift 6.3.1 it can crash inside `run()` while the
/// process holds many descriptors (swift-corelibs-foundation#5472). This wrapper does only what the tool
/// and its tests need: spawn, read, signal, wait.
final class SpawnedProcess: Sendable {
    /// The child's process id; it stays this child's until ``waitForExit()`` has reaped it.
    let processIdentifier: pid_t
    /// The read end of the child's standard output.
    let standardOutput: FileHandle
    /// The read end of the child's standard error.
    let standardError: FileHandle
    /// Whether ``waitForExit()`` has reaped the child.
    private let reaped = Protected(false)

    /// Our own pipes are made and handed to a child under this lock, so a child spawned at the same time
    /// by another thread never inherits them (it would hold their write ends open, and our reads would
    /// wait for that other child to end).
    private static let spawnLock = Protected(())

    /// Starts `executable` with `arguments` and `environment` (this process's own when `nil`).
    ///
    /// - Throws: ``ToolError`` naming the program and the reason when it cannot be started.
    init(executable: URL, arguments: [String], environment: [String: String]? = nil) throws {
        let path = executable.path
        let describe = ([path] + arguments).joined(separator: " ")
        let environment = environment ?? ProcessInfo.processInfo.environment
        let argv = CStringArray([path] + arguments)
        let envp = CStringArray(environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })

        let (pid, output, errors) = try Self.spawnLock.withLock { _ throws(ToolError) in
            let output = try Self.pipe(for: describe)
            let errors: (read: Int32, write: Int32)
            do throws(ToolError) { errors = try Self.pipe(for: describe) } catch {
                _ = close(output.read); _ = close(output.write)
                throw error
            }
            var pid: pid_t = 0
            let status = Self.spawn(&pid, path, argv, envp, output: output, errors: errors)
            _ = close(output.write)
            _ = close(errors.write)
            guard status == 0 else {
                _ = close(output.read); _ = close(errors.read)
                throw ToolError("could not start \(describe): \(String(cString: strerror(status)))")
            }
            return (pid, output, errors)
        }
        processIdentifier = pid
        standardOutput = FileHandle(fileDescriptor: output.read, closeOnDealloc: true)
        standardError = FileHandle(fileDescriptor: errors.read, closeOnDealloc: true)
    }

    /// Sends `signal` to the child, unless it has been reaped (its id may then belong to another process).
    func send(_ signal: Int32) {
        reaped.withLock { reaped in
            if !reaped { _ = kill(processIdentifier, signal) }
        }
    }

    /// Blocks until the child ends, reaps it and says how it ended. Call it once, from a thread that may
    /// block.
    func waitForExit() -> Termination {
        // Wait without reaping, then reap under the lock ``send(_:)`` takes: a signal is never sent to an
        // id that was just handed back to the system.
        var info = siginfo_t()
        while waitid(P_PID, id_t(processIdentifier), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
        return reaped.withLock { reaped in
            var status: Int32 = 0
            while waitpid(processIdentifier, &status, 0) < 0 && errno == EINTR {}
            reaped = true
            // The W* macros are not visible from Swift: the low 7 bits are the signal, 0 for an exit.
            let signal = status & 0x7f
            return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
        }
    }

    private static func pipe(for describe: String) throws(ToolError) -> (read: Int32, write: Int32) {
        var descriptors: [Int32] = [-1, -1]
        #if canImport(Darwin)
        let made = Darwin.pipe(&descriptors)
        #elseif canImport(Glibc)
        let made = Glibc.pipe(&descriptors)
        #elseif canImport(Musl)
        let made = Musl.pipe(&descriptors)
        #endif
        guard made == 0 else {
            throw ToolError("could not start \(describe): pipe() failed: \(String(cString: strerror(errno)))")
        }
        for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        return (descriptors[0], descriptors[1])
    }

    /// `posix_spawn` with standard input from `/dev/null`, standard output and error into the pipes'
    /// write ends, default signal dispositions and an empty signal mask (the spawning thread may be one
    /// of Dispatch's, which block signals). Returns 0 or an `errno` value.
    private static func spawn(
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
}

/// A null-terminated array of C strings that lives as long as this value, for `posix_spawn`'s `argv`
/// and `envp`.
private final class CStringArray {
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
