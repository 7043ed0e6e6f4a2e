import Foundation
import RepositoryContractsPrimitives

/// The fixture files scopes of this process are recording into, so two scopes never write one file
/// (the second would silently overwrite the first's recording).
///
/// A claim is taken when a scope starts recording a fixture and released when it writes it
/// (``StubServer/finishRecording()``) or when its server goes away.
enum RecordingClaims {
    private static let owners = Protected<[String: ObjectIdentifier]>([:])

    /// Claims `file` for `owner`; claiming it again for the same owner is allowed.
    ///
    /// - Returns: `false` when another owner holds it (the claim is not taken).
    static func claim(_ file: URL, for owner: ObjectIdentifier) -> Bool {
        let key = key(for: file)
        return owners.withLock { owners in
            if let holder = owners[key], holder != owner { return false }
            owners[key] = owner
            return true
        }
    }

    /// Releases `file` if `owner` holds it.
    static func release(_ file: URL, for owner: ObjectIdentifier) {
        let key = key(for: file)
        owners.withLock { owners in
            if owners[key] == owner { owners[key] = nil }
        }
    }

    /// One spelling per file: absolute, `.` and `..` resolved, symbolic links followed.
    private static func key(for file: URL) -> String {
        file.standardizedFileURL.resolvingSymlinksInPath().path
    }
}
