import RepositoryContractsPrimitives
internal import ContractEngine
public import Foundation

/// Where a ``SessionRepository`` keeps the session between launches.
public protocol SessionStore: Sendable {
    func save(_ session: UserSession) async throws
    func read() async throws -> UserSession?
    func delete() async throws
}

/// A session store in memory.
public final class InMemorySessionStore: SessionStore {
    private let stored = Protected<UserSession?>(nil)

    public init() {}

    public func save(_ session: UserSession) async throws { stored.withLock { $0 = session } }
    public func read() async throws -> UserSession? { stored.withLock { $0 } }
    public func delete() async throws { stored.withLock { $0 = nil } }
}

/// A session store in one JSON file, replaced atomically on every save (written to a temporary file,
/// then renamed over it): a crash mid-write leaves the old session or the new one, never half of one.
public struct FileSessionStore: SessionStore {
    public let file: URL
    /// Removes the file once the last copy of a ``temporary()`` store goes away.
    private let owner: TemporaryFileOwner?

    public init(file: URL) {
        self.file = file
        self.owner = nil
    }

    /// A store over a new file in the temporary directory, removed when the last copy of the store
    /// goes away: a fresh subject for each clause that leaves nothing behind.
    public static func temporary() -> FileSessionStore {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("session-\(UUID().uuidString).json")
        return FileSessionStore(file: file, owner: TemporaryFileOwner(file))
    }

    private init(file: URL, owner: TemporaryFileOwner) {
        self.file = file
        self.owner = owner
    }

    public func save(_ session: UserSession) async throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try encoder.encode(session).writeAtomically(to: file)
    }

    public func read() async throws -> UserSession? {
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        do {
            return try JSONDecoder().decode(UserSession.self, from: Data(contentsOf: file))
        } catch {
            throw RepositoryError.invalidResponse("\(file.path) does not hold a session: \(error)")
        }
    }

    public func delete() async throws {
        guard FileManager.default.fileExists(atPath: file.path) else { return }
        try FileManager.default.removeItem(at: file)
    }
}

/// Removes a temporary file when it is deinitialized.
private final class TemporaryFileOwner: Sendable {
    let file: URL

    init(_ file: URL) {
        self.file = file
    }

    deinit {
        try? FileManager.default.removeItem(at: file)
    }
}
