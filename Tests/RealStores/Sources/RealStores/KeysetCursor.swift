/// A keyset cursor: the sort key of the last note served, exactly as the database holds it (SQLite's date
/// text, PostgreSQL's `timestamptz` as text), and its id, so the next page compares in SQL without a
/// round trip through `Date`.
struct KeysetCursor {
    let sortKey: String
    let id: Int

    init(sortKey: String, id: Int) {
        self.sortKey = sortKey
        self.id = id
    }

    init?(_ text: String) {
        guard let bar = text.lastIndex(of: "|"), let id = Int(text[text.index(after: bar)...]), bar > text.startIndex else {
            return nil
        }
        sortKey = String(text[..<bar])
        self.id = id
    }

    var text: String { "\(sortKey)|\(id)" }
}
