import Foundation

/// A faithful port of a `UserDefaults` Todo repository as apps write it, bugs included: the package's proof that
/// the CRUD contract finds them. Do not copy it into an app.
///
/// Same storage: titles and dates in two parallel arrays under the keys `"todo"` and `"date"`. Same
/// behaviour:
/// - `fetch` returns without calling its completion when nothing is stored;
/// - `fetch` loops over `1...count`, which traps once the arrays are stored empty;
/// - `delete` removes every title equal to the to-do's title (and every equal date), so deleting one of
///   two to-dos with the same title removes both titles and leaves the arrays out of step;
/// - `update` rewrites the first equal title and the first equal date, so updating one of two same-titled
///   to-dos renames the other;
/// - `save` stores whatever list it is given, duplicates included.
public struct UserDefaultsTodoRepository: Sendable {
    static let titlesKey = "todo"
    static let datesKey = "date"

    private let defaults: any KeyValueStore

    /// A repository over `defaults` (`UserDefaults.standard` in the seed).
    public init(defaults: any KeyValueStore) {
        self.defaults = defaults
    }

    public func fetch(completion: @escaping ([DatedTodo]?) -> Void) {
        guard let titles = defaults.object(forKey: Self.titlesKey) as? [String] else { return }
        guard let dates = defaults.object(forKey: Self.datesKey) as? [Date] else { return }
        var todos: [DatedTodo] = []
        for position in 1...titles.count {
            todos.append(DatedTodo(todo: titles[position - 1], date: dates[position - 1]))
        }
        completion(todos)
    }

    public func save(todos: [DatedTodo]) {
        defaults.set(todos.map(\.todo), forKey: Self.titlesKey)
        defaults.set(todos.map(\.date), forKey: Self.datesKey)
    }

    public func delete(todo: DatedTodo) {
        guard var titles = defaults.object(forKey: Self.titlesKey) as? [String] else { return }
        guard var dates = defaults.object(forKey: Self.datesKey) as? [Date] else { return }
        titles.removeAll { $0 == todo.todo }
        dates.removeAll { $0 == todo.date }
        defaults.set(titles, forKey: Self.titlesKey)
        defaults.set(dates, forKey: Self.datesKey)
    }

    public func update(oldTodo: DatedTodo, newTodo: DatedTodo) {
        guard var titles = defaults.object(forKey: Self.titlesKey) as? [String] else { return }
        guard var dates = defaults.object(forKey: Self.datesKey) as? [Date] else { return }
        if let row = titles.firstIndex(where: { $0 == oldTodo.todo }) {
            titles[row] = newTodo.todo
        }
        if let row = dates.firstIndex(where: { $0 == oldTodo.date }) {
            dates[row] = newTodo.date
        }
        defaults.set(titles, forKey: Self.titlesKey)
        defaults.set(dates, forKey: Self.datesKey)
    }
}
