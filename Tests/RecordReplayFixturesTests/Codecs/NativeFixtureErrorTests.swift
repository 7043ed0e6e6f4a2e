import Foundation
import Testing

@testable import RecordReplayFixtures

@Suite struct NativeFixtureErrorTests {
    private func decodingError(_ text: String) -> FixtureError? {
        do {
            _ = try Fixture(decoding: Data(text.utf8), format: .native, source: "Fixtures/Todos/create.json")
            return nil
        } catch {
            return error
        }
    }

    private func responseError(_ response: String) -> String? {
        decodingError(FixtureSamples.minimalNativeText(response: response))?.description
    }

    private func requestError(_ request: String) -> String? {
        decodingError(FixtureSamples.minimalNativeText(request: request))?.description
    }

    private let file = "Fixtures/Todos/create.json"

    @Test func statusMustBeAnIntegerInRange() {
        let prefix = "\(file): $.interactions[0].response.status: expected an integer from 100 to 999, found"
        #expect(responseError(#""status": "OK""#) == "\(prefix) \"OK\"")
        #expect(responseError(#""status": 1000"#) == "\(prefix) 1000")
        #expect(responseError(#""status": 99"#) == "\(prefix) 99")
        #expect(responseError(#""status": 200.0"#) == "\(prefix) 200.0")
        #expect(responseError(#""status": null"#) == "\(file): $.interactions[0].response.status: missing required field")
        #expect(responseError(#""reason": "OK""#) == "\(file): $.interactions[0].response.status: missing required field")
    }

    @Test func reportsTheIndexOfTheBrokenInteraction() throws {
        let text = """
            {"format": "swift-repository-contracts/fixture", "version": 1, "interactions": [
              {"request": {"method": "GET", "path": "/"}, "response": {"status": 200}},
              {"request": {"method": "GET", "path": "/"}, "response": {"status": 200}},
              {"request": {"method": "GET", "path": "/"}, "response": {"status": "OK"}}
            ]}
            """
        let failure = try #require(decodingError(text))
        #expect(failure.description == "\(file): $.interactions[2].response.status: expected an integer from 100 to 999, found \"OK\"")
        #expect(failure.kind == .schema)
        #expect(failure.file == file)
        #expect(failure.path == "$.interactions[2].response.status")
        #expect(failure.line == nil)
    }

    @Test func missingAndMistypedRequestFields() {
        let at = "\(file): $.interactions[0].request"
        #expect(requestError(#""path": "/""#) == "\(at).method: missing required field")
        #expect(requestError(#""method": 1, "path": "/""#) == "\(at).method: expected a string, found 1")
        #expect(requestError(#""method": "GE T", "path": "/""#) == "\(at).method: expected a method token such as \"GET\", found \"GE T\"")
        #expect(requestError(#""method": "GET", "path": "todos""#) == "\(at).path: expected a path starting with \"/\", found \"todos\"")
        #expect(requestError(#""method": "GET", "path": "/a?b=1""#) == "\(at).path: must not contain \"?\" or \"#\" (put query items in \"query\")")
        #expect(requestError(#""method": "GET", "path": "/a b""#) == "\(at).path: must not contain spaces or control characters (percent-encode them)")
        #expect(requestError(#""method": "GET", "path": "/", "query": {"a": "1"}"#) == "\(at).query: expected an array, found an object")
        #expect(requestError(#""method": "GET", "path": "/", "query": [["a"]]"#) == "\(at).query[0]: expected a [name, value] pair of a string and a string or null, found an array")
        #expect(requestError(#""method": "GET", "path": "/", "query": [["a", 1]]"#) == "\(at).query[0][1]: expected a string or null, found 1")
    }

    @Test func unknownAndDuplicateFieldsAreReported() {
        #expect(responseError(#""status": 200, "staus": 201"#) == "\(file): $.interactions[0].response.staus: unknown field; expected one of \"status\", \"reason\", \"headers\", \"body\"")
        #expect(requestError(#""method": "GET", "path": "/", "header": []"#) == "\(file): $.interactions[0].request.header: unknown field; expected one of \"origin\", \"method\", \"path\", \"query\", \"headers\", \"body\"")
        #expect(responseError(#""status": 200, "status": 201"#) == "\(file): $.interactions[0].response.status: duplicate field")
        #expect(responseError(#""status": 200, "x-y z": 1"#) == "\(file): $.interactions[0].response[\"x-y z\"]: unknown field; expected one of \"status\", \"reason\", \"headers\", \"body\"")
    }

    @Test func headersMustBeSafePairs() {
        let at = "\(file): $.interactions[0].response.headers"
        #expect(responseError(#""status": 200, "headers": [["A", "1", "2"]]"#) == "\(at)[0]: expected a [name, value] pair of strings, found an array")
        #expect(responseError(#""status": 200, "headers": [{"name": "A", "value": "1"}]"#) == "\(at)[0]: expected a [name, value] pair of strings, found an object")
        #expect(responseError(#""status": 200, "headers": [["X-A", "1\r\nX-Injected: 1"]]"#) == "\(at)[0][1]: must not contain CR, LF or NUL characters")
        #expect(responseError(#""status": 200, "headers": [["X A", "1"]]"#) == "\(at)[0][0]: expected a header name token, found \"X A\"")
        #expect(responseError(#""status": 200, "reason": "OK\nX: 1""#) == "\(file): $.interactions[0].response.reason: must not contain CR, LF or NUL characters")
    }

    @Test func bodiesMustHaveExactlyOneKnownShape() {
        let at = "\(file): $.interactions[0].response.body"
        #expect(responseError(#""status": 200, "body": {"xml": "<a/>"}"#) == "\(at).xml: unknown body shape; expected \"json\", \"text\" or \"base64\"")
        #expect(responseError(#""status": 200, "body": {}"#) == "\(at): expected an object with exactly one of \"json\", \"text\" or \"base64\", found an empty object")
        #expect(responseError(#""status": 200, "body": {"text": "a", "base64": "YQ=="}"#) == "\(at): expected an object with exactly one of \"json\", \"text\" or \"base64\", found 2 members")
        #expect(responseError(#""status": 200, "body": "hello""#) == "\(at): expected an object, found \"hello\"")
        #expect(responseError(#""status": 200, "body": {"base64": "not base64!"}"#) == "\(at).base64: invalid base64 (expected standard base64 with \"=\" padding)")
        #expect(responseError(#""status": 200, "body": {"text": 1}"#) == "\(at).text: expected a string, found 1")
        #expect(responseError(#""status": 200, "body": {"json": null}"#) == nil)
    }

    @Test func theFormatMarkerAndVersionAreChecked() throws {
        let unknownVersion = try #require(decodingError(#"{"format": "swift-repository-contracts/fixture", "version": 2, "interactions": []}"#))
        #expect(unknownVersion.kind == .unsupportedVersion)
        #expect(unknownVersion.description == "\(file): $.version: unsupported fixture version 2; this build of swift-repository-contracts reads version 1 (a newer release may read it)")

        #expect(decodingError(#"{"format": "swift-repository-contracts/fixture", "version": "1", "interactions": []}"#)?.description == "\(file): $.version: expected the integer 1, found \"1\"")
        #expect(decodingError(#"{"format": "swift-repository-contracts/fixture", "interactions": []}"#)?.description == "\(file): $.version: missing required field")
        #expect(decodingError(#"{"version": 1, "interactions": []}"#)?.description == "\(file): $: not a swift-repository-contracts fixture: missing \"format\": \"swift-repository-contracts/fixture\"")
        #expect(decodingError(#"{"log": {"entries": []}}"#)?.description == "\(file): $: not a swift-repository-contracts fixture: missing \"format\": \"swift-repository-contracts/fixture\" (this looks like a HAR file: give it the .har extension)")
        #expect(decodingError(#"{"format": "vcr", "version": 1, "interactions": []}"#)?.description == "\(file): $.format: expected \"swift-repository-contracts/fixture\", found \"vcr\"")
        #expect(decodingError(#"[]"#)?.description == "\(file): $: expected an object, found an array")
        #expect(decodingError(#"{"format": "swift-repository-contracts/fixture", "version": 1}"#)?.description == "\(file): $.interactions: missing required field")
    }

    @Test func syntaxErrorsGiveLineAndColumn() throws {
        let text = """
            {
              "format": "swift-repository-contracts/fixture",
              "version": 1,
              "interactions": [,]
            }
            """
        let failure = try #require(decodingError(text))
        #expect(failure.kind == .syntax)
        #expect(failure.line == 4)
        #expect(failure.column == 20)
        #expect(failure.path == nil)
        #expect(failure.description == "\(file):4:20: expected a value, found ','")
    }

    @Test func deepNestingIsRefused() throws {
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        let failure = try #require(decodingError(FixtureSamples.minimalNativeText(response: #""status": 200, "body": {"json": \#(deep)}"#)))
        #expect(failure.kind == .syntax)
        #expect(failure.reason == "nesting deeper than 512 levels")
    }
}
