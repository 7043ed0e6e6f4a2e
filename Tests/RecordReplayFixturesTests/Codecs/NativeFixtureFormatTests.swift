@testable import RecordReplayMessages
@testable import RepositoryContractsJSON
import Foundation
import Testing

@testable import RecordReplayFixtures

@Suite struct NativeFixtureFormatTests {
    private func decode(_ text: String) throws(FixtureError) -> Fixture {
        try Fixture(decoding: Data(text.utf8), format: .native, source: "test.json")
    }

    @Test func writesThePinnedLayout() {
        let text = String(decoding: FixtureSamples.todos.encoded(as: .native), as: UTF8.self)
        #expect(text == FixtureSamples.todosNativeText)
    }

    @Test func readsThePinnedLayoutBackToTheSameFixture() throws {
        #expect(try decode(FixtureSamples.todosNativeText) == FixtureSamples.todos)
    }

    @Test func encodingIsStable() throws {
        let first = FixtureSamples.todos.encoded(as: .native)
        #expect(FixtureSamples.todos.encoded(as: .native) == first)
        let decoded = try Fixture(decoding: first, format: .native, source: "x.json")
        #expect(decoded.encoded(as: .native) == first)
    }

    @Test func bigIntegerIdsReplayDigitForDigit() throws {
        let decoded = try decode(FixtureSamples.todosNativeText)
        let body = String(decoding: decoded.interactions[0].response.body, as: UTF8.self)
        #expect(body.contains(#""id":12345678901234567890"#))
        #expect(body.contains(#""price":1.50"#))
    }

    @Test("pretty-printed JSON and compact JSON are both stored as JSON and replay byte for byte")
    func prettyJSONBodiesReplayByteForByte() throws {
        let pretty = Data("{\n  \"b\": 1e2,\n  \"a\": \"\\u00e9\"\n}".utf8)
        let compact = Data(#"{"b":1e2,"a":"é"}"#.utf8)
        for body in [pretty, compact] {
            let fixture = Fixture(interactions: [
                Interaction(
                    request: StubRequest(method: "GET", path: "/"),
                    response: StubResponse(headers: ["Content-Type": "application/problem+json"], body: body))
            ])
            let replayed = try Fixture(decoding: fixture.encoded(as: .native), format: .native, source: "x.json")
                .interactions[0].response.body
            #expect(replayed == body)
        }
        #expect(storedShape(body: pretty, contentType: "application/json") == "json")
        #expect(storedShape(body: compact, contentType: "application/json") == "json")
    }

    private func storedShape(body: Data, contentType: String?) -> String {
        let headers: HTTPHeaders = contentType.map { ["Content-Type": $0] } ?? [:]
        let fixture = Fixture(interactions: [
            Interaction(request: StubRequest(method: "GET", path: "/"), response: StubResponse(headers: headers, body: body))
        ])
        let text = String(decoding: fixture.encoded(as: .native), as: UTF8.self)
        for shape in ["json", "text", "base64"] where text.contains("\"\(shape)\": ") {
            return shape
        }
        return "none"
    }

    @Test(arguments: [
        (#"{"a":1}"#, "application/json", "json"),
        (#"[1]"#, "application/vnd.api+json; charset=utf-8", "json"),
        (#"{"a":1}"#, "text/plain", "text"),
        (#"{"a":1}"#, nil, "text"),
        (#"{"a":"#, "application/json", "text"),  // does not parse
        ("a=1&b=2", "application/x-www-form-urlencoded", "text"),
        ("<a/>", "application/xml", "text"),
        ("bell\u{7}", "text/plain", "text"),  // textual media type: control characters allowed
        ("bell\u{7}", "application/octet-stream", "base64"),
        ("plain words\r\n\ttabbed", "application/octet-stream", "text"),
        ("", "application/json", "none"),
    ] as [(String, String?, String)])
    func choosesTheBodyShape(_ body: String, _ contentType: String?, _ shape: String) {
        #expect(storedShape(body: Data(body.utf8), contentType: contentType) == shape)
    }

    @Test func invalidUTF8AndByteOrderMarksAreStoredAsBase64() {
        #expect(storedShape(body: Data([0xC3, 0x28]), contentType: "text/plain") == "base64")
        #expect(storedShape(body: Data([0xEF, 0xBB, 0xBF] + Array("{}".utf8)), contentType: "application/json") == "text")
    }

    @Test(arguments: [
        Data([0x00, 0x01, 0xFE, 0xFF]),
        Data("text/plain body\r\n".utf8),
        Data(#"{"n":100000000000000000000000001,"x":[1.0]}"#.utf8),
        Data(),
    ])
    func everyBodyShapeRoundTrips(_ body: Data) throws {
        for contentType in ["application/json", "text/plain", "application/octet-stream"] {
            let fixture = Fixture(interactions: [
                Interaction(
                    request: StubRequest(method: "POST", path: "/", headers: ["Content-Type": contentType], body: body),
                    response: StubResponse(headers: ["Content-Type": contentType], body: body))
            ])
            let decoded = try Fixture(decoding: fixture.encoded(as: .native), format: .native, source: "x.json")
            #expect(decoded == fixture, "\(contentType)")
        }
    }

    @Test func bodiesTooDeepForTheDocumentAreStoredAsText() throws {
        let depth = JSONValue.defaultMaximumDepth - 2
        let deep = Data((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8)
        let fixture = Fixture(interactions: [
            Interaction(
                request: StubRequest(method: "GET", path: "/"),
                response: StubResponse(headers: ["Content-Type": "application/json"], body: deep))
        ])
        let encoded = fixture.encoded(as: .native)
        #expect(String(decoding: encoded, as: UTF8.self).contains("\"text\": \"[[["))
        #expect(try Fixture(decoding: encoded, format: .native, source: "x.json") == fixture)
    }

    @Test func leavesOutEmptyOptionalMembers() {
        let fixture = Fixture(interactions: [
            Interaction(request: StubRequest(method: "GET", path: "/"), response: StubResponse(status: 404))
        ])
        #expect(
            String(decoding: fixture.encoded(as: .native), as: UTF8.self) == """
                {
                  "format": "swift-repository-contracts/fixture",
                  "version": 1,
                  "interactions": [
                    {
                      "request": {
                        "method": "GET",
                        "path": "/",
                        "headers": []
                      },
                      "response": {
                        "status": 404,
                        "headers": []
                      }
                    }
                  ]
                }

                """)
        #expect(String(decoding: Fixture().encoded(as: .native), as: UTF8.self).contains("\"interactions\": []\n}\n"))
    }

    @Test func readsOptionalMembersWithDefaultsAndNulls() throws {
        let fixture = try decode(
            FixtureSamples.minimalNativeText(
                request: #""method": "DELETE", "path": "/todos/1", "query": null, "body": {"text": "x"}"#,
                response: #""status": 200, "reason": null"#))
        #expect(
            fixture.interactions == [
                Interaction(
                    request: StubRequest(method: "DELETE", path: "/todos/1", body: Data("x".utf8)),
                    response: StubResponse(status: 200))
            ])
        #expect(fixture.upstream == nil)
    }

    @Test func toleratesAByteOrderMark() throws {
        let data = Data([0xEF, 0xBB, 0xBF]) + Data(FixtureSamples.minimalNativeText().utf8)
        #expect(try Fixture(decoding: data, format: .native, source: "x.json").interactions.count == 1)
    }
}
