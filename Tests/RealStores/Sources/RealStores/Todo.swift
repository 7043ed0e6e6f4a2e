public import Foundation

/// The docs' to-do: a client-assigned id, a title, a flag, a priority and an optional due date.
public struct Todo: Identifiable, Hashable, Codable, Sendable {
    /// Assigned by the client.
    public var id: Int
    /// What to do.
    public var title: String
    /// Whether it is done.
    public var done: Bool
    /// Higher is more urgent.
    public var priority: Int
    /// When it is due, if ever.
    public var due: Date?

    /// A to-do as a client makes it.
    public init(id: Int, title: String, done: Bool = false, priority: Int = 0, due: Date? = nil) {
        self.id = id
        self.title = title
        self.done = done
        self.priority = priority
        self.due = due
    }
}
