import ContractEngine
import Testing

/// Edge cases name their field with the package's one JSON path notation (the one fixture errors,
/// redaction logs and drift reports print): `.name` for identifier-like names, `["name"]` otherwise.
@Suite("Edge-case paths")
struct EdgeCasePathTests {
    /// An entity with a member whose name is not identifier-like.
    struct Reminder: Identifiable, Hashable, Codable, Sendable {
        var id: Int
        var title: String
        var dueDate: String

        enum CodingKeys: String, CodingKey {
            case id, title
            case dueDate = "due date"
        }
    }

    static let factory = EntityFactory<Reminder>(
        make: { Reminder(id: $0, title: "call \($0)", dueDate: "soon") },
        mutate: { Reminder(id: $0.id, title: $0.title + "!", dueDate: $0.dueDate) }, identity: \.id)

    @Test("a member whose name is not identifier-like is written in brackets, others with a dot")
    func notation() throws {
        let paths = Set(Self.factory.edgeCases().map(\.path))
        #expect(paths == [#"$["due date"]"#, "$.title"])
        let names = Self.factory.edgeCases().map(\.name)
        #expect(names.contains(#"$["due date"]: empty"#), "\(names)")
        #expect(!names.contains { $0.hasPrefix("$.due date") })
        // The name reads back: a pasted replay finds the edge case again.
        let made = try Self.factory.edgeCase(#"$["due date"]: empty"#, ordinal: 2)
        #expect(made.dueDate == "")
    }
}
