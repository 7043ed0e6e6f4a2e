public import Foundation

/// A note in a store with more than CRUD: a version and timestamps the store maintains, tags to search by,
/// soft delete (`deletedAt`), pages and batches.
public struct Note: Identifiable, Hashable, Codable, Sendable {
    /// Assigned by the client.
    public var id: Int
    /// What the note is called; the stores refuse an empty one (a `CHECK` constraint).
    public var title: String
    /// What the note says.
    public var body: String
    /// Words the note is found by.
    public var tags: [String]
    /// Set to 1 by create and increased by every write: the optimistic-concurrency token.
    public var version: Int
    /// Set by create, never changed.
    public var createdAt: Date
    /// Set by create, refreshed by every write.
    public var updatedAt: Date
    /// Set by a soft delete, cleared by a restore: always `nil` on a note a read returns.
    public var deletedAt: Date?

    /// A note as a client makes it: the store-maintained fields are placeholders the store overwrites.
    public init(
        id: Int, title: String, body: String = "", tags: [String] = [], version: Int = 0,
        createdAt: Date = .distantPast, updatedAt: Date = .distantPast, deletedAt: Date? = nil
    ) {
        self.id = id
        self.title = title
        self.body = body
        self.tags = tags
        self.version = version
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.deletedAt = deletedAt
    }
}
