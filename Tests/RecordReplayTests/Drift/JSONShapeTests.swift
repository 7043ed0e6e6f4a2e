import RepositoryContractsJSON
@testable import RecordReplay
import Testing

/// A read-only drift check compares the answers it could not compare by value by shape: member names
/// and kinds at each place, array positions folded. Values, optional members and places only one side
/// shows never count.
@Suite("Drift: JSON shapes")
struct JSONShapeTests {
    static func differences(_ recorded: String, _ live: String) throws -> [String] {
        JSONShape.differences(
            recorded: JSONShape(try JSONValue(parsing: Array(recorded.utf8))), live: JSONShape(try JSONValue(parsing: Array(live.utf8))))
    }

    @Test("other values, other lengths, the same members and kinds: no difference")
    func sameShape() throws {
        #expect(try Self.differences(
            #"[{"id":1,"title":"a","done":false,"due":null}]"#,
            #"[{"id":7,"title":"x","done":true,"due":"2026-01-01"},{"id":8,"title":"y","done":false,"due":null}]"#) == [])
    }

    @Test("a renamed member in every listed object reads as one missing and one added place")
    func renamedMember() throws {
        #expect(try Self.differences(#"[{"id":1,"title":"a"}]"#, #"[{"id":2,"name":"b"},{"id":3,"name":"c"}]"#) == [
            "$[*].title: missing from the live response (every recorded object here has it, no live one does; shape compared, not values)",
            "$[*].name: added in the live response (every live object here has it, no recorded one does; shape compared, not values)",
        ])
    }

    @Test("a member whose kind changed is named with both kinds; nested places are compared too")
    func changedKind() throws {
        #expect(try Self.differences(
            #"{"todo":{"done":false,"tags":["a"]}}"#, #"{"todo":{"done":"no","tags":[1]}}"#) == [
            "$.todo.done: type changed from boolean to string (shape compared, not values)",
            "$.todo.tags[*]: type changed from string to number (shape compared, not values)",
        ])
    }

    @Test("an optional member (absent from some recorded objects), null for any kind, and an empty live array are not differences")
    func nothingToCompare() throws {
        #expect(try Self.differences(#"[{"id":1,"note":"x"},{"id":2}]"#, #"[{"id":3}]"#) == [])
        #expect(try Self.differences(#"{"due":"2026-01-01"}"#, #"{"due":null}"#) == [])
        #expect(try Self.differences(#"[{"id":1,"title":"a"}]"#, "[]") == [])
    }

    @Test("a member name that is not identifier-like is written [\"name\"]")
    func oddName() throws {
        #expect(try Self.differences(#"{"due date":1}"#, "{}") == [
            #"$["due date"]: missing from the live response (every recorded object here has it, no live one does; shape compared, not values)"#
        ])
    }
}
