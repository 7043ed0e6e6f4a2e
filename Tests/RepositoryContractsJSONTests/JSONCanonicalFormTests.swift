@testable import RepositoryContractsJSON
import Testing


@Suite struct JSONCanonicalFormTests {
    private func canonical(_ text: String) throws -> String {
        try JSONValue(parsing: Array(text.utf8)).canonicalForm
    }

    @Test(arguments: [
        ["1", "1.0", "1e0", "10e-1", "0.1e1", "100E-2", "1.000e+0", "0001e0".dropFirst(3).description],
        ["0", "-0", "0.0", "-0.0e5", "0e-10"],
        ["100", "1e2", "1E+2", "0.001e5", "100.00"],
        ["-1.5", "-15e-1", "-0.15e1", "-1.50"],
        ["1e400", "10e399", "0.1e401"],
        ["1e99999999999999999999", "10e99999999999999999998", "0.01e100000000000000000001"],
        ["1e-99999999999999999999", "10e-100000000000000000000"],
    ])
    func equalValuesHaveEqualForms(_ lexemes: [String]) throws {
        let forms = try Set(lexemes.map(canonical))
        #expect(forms.count == 1, "\(forms)")
    }

    @Test(arguments: [
        ("12345678901234567890", "12345678901234567891"),
        ("0.1", "0.10000000000000001"),  // equal as Doubles
        ("9007199254740993", "9007199254740992"),  // likewise
        ("1e400", "1e401"),
        ("1e99999999999999999999", "1e99999999999999999998"),
        ("-1", "1"),
        ("1", "\"1\""),
        ("[1,2]", "[2,1]"),
        ("{\"a\":1}", "{\"a\":1,\"a\":1}"),
        ("\"e\\u0301\"", "\"\\u00e9\""),  // canonically equivalent strings, different scalars: bytes differ
    ])
    func differentValuesHaveDifferentForms(_ left: String, _ right: String) throws {
        #expect(try !canonical(left).utf8.elementsEqual(canonical(right).utf8))
    }

    @Test(arguments: [
        ("12345678901234567890", "12345678901234567890"),
        ("-0.5", "-0.5"),
        ("123.456", "123.456"),
        ("1e20", "100000000000000000000"),
        ("1e21", "1e21"),
        ("123456789012345678901", "123456789012345678901"),
        ("1e22", "1e22"),
        ("1.5e30", "1.5e30"),
        ("0.000001", "0.000001"),
        ("1e-7", "1e-7"),
        ("-12.5e-10", "-1.25e-9"),
        ("1e99999999999999999999", "1e99999999999999999999"),
        ("123e99999999999999999999", "1.23e100000000000000000001"),
        ("1e-99999999999999999999", "1e-99999999999999999999"),
        ("0.5e-99999999999999999999", "5e-100000000000000000000"),
    ])
    func spellsNumbersCanonically(_ lexeme: String, _ spelling: String) throws {
        #expect(try canonical(lexeme) == spelling)
    }

    @Test func sortsMembersByUTF8BytesAndIgnoresTheirOrder() throws {
        #expect(try canonical("{\"é\":1,\"z\":2,\"Z\":3,\"a\":{\"y\":[true,null],\"x\":\"s\"}}")
            == "{\"Z\":3,\"a\":{\"x\":\"s\",\"y\":[true,null]},\"z\":2,\"é\":1}")
        #expect(try canonical("{\"b\": 1.0, \"a\": 2}") == canonical("{\"a\":2e0,\"b\":1}"))
        // Duplicate names compare regardless of their order.
        #expect(try canonical("{\"a\":2,\"a\":1}") == canonical("{\"a\":1,\"a\":2}"))
    }

    @Test func escapesStringsMinimally() throws {
        #expect(try canonical(#""\u00e9\/\u0001\n\"\\\u007f""#) == "\"é/\\u0001\\n\\\"\\\\\u{7F}\"")
        #expect(try canonical(#""\ud83d\ude00""#) == "\"😀\"")
    }

    @Test func isItselfJSONWithTheSameCanonicalForm() throws {
        let form = try canonical("{\"b\":[1.50e3,-0],\"a\":\"\\u0000\"}")
        #expect(form == "{\"a\":\"\\u0000\",\"b\":[1500,0]}")
        #expect(try canonical(form) == form)
    }
}
