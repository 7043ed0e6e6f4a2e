@testable import RepositoryContractsJSON
import Testing


@Suite struct JSONParsingTests {
    private func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try JSONValue(parsing: Array(text.utf8))
    }

    private func syntaxError(_ bytes: [UInt8], maximumDepth: Int = JSONValue.defaultMaximumDepth) -> JSONSyntaxError? {
        do {
            _ = try JSONValue(parsing: bytes, maximumDepth: maximumDepth)
            return nil
        } catch {
            return error
        }
    }

    private func syntaxError(_ text: String) -> JSONSyntaxError? {
        syntaxError(Array(text.utf8))
    }

    @Test func parsesScalarsAndContainers() throws {
        #expect(try parse(" null ") == .null)
        #expect(try parse("true") == .bool(true))
        #expect(try parse("false") == .bool(false))
        #expect(try parse("\"hi\"") == .string("hi"))
        #expect(try parse("-12.5e+3") == .number("-12.5e+3"))
        #expect(try parse("[]") == .array([]))
        #expect(try parse("{}") == .object([]))
        #expect(
            try parse("{\"a\": [1, {\"b\": null}], \"c\": \"d\"}")
                == .object([
                    .init("a", .array([.number("1"), .object([.init("b", .null)])])),
                    .init("c", .string("d")),
                ]))
    }

    @Test func keepsMemberOrderAndDuplicateNames() throws {
        #expect(
            try parse("{\"z\":1,\"a\":2,\"z\":3}")
                == .object([.init("z", .number("1")), .init("a", .number("2")), .init("z", .number("3"))]))
    }

    @Test(arguments: [
        "12345678901234567890", "-0", "0.10", "1E400", "-123456789012345678901234567890.000001e-7", "1e+0",
    ])
    func keepsNumberLexemes(_ lexeme: String) throws {
        #expect(try parse(lexeme) == .number(lexeme))
        #expect(try parse("[\(lexeme)]") == .array([.number(lexeme)]))
    }

    @Test func resolvesEscapesIncludingSurrogatePairs() throws {
        #expect(
            try parse(#""\"\\\/\b\f\n\r\t\u00e9\u20AC\ud83d\ude00""#)
                == .string("\"\\/\u{08}\u{0C}\n\r\té€😀"))
        #expect(try parse("\"é😀\"") == .string("é😀"))
    }

    @Test("plain runs before, between and after escapes are kept, whatever the mix of ASCII, other scalars and escapes")
    func keepsRunsAroundEscapes() throws {
        #expect(try parse(#""\nab""#) == .string("\nab"))
        #expect(try parse(#""ab\ncd\tef""#) == .string("ab\ncd\tef"))
        #expect(try parse(#""é\u00e9é\"""#) == .string("ééé\""))
        #expect(try parse(#""ab\\""#) == .string("ab\\"))
        // Random strings written by the serializer (which escapes quotes, backslashes and controls) read back.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let pieces = ["a", "Z", " ", "\"", "\\", "/", "\n", "\t", "\u{01}", "\u{1F}", "é", "€", "😀", "\u{2028}"]
        for round in 0..<500 {
            var text = ""
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            for _ in 0..<Int(state >> 59) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                text += pieces[Int((state >> 33) % UInt64(pieces.count))]
            }
            #expect(try parse(JSONValue.string(text).serialized()) == .string(text), "round \(round): \(text.debugDescription)")
        }
    }

    @Test("parsingIfValid gives what parsing gives, whatever the first byte after a byte order mark and whitespace")
    func parsingIfValidAgrees() {
        // Every first byte, with tails that complete a value after each start a value may have. (Few
        // tails: each text the parser refuses costs a thrown error, a backtrace under Swift Testing.)
        let prefixes: [[UInt8]] = [[], [0xEF, 0xBB, 0xBF, 0x20]]
        let tails = ["", "1", "rue", "alse", "ull", "\"", "1]", "}"].map { Array($0.utf8) }
        var parsed = 0
        for prefix in prefixes {
            for first in UInt8.min...UInt8.max {
                for tail in tails {
                    let bytes = prefix + [first] + tail
                    let expected = try? JSONValue(parsing: bytes)
                    if expected != nil { parsed += 1 }
                    #expect(JSONValue(parsingIfValid: bytes) == expected, "\(bytes)")
                }
            }
        }
        // The texts that parse hold each start a value may have: `{}`, `[1]`, `""`, `-1`, each digit
        // alone, `11`…`91`, `true`, `false`, `null`, and `1` after each of the four whitespace bytes: 30
        // for each prefix.
        #expect(parsed == prefixes.count * 30, "\(parsed) texts parsed")
        // Empty and whitespace-only texts are refused too.
        for blank: [UInt8] in [[], [0x20, 0x0A, 0x09, 0x0D], [0xEF, 0xBB, 0xBF], [0xEF, 0xBB, 0xBF, 0x20]] {
            #expect(JSONValue(parsingIfValid: blank) == nil)
        }
    }

    @Test func skipsALeadingByteOrderMark() throws {
        #expect(try JSONValue(parsing: [0xEF, 0xBB, 0xBF] + Array("[1]".utf8)) == .array([.number("1")]))
        // Only at the start.
        #expect(syntaxError(Array("[1]".utf8) + [0xEF, 0xBB, 0xBF]) != nil)
    }

    struct Invalid: Sendable, CustomTestStringConvertible {
        var text: String
        var line: Int
        var column: Int
        var reason: String
        var testDescription: String { text.debugDescription }
    }

    @Test(arguments: [
        Invalid(text: "", line: 1, column: 1, reason: "unexpected end of input, expected a value"),
        Invalid(text: "{\n  \"a\": 1,\n}", line: 3, column: 1, reason: "expected a member name in double quotes, found '}'"),
        Invalid(text: "[1,]", line: 1, column: 4, reason: "expected a value, found ']'"),
        Invalid(text: "[1 2]", line: 1, column: 4, reason: "expected ',' or ']' after an array element, found '2'"),
        Invalid(text: "{\"a\" 1}", line: 1, column: 6, reason: "expected ':' after a member name, found '1'"),
        Invalid(text: "{\"a\":1 \"b\":2}", line: 1, column: 8, reason: "expected ',' or '}' after an object member, found '\"'"),
        Invalid(text: "01", line: 1, column: 2, reason: "a number must not have a leading zero"),
        Invalid(text: "1.", line: 1, column: 3, reason: "expected a digit after '.', found end of input"),
        Invalid(text: "1e", line: 1, column: 3, reason: "expected a digit in the exponent, found end of input"),
        Invalid(text: "-", line: 1, column: 2, reason: "expected a digit, found end of input"),
        Invalid(text: "+1", line: 1, column: 1, reason: "expected a value, found '+'"),
        Invalid(text: "[tru]", line: 1, column: 2, reason: "expected a value, found 'tru'"),
        Invalid(text: "NaN", line: 1, column: 1, reason: "expected a value, found 'NaN'"),
        Invalid(text: "'a'", line: 1, column: 1, reason: "expected a value, found '''"),
        Invalid(text: "[1] x", line: 1, column: 5, reason: "unexpected 'x' after the JSON value"),
        Invalid(text: "[1] // note", line: 1, column: 5, reason: "unexpected '/' after the JSON value"),
        Invalid(text: "\"a\tb\"", line: 1, column: 3, reason: "control character U+0009 must be escaped in a string"),
        Invalid(text: "\"abc", line: 1, column: 5, reason: "unterminated string"),
        Invalid(text: #""\x""#, line: 1, column: 3, reason: "invalid escape '\\x'"),
        Invalid(text: #""\u12G4""#, line: 1, column: 6, reason: "expected four hexadecimal digits after \\u, found 'G'"),
        Invalid(text: #"["\ud800"]"#, line: 1, column: 3, reason: "high surrogate \\uD800 is not followed by a low surrogate"),
        Invalid(text: #""\ud800\u0041""#, line: 1, column: 8, reason: "high surrogate \\uD800 is followed by \\u0041, not a low surrogate"),
        Invalid(text: #""\udc00""#, line: 1, column: 2, reason: "lone low surrogate \\uDC00"),
        Invalid(text: "[\"é\", x]", line: 1, column: 7, reason: "expected a value, found 'x'"),
    ])
    func rejectsInvalidTextWithPosition(_ invalid: Invalid) throws {
        let error = try #require(syntaxError(invalid.text))
        #expect(error.reason == invalid.reason)
        #expect(error.line == invalid.line)
        #expect(error.column == invalid.column)
        #expect(error.description == "line \(invalid.line), column \(invalid.column): \(invalid.reason)")
    }

    @Test func reportsTheByteOffset() throws {
        // "é" is two bytes: the column counts it once, the offset twice.
        let error = try #require(syntaxError("[\"é\", x]"))
        #expect(error.byteOffset == 7)
        #expect(error.column == 7)
    }

    @Test(arguments: [
        [0x22, 0xC3, 0x28, 0x22],  // a lead byte without its continuation byte
        [0x22, 0xC0, 0xAF, 0x22],  // an overlong encoding of '/'
        [0x22, 0xED, 0xA0, 0x80, 0x22],  // a surrogate encoded in UTF-8
        [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],  // above U+10FFFF
        [0x22, 0x80, 0x22],  // a lone continuation byte
        [0x22, 0xFF, 0x22],
        [0x22, 0xE2, 0x82],  // truncated at the end of the input
    ] as [[UInt8]])
    func rejectsInvalidUTF8(_ bytes: [UInt8]) throws {
        let error = try #require(syntaxError(bytes))
        #expect(error.reason.contains("UTF-8"))
        #expect(error.byteOffset == 1)
    }

    @Test func rejectsNonASCIIOutsideStrings() throws {
        let error = try #require(syntaxError([0x5B, 0xC3, 0xA9, 0x5D]))
        #expect(error.reason == "expected a value, found '0xC3'")
    }

    @Test func limitsNestingDepth() throws {
        let atLimit = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(syntaxError(atLimit) == nil)
        let beyond = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        let error = try #require(syntaxError(beyond))
        #expect(error.reason == "nesting deeper than 512 levels")
        #expect(error.column == 513)

        let objects = String(repeating: "{\"a\":", count: 3) + "1" + String(repeating: "}", count: 3)
        #expect(syntaxError(Array(objects.utf8), maximumDepth: 3) == nil)
        #expect(syntaxError(Array(objects.utf8), maximumDepth: 2)?.reason == "nesting deeper than 2 levels")
    }

    @Test func survivesHostileDepthWithoutCrashing() {
        let hostile = [UInt8](repeating: UInt8(ascii: "["), count: 1_000_000)
        #expect(syntaxError(hostile)?.reason == "nesting deeper than 512 levels")
    }

    @Test func acceptsAnyCollectionOfBytes() throws {
        let slice = Array("xx[1]".utf8).dropFirst(2)
        #expect(try JSONValue(parsing: slice) == .array([.number("1")]))
    }
}
