public import Foundation

/// The to-do of the `UserDefaults` app: a title and a date, nothing else. The date is the creation time, so it is the
/// only thing that can tell two to-dos with the same title apart: it serves as the identity.
public struct DatedTodo: Identifiable, Hashable, Sendable {
    /// What to do (the seed calls it `todo`).
    public var todo: String
    /// When it was created.
    public var date: Date

    public var id: Date { date }

    public init(todo: String, date: Date) {
        self.todo = todo
        self.date = date
    }
}

extension DatedTodo: CustomStringConvertible {
    /// `DatedTodo(todo: "Todo 1", date: 2001-01-01T00:01:00Z)`: the date, which is also the id, in ISO 8601.
    public var description: String {
        "DatedTodo(todo: \(String(reflecting: todo)), date: \(date.formatted(.iso8601)))"
    }
}
