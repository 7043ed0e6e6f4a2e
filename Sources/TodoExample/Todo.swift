public import Foundation

/// The example entity: a to-do item with a client-assigned id.
public struct Todo: Identifiable, Hashable, Sendable, Codable {
    public var id: Int
    public var title: String
    public var done: Bool
    public var priority: Int
    public var due: Date?

    public init(id: Int, title: String, done: Bool = false, priority: Int = 0, due: Date? = nil) {
        self.id = id
        self.title = title
        self.done = done
        self.priority = priority
        self.due = due
    }

    /// The same to-do with `done` flipped.
    public func toggled() -> Todo {
        var copy = self
        copy.done.toggle()
        return copy
    }
}

extension Todo {
    /// Edge cases every Todo repository must store unchanged: unicode and empty titles, extreme
    /// priorities, and dates far from now with sub-second parts.
    public static let edgeCaseSamples: [Todo] = [
        Todo(id: 0, title: ""),
        Todo(id: 0, title: "café ☕️ 🇯🇵 — naïve Ωmega \u{0301}e", done: true),
        Todo(id: 0, title: String(repeating: "long ", count: 400)),
        Todo(id: 0, title: "quotes \" and \\ backslashes\n\ttabs", priority: Int.max),
        Todo(id: 0, title: "minimum", priority: Int.min),
        Todo(id: 0, title: "past", due: Date(timeIntervalSince1970: -2_208_988_800.25)),
        Todo(id: 0, title: "future", due: Date(timeIntervalSince1970: 32_503_680_000.5)),
    ]
}
