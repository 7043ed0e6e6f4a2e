@testable import RecordReplayMessages
@testable import RepositoryContractsJSON
import Foundation
import Testing

@testable import RecordReplayFixtures

/// JSON bodies are stored as JSON whatever serializer wrote them, with the style that rebuilds their
/// bytes, and replay byte for byte; bodies no style rebuilds stay text.
@Suite("Fixtures: JSON bodies keep their serializer's style")
struct JSONBodyStyleTests {
    /// What serializers write differently: URLs (`/`), non-ASCII text (a combining accent, emoji above
    /// U+FFFF), HTML-sensitive characters, U+2028 and U+2029, DEL, control characters, quotes, empty and
    /// nested empty containers, and numbers.
    struct Sample: Codable {
        var url = URL(string: "http://127.0.0.1:8080/api/todos/1?done=true&sort=-id")!
        var path = "/api/todos/1"
        var title = "café ☕️ 🇯🇵 e\u{301} <b>&amp;</b> \u{2028}\u{2029} \u{7F}"
        var controls = "\u{0}\u{1}\u{8}\t\n\u{C}\r\u{1F} \"quoted\" \\ 'single'"
        var empty: [Int] = []
        var emptyObject: [String: Int] = [:]
        var nested: [[String: [Int]]] = [[:], ["a": []]]
        var count = 42
        var negative = -7
        var large = Int64.max
        var unsigned = UInt64.max
        var fraction = 0.1
        var huge = 1e300
        var tiny = -2.5e-8
        var whole = 2.0
        var flag = true
    }

    /// Every combination of `.prettyPrinted`, `.sortedKeys` and `.withoutEscapingSlashes`, as raw values.
    static let encoderFormattings: [UInt] = [0, 1, 2, 3, 8, 9, 10, 11]

    /// Real serializers' output. Python's and Node's were produced with `json.dumps` and
    /// `JSON.stringify` on this machine; Go's, Rails', PHP's and Jackson's follow their documented
    /// escaping.
    static let otherSerializers: [(String, String)] = [
        (
            "Python json.dumps (ensure_ascii, \", \" and \": \")",
            #"{"url": "http://127.0.0.1:8080/api/todos/1", "title": "caf\u00e9 \u2615\ufe0f \ud83c\uddef\ud83c\uddf5 <b>&amp;</b> \u2028 \u007f \u0001 \n\t\"q\" \\ '", "empty": [], "emptyObj": {}, "nested": [[]], "n": [1, 2.5, -3e-07, 12345678901234567890, 1.0]}"#
        ),
        (
            "Python json.dumps(indent=2)",
            #"""
            {
              "url": "http://127.0.0.1:8080/api/todos/1",
              "title": "caf\u00e9 \u2615\ufe0f \ud83c\uddef\ud83c\uddf5 <b>&amp;</b> \u2028 \u007f \u0001 \n\t\"q\" \\ '",
              "empty": [],
              "emptyObj": {},
              "nested": [
                []
              ],
              "n": [
                1,
                2.5,
                -3e-07,
                12345678901234567890,
                1.0
              ]
            }
            """#
        ),
        (
            "Python json.dumps(indent=4, sort_keys=True)",
            #"""
            {
                "a": "\u00fcber/\u00e9",
                "b": [
                    1,
                    {
                        "c": null
                    }
                ],
                "e": {}
            }
            """#
        ),
        (
            "Python json.dumps(indent=\"\\t\", ensure_ascii=False)",
            "{\n\t\"url\": \"http://127.0.0.1:8080/api/todos/1\",\n\t\"title\": \"café ☕️ 🇯🇵 <b>&amp;</b> \u{2028} \u{7F} \\u0001 \\n\\t\\\"q\\\" \\\\ '\",\n"
                + "\t\"empty\": [],\n\t\"emptyObj\": {},\n\t\"nested\": [\n\t\t[]\n\t],\n\t\"n\": [\n\t\t1,\n\t\t2.5,\n\t\t-3e-07\n\t]\n}"
        ),
        (
            "Python json.dumps(separators=(\",\", \":\"), ensure_ascii=False)",
            #"{"url":"http://127.0.0.1:8080/api/todos/1","title":"café ☕️ 🇯🇵 <b>&amp;</b> \#u{2028} \#u{7F} \u0001 \n\t\"q\" \\ '","empty":[],"emptyObj":{},"nested":[[]],"n":[1,2.5,-3e-07,12345678901234567890,1.0]}"#
        ),
        (
            "Node JSON.stringify(value, null, 2)",
            #"""
            {
              "url": "http://127.0.0.1:8080/api/todos/1",
              "title": "café ☕️ 🇯🇵 <b>&amp;</b> \#u{2028} \#u{7F} \u0001 \n\t\"q\" \\ '",
              "empty": [],
              "emptyObj": {},
              "nested": [
                []
              ],
              "n": [
                1,
                2.5,
                -3e-7,
                1.5e+300
              ]
            }
            """#
        ),
        (
            "Node JSON.stringify(value)",
            #"{"url":"http://127.0.0.1:8080/api/todos/1","title":"café ☕️ 🇯🇵 <b>&amp;</b> \#u{2028} \#u{7F} \u0001 \n\t\"q\" \\ '","empty":[],"emptyObj":{},"nested":[[]],"n":[1,2.5,-3e-7,1.5e+300]}"#
        ),
        (
            "Go json.Marshal (HTML and U+2028 escaped)",
            #"{"url":"http://127.0.0.1:8080/api/todos/1?a=1\u0026b=2","title":"café ☕️ 🇯🇵 \u003cb\u003e\u0026amp;\u003c/b\u003e \u2028\u2029 \#u{7F} \u0001 \n\t\"q\" \\ '","empty":[],"emptyObj":{},"n":[1,2.5,-3e-7,12345678901234567890]}"#
        ),
        (
            "Go json.Encoder (a trailing newline)",
            #"{"id":7,"note":"a \u003c b \u0026\u0026 c \u003e d","tags":[]}"# + "\n"
        ),
        (
            "Go json.Encoder with SetIndent(\"\", \"  \")",
            #"""
            {
              "id": 7,
              "note": "a \u003c b",
              "tags": [],
              "meta": {}
            }

            """#
        ),
        (
            "Go json.Encoder with SetEscapeHTML(false) (U+2028 still escaped)",
            #"{"note":"<b>\u2028</b>","sep":"\u2029"}"# + "\n"
        ),
        (
            "Rails to_json (HTML and U+2028 escaped)",
            #"{"html":"\u003cscript\u003ealert(1)\u003c/script\u003e","line":"a\u2028b","amp":"\u0026"}"#
        ),
        (
            "PHP json_encode (\\/ and non-ASCII escaped)",
            #"{"url":"http:\/\/example.com\/caf\u00e9","name":"Jos\u00e9 \ud83d\ude00","n":[1,2.5]}"#
        ),
        (
            "Jackson (upper-case hex digits)",
            #"{"note":"unit\u001Fseparator\u001Bescape","n":1.0E10}"#
        ),
        (
            "a top-level scalar",
            #""http:\/\/example.com\/""#
        ),
    ]

    /// Bodies no single style rebuilds: stored as text, still replayed byte for byte.
    static let irregularBodies: [(String, String)] = [
        ("\\/ in one string, / in another", #"{"a":"http:\/\/x","b":"http://y"}"#),
        ("é escaped in one string, raw in another", #"{"a":"caf\u00e9","b":"café"}"#),
        ("mixed hex case", #"{"a":"\u00E9\u00e9"}"#),
        ("a space after one comma only", #"{"a": 1,"b":2, "c":3}"#),
        ("a space before a comma", "[1 , 2]"),
        ("a space before a colon only", #"{"a" :1}"#),
        ("uneven indentation", "{\n  \"a\": 1,\n    \"b\": 2\n}"),
        ("indentation mixing tabs and spaces", "{\n\t \"a\": 1\n}"),
        ("leading whitespace", #" {"a":1}"#),
        ("two trailing newlines", "{\"a\":1}\n\n"),
        ("CRLF line breaks", "{\r\n  \"a\": 1\r\n}"),
        (".NET's \\u0022 for a quote", #"{"a":"\u0022"}"#),
        ("a raw DEL beside escaped non-ASCII", "{\"a\":\"\\u00e9\u{7F}\"}"),
        ("a byte order mark", "\u{FEFF}{\"a\":1}"),
    ]

    // MARK: Corpus

    @Test("Foundation's JSONEncoder output is stored as JSON and replays byte for byte", arguments: encoderFormattings)
    func jsonEncoder(_ formatting: UInt) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = JSONEncoder.OutputFormatting(rawValue: formatting)
        let bodies = [
            try encoder.encode(Sample()), try encoder.encode([Sample(), Sample()]), try encoder.encode([Int]()),
            try encoder.encode([String: Int]()), try encoder.encode([[[Int]]()]), try encoder.encode("a/b"),
        ]
        for body in bodies { try expectStoredAsJSON(body, "JSONEncoder \(formatting)") }
    }

    @Test("JSONSerialization output is stored as JSON and replays byte for byte", arguments: encoderFormattings)
    func jsonSerialization(_ options: UInt) throws {
        let object: [String: Any] = [
            "url": "http://x/y", "text": "é\u{1}\n", "numbers": [1, 2.5, -1e-9, 9_007_199_254_740_993] as [Any],
            "empty": [] as [Any], "none": [:] as [String: Any], "nested": [[] as [Any], [:] as [String: Any]] as [Any],
        ]
        let body = try JSONSerialization.data(
            withJSONObject: object, options: JSONSerialization.WritingOptions(rawValue: options))
        try expectStoredAsJSON(body, "JSONSerialization \(options)")
    }

    @Test("Python, Node, Go, Rails, PHP and Jackson output is stored as JSON and replays byte for byte",
        arguments: otherSerializers)
    func otherSerializer(_ name: String, _ text: String) throws {
        try expectStoredAsJSON(Data(text.utf8), name)
    }

    @Test("a body no single style rebuilds is stored as text and replays byte for byte", arguments: irregularBodies)
    func irregularBody(_ name: String, _ text: String) throws {
        let body = Data(text.utf8)
        let stored = try Self.store(body)
        #expect(stored.shape == "text", "\(name)")
        #expect(stored.replayedResponse == body, "\(name)")
        #expect(stored.replayedRequest == body, "\(name)")
    }

    // MARK: Styles

    @Test("the detected style is the serializer's, and only what differs from compact output is stored")
    func detectedStyles() throws {
        #expect(try Self.store(Data(#"{"a":"x/y"}"#.utf8)).style == nil)
        #expect(try Self.store(Data(#"{"a":"x\/y"}"#.utf8)).style == .object([.init("escapedSlash", .bool(true))]))
        #expect(
            try Self.store(Data(#"{"a": ["caf\u00e9", 1], "b": "\u000a"}"#.utf8)).style
                == .object([
                    .init("escapedNonASCII", .bool(true)), .init("controlCharacters", .string("unicode")),
                    .init("itemSeparator", .string(", ")), .init("keySeparator", .string(": ")),
                ]))
        #expect(
            try Self.store(Data(#"{"a":"\u003C\u2028\u00E9"}"#.utf8)).style
                == .object([
                    .init("escapedNonASCII", .bool(true)), .init("escapedHTML", .bool(true)),
                    .init("hexCase", .string("upper")),
                ]))
        #expect(
            try Self.store(Data("[\n\t{\n\t\t\"a\": []\n\t}\n]\n".utf8)).style
                == .object([
                    .init("indent", .string("\t")), .init("keySeparator", .string(": ")),
                    .init("trailingNewline", .bool(true)),
                ]))
    }

    @Test("Foundation's .prettyPrinted style is written in the fixed member order")
    func prettyPrintedStyleInTheFixture() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .prettyPrinted
        let body = try encoder.encode(["links": ["self": "/todos/1"], "tags": [String: String]()])
        let text = String(decoding: Self.fixture(body).encoded(as: .native), as: UTF8.self)
        let style = [
            #"          },"#, #"          "style": {"#, #"            "escapedSlash": true,"#, #"            "indent": "  ","#,
            #"            "keySeparator": " : ","#, #"            "emptyContainers": "blankLine""#, #"          }"#,
            #"        }"#,
        ]
        #expect(text.contains(style.joined(separator: "\n")), "\(text)")
    }

    @Test("a hand-edited value replays in the stored style")
    func editedValueReplaysInTheStyle() throws {
        let text = FixtureSamples.minimalNativeText(
            response: #""status": 200, "body": {"json": {"url": "http://x/é", "n": []}, "#
                + #""style": {"escapedSlash": true, "escapedNonASCII": true, "hexCase": "upper", "#
                + #""indent": "\t", "keySeparator": " : ", "emptyContainers": "blankLine", "trailingNewline": true}}"#)
        let fixture = try Fixture(decoding: Data(text.utf8), format: .native, source: "x.json")
        #expect(
            String(decoding: fixture.interactions[0].response.body, as: UTF8.self)
                == "{\n\t\"url\" : \"http:\\/\\/x\\/\\u00E9\",\n\t\"n\" : [\n\n\t]\n}\n")
    }

    // MARK: Stability and errors

    @Test("writing a fixture with styled bodies, reading it and writing it again gives the same bytes")
    func stableOutput() throws {
        let bodies = Self.otherSerializers.map { Data($0.1.utf8) } + Self.irregularBodies.map { Data($0.1.utf8) }
        let fixture = Fixture(
            interactions: bodies.map { body in
                Interaction(
                    request: StubRequest(method: "POST", path: "/", headers: ["Content-Type": "application/json"], body: body),
                    response: StubResponse(headers: ["Content-Type": "application/json"], body: body))
            })
        let first = fixture.encoded(as: .native)
        #expect(fixture.encoded(as: .native) == first)
        let decoded = try Fixture(decoding: first, format: .native, source: "x.json")
        #expect(decoded == fixture)
        #expect(decoded.encoded(as: .native) == first)
    }

    @Test(
        "a bad style is refused with the file, the JSON path and the reason",
        arguments: [
            (#"{"json": {}, "style": {"escapedSlashes": true}}"#,
             #".style.escapedSlashes: unknown field; expected one of "escapedSlash", "escapedNonASCII", "escapedHTML", "escapedLineSeparators", "hexCase", "controlCharacters", "indent", "itemSeparator", "keySeparator", "emptyContainers", "trailingNewline""#),
            (#"{"json": {}, "style": {"escapedSlash": "yes"}}"#, #".style.escapedSlash: expected true, found "yes""#),
            (#"{"json": {}, "style": {"escapedSlash": false}}"#, #".style.escapedSlash: false is the default: leave the member out"#),
            (#"{"json": {}, "style": {"indent": "xx"}}"#, #".style.indent: expected 1 to 16 spaces or 1 to 16 tabs, found "xx""#),
            (#"{"json": {}, "style": {"indent": ""}}"#, #".style.indent: expected 1 to 16 spaces or 1 to 16 tabs, found """#),
            (#"{"json": {}, "style": {"keySeparator": "="}}"#, #".style.keySeparator: expected one of ": ", " : ", found "=""#),
            (#"{"json": {}, "style": {"hexCase": "lower"}}"#, #".style.hexCase: "lower" is the default: leave the member out"#),
            (#"{"json": {}, "style": {"controlCharacters": 1}}"#, #".style.controlCharacters: expected one of "unicode", found 1"#),
            (#"{"json": {}, "style": {"emptyContainers": "blankLine"}}"#,
             #".style.emptyContainers: applies to indented output only: add "indent" or leave it out"#),
            (#"{"json": {}, "style": {"escapedNonASCII": true, "escapedLineSeparators": true}}"#,
             #".style.escapedLineSeparators: implied by "escapedNonASCII": leave it out"#),
            (#"{"json": {}, "style": {"indent": " ", "indent": "  "}}"#, #".style.indent: duplicate field"#),
            (#"{"json": {}, "style": {}}"#, #".style: an empty style is the default: leave "style" out"#),
            (#"{"json": {}, "style": "compact"}"#, #".style: expected an object, found "compact""#),
            (#"{"text": "x", "style": {"escapedSlash": true}}"#, #".style: a style applies to "json" bodies only, not beside "text""#),
            (#"{"style": {"escapedSlash": true}}"#, #".style: a style needs a "json" member beside it"#),
        ])
    func badStyle(_ body: String, _ expected: String) {
        let text = FixtureSamples.minimalNativeText(response: #""status": 200, "body": "# + body)
        do {
            _ = try Fixture(decoding: Data(text.utf8), format: .native, source: "Fixtures/a.json")
            Issue.record("read without an error: \(body)")
        } catch {
            #expect(error.description == "Fixtures/a.json: $.interactions[0].response.body" + expected)
        }
    }

    // MARK: Helpers

    /// What the native format stores for a body sent as a request's and a response's JSON body.
    struct Stored {
        /// `json`, `text` or `base64`: the response body's shape.
        var shape: String
        /// The response body's `style` object, `nil` when there is none.
        var style: JSONValue?
        /// The request and response bodies read back from the written fixture.
        var replayedRequest: Data
        var replayedResponse: Data
    }

    /// A one-interaction fixture whose request and response carry `body` as JSON.
    static func fixture(_ body: Data) -> Fixture {
        let headers: HTTPHeaders = ["Content-Type": "application/json; charset=utf-8"]
        return Fixture(interactions: [
            Interaction(
                request: StubRequest(method: "POST", path: "/todos", headers: headers, body: body),
                response: StubResponse(status: 201, headers: headers, body: body))
        ])
    }

    /// Writes `body` in a fixture and reads the fixture back.
    static func store(_ body: Data) throws -> Stored {
        let encoded = fixture(body).encoded(as: .native)
        guard case .object(let document) = try JSONValue(parsing: encoded),
            case .array(let interactions) = document.first(where: { $0.name == "interactions" })?.value,
            case .object(let interaction) = interactions.first,
            case .object(let response) = interaction.first(where: { $0.name == "response" })?.value,
            case .object(let stored) = response.first(where: { $0.name == "body" })?.value
        else {
            Issue.record("no response body in \(String(decoding: encoded, as: UTF8.self))")
            return Stored(shape: "none", replayedRequest: Data(), replayedResponse: Data())
        }
        let decoded = try Fixture(decoding: encoded, format: .native, source: "x.json")
        return Stored(
            shape: stored.first?.name ?? "none", style: stored.first(where: { $0.name == "style" })?.value,
            replayedRequest: decoded.interactions[0].request.body, replayedResponse: decoded.interactions[0].response.body)
    }

    private func expectStoredAsJSON(_ body: Data, _ name: String, sourceLocation: SourceLocation = #_sourceLocation)
        throws
    {
        let stored = try Self.store(body)
        let text = String(decoding: body, as: UTF8.self)
        #expect(stored.shape == "json", "\(name): \(text.debugDescription)", sourceLocation: sourceLocation)
        #expect(stored.replayedResponse == body, "\(name): \(text.debugDescription)", sourceLocation: sourceLocation)
        #expect(stored.replayedRequest == body, "\(name): \(text.debugDescription)", sourceLocation: sourceLocation)
    }
}
