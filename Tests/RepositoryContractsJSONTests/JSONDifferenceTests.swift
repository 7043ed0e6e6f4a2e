@testable import RepositoryContractsJSON
import Testing


/// The one JSON diff walk behind unmatched-request diagnostics and the drift check.
@Suite("JSON differences")
struct JSONDifferenceTests {
    private func differences(_ recorded: String, _ observed: String) throws -> [JSONDifference] {
        try JSONDifference.between(
            recorded: JSONValue(parsing: Array(recorded.utf8)), observed: JSONValue(parsing: Array(observed.utf8)))
    }

    @Test("members pair by name whatever their order; numbers compare by value")
    func equalValues() throws {
        #expect(try differences(#"{"a":1.0,"b":[1,{"c":null}]}"#, #"{"b":[1e0,{"c":null}],"a":1}"#).isEmpty)
    }

    @Test("document order: changed, removed and added members, then an array's count before its elements")
    func order() throws {
        let found = try differences(#"{"a":1,"b":"x","c":[1],"d":true}"#, #"{"c":[1,2],"a":"1","e":0,"b":"x"}"#)
        #expect(
            found == [
                JSONDifference(path: JSONPath().member("a"), change: .changed(recorded: .number("1"), observed: .string("1"))),
                JSONDifference(path: JSONPath().member("c"), change: .countChanged(recorded: 1, observed: 2)),
                JSONDifference(path: JSONPath().member("c").index(1), change: .added(observed: .number("2"))),
                JSONDifference(path: JSONPath().member("d"), change: .removed(recorded: .bool(true))),
                JSONDifference(path: JSONPath().member("e"), change: .added(observed: .number("0"))),
            ])
    }

    @Test("a repeated member name pairs in order of appearance")
    func repeatedNames() throws {
        let found = try differences(#"{"k":1,"k":2}"#, #"{"k":1,"k":3,"k":4}"#)
        #expect(found.map(\.path.description) == ["$.k", "$.k"])
        #expect(found.map(\.change) == [.changed(recorded: .number("2"), observed: .number("3")), .added(observed: .number("4"))])
    }

    @Test("strings compare by String ==: canonically equivalent spellings are equal, other strings differ")
    func stringEquality() throws {
        let composed = JSONValue.string("caf\u{E9}"), decomposed = JSONValue.string("cafe\u{301}")
        #expect(JSONDifference.between(recorded: composed, observed: decomposed).isEmpty)
        #expect(composed == decomposed)
        #expect(composed.canonicalForm == decomposed.canonicalForm)
        #expect(JSONDifference.between(recorded: composed, observed: .string("cafe")).count == 1)
    }
}
