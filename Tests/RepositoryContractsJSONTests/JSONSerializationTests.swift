@testable import RepositoryContractsJSON
import Testing


@Suite struct JSONSerializationTests {
    private let sample =
        #"{"z":12345678901234567890,"a":[1.50,-0,1E+2,true,false,null],"z":{"nested":{},"list":[]},"s":"tab\there \"q\" é 😀 \u0001"}"#

    @Test func compactSerializationOfParsedCompactTextIsIdentity() throws {
        let value = try JSONValue(parsing: Array(sample.utf8))
        #expect(value.serialized() == sample)
    }

    @Test(arguments: [false, true])
    func parsingTheSerializationGivesTheSameValue(pretty: Bool) throws {
        let value = try JSONValue(parsing: Array(sample.utf8))
        let text = value.serialized(pretty: pretty)
        #expect(try JSONValue(parsing: Array(text.utf8)) == value)
        #expect(value.serialized(pretty: pretty) == text)
    }

    @Test func prettyPrintsWithTwoSpaces() throws {
        let value = try JSONValue(parsing: Array(#"{"a":[1,{"b":null}],"c":{},"d":[],"e":"x"}"#.utf8))
        #expect(
            value.serialized(pretty: true) == """
                {
                  "a": [
                    1,
                    {
                      "b": null
                    }
                  ],
                  "c": {},
                  "d": [],
                  "e": "x"
                }
                """)
        #expect(JSONValue.number("7").serialized(pretty: true) == "7")
    }

    @Test func escapesOnlyWhatJSONRequires() {
        let value = JSONValue.string("\u{0}\u{8}\u{C}\n\r\t\u{1F}\"\\/é\u{2028}")
        #expect(value.serialized() == #""\u0000\b\f\n\r\t\u001f\"\\/é"# + "\u{2028}\"")
    }
}
