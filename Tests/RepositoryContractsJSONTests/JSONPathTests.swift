@testable import RepositoryContractsJSON
import Testing


/// The one JSON path notation: how ``JSONPath`` writes a place, and that ``JSONPathExpression`` reads it
/// back.
@Suite("JSON paths")
struct JSONPathTests {
    @Test(
        "identifier-like names are written .name, any other name as a JSON string literal in brackets",
        arguments: [
            ([JSONPath.Component](), "$"),
            ([.member("items"), .index(2), .member("title")], "$.items[2].title"),
            ([.member("_id"), .member("a1_b")], "$._id.a1_b"),
            ([.member("due date")], #"$["due date"]"#),
            ([.member("$ref")], #"$["$ref"]"#),
            ([.member("2fa")], #"$["2fa"]"#),
            ([.member("")], #"$[""]"#),
            ([.member("é")], #"$["é"]"#),
            ([.member(#"say "hi""#), .member("a]b")], #"$["say \"hi\""]["a]b"]"#),
            ([.index(0), .member("line\nbreak")], #"$[0]["line\nbreak"]"#),
        ])
    func rendering(_ components: [JSONPath.Component], _ text: String) {
        #expect(JSONPath(components).description == text)
    }

    @Test(
        "every written path reads back as the same steps",
        arguments: [
            [JSONPath.Component.member("items"), .index(2), .member("title")],
            [.member("due date"), .member("$ref")],
            [.member(#"say "hi""#), .member("a]b"), .member(#"back\slash"#)],
            [.member(""), .index(10), .member("line\nbreak")],
        ])
    func roundTrip(_ components: [JSONPath.Component]) throws {
        let expression = try JSONPathExpression(parsing: JSONPath(components).description)
        let expected = components.map { component -> JSONPathExpression.Step in
            switch component {
            case .member(let name): .member(name)
            case .index(let index): .index(index)
            }
        }
        #expect(expression.steps == expected)
    }

    @Test("the expression still takes names in single quotes, and in double quotes as written")
    func quotedNamesAsWritten() throws {
        #expect(try JSONPathExpression(parsing: "$['due date'][*]").steps == [.member("due date"), .wildcard])
        #expect(try JSONPathExpression(parsing: #"$["a"b"]"#).steps == [.member(#"a"b"#)])
        #expect(try JSONPathExpression(parsing: "$.odd key.*").steps == [.member("odd key"), .wildcard])
    }

    @Test("replacing(at:with:) follows members and elements and leaves paths that lead nowhere alone")
    func replacing() throws {
        let value = try JSONValue(parsing: Array(#"{"a":[{"b":1},{"b":2}],"c":3}"#.utf8))
        let path = JSONPath().member("a").index(1).member("b")
        #expect(value.replacing(at: path, with: .null).serialized() == #"{"a":[{"b":1},{"b":null}],"c":3}"#)
        #expect(value.replacing(at: JSONPath().member("a").index(5), with: .null) == value)
    }
}
