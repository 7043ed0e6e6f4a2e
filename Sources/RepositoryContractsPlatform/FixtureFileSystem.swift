#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The file-system calls the package needs beyond Foundation's, named for their first user, the fixture
/// files: what kind of file a path names (so reading a FIFO or a device is refused, not blocked on), the
/// durable rename and the process checks behind the fixtures' atomic write, the usage log's appends, and
/// the plain rename of the contract engine's atomic write. POSIX calls that read the same on every
/// platform.
package enum FixtureFileSystem {
    /// An `errno` value with its text.
    package struct CError: Error, Sendable {
        /// The `errno` value.
        package var code: Int32
        /// The C library's text for it.
        package var text: String { FixtureFileSystem.errorText(code) }
    }

    /// The C library's text for an `errno` value.
    package static func errorText(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// What kind of file `path` names (following symbolic links), as `stat` says, or why it cannot say.
    package static func fileKind(atPath path: String) -> Result<String, CError> {
        var status = stat()
        guard stat(path, &status) == 0 else { return .failure(CError(code: errno)) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .success("regular file")
        case S_IFDIR: return .success("directory")
        case S_IFIFO: return .success("FIFO (named pipe)")
        case S_IFCHR: return .success("character device")
        case S_IFBLK: return .success("block device")
        case S_IFSOCK: return .success("socket")
        default: return .success("special file")
        }
    }

    /// This process's id.
    package static var processID: Int32 { getpid() }

    /// Whether a process with id `pid` is running (`kill(pid, 0)` finds it, even one this user may not
    /// signal).
    package static func isProcessRunning(_ pid: Int32) -> Bool {
        guard pid > 0 else { return false }
        return kill(pid, 0) == 0 || errno == EPERM
    }

    /// Flushes the file at `source` to the disk, then renames it to `destination` (replacing it in one
    /// step, so readers see the old file or the new one); `nil` when it worked, else the failed call's
    /// error text.
    package static func flushAndRename(_ source: String, to destination: String) -> String? {
        let descriptor = open(source, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return "open: \(errorText(errno))" }
        var result: Int32
        repeat { result = fsync(descriptor) } while result != 0 && errno == EINTR
        let syncError = result == 0 ? nil : errorText(errno)
        close(descriptor)
        if let syncError { return "fsync: \(syncError)" }
        return rename(source, destination) == 0 ? nil : "rename: \(errorText(errno))"
    }

    /// Renames `source` to `destination` (replacing it in one step); `nil` when it worked, else the C
    /// library's error text.
    package static func move(_ source: String, over destination: String) -> String? {
        rename(source, destination) == 0 ? nil : errorText(errno)
    }

    /// Appends `line` and a line feed to the file at `path` (created when missing) in one `write` to a
    /// descriptor opened with `O_APPEND`, so lines appended by several threads and processes at once
    /// never interleave; `nil` when it worked, else the failed call's error text.
    package static func appendLine(_ line: String, toFileAtPath path: String) -> String? {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return "open: \(errorText(errno))" }
        defer { close(descriptor) }
        let bytes = Array((line + "\n").utf8)
        var written: Int
        repeat {
            written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        } while written < 0 && errno == EINTR
        if written < 0 { return "write: \(errorText(errno))" }
        return written == bytes.count ? nil : "write: \(written) of \(bytes.count) bytes written"
    }
}
