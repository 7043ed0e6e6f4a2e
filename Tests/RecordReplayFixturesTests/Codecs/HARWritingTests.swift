@testable import RecordReplayMessages
@testable import RepositoryContractsJSON
import Foundation
import Testing

@testable import RecordReplayFixtures

@Suite struct HARWritingTests {
    private func log(of fixture: Fixture) throws -> [String: JSONValue] {
        let root = try JSONValue(parsing: fixture.encoded(as: .har))
        return try #require(root.harMembers?["log"]?.harMembers)
    }

    @Test func writesTheFieldsHAR12Requires() throws {
        let log = try log(of: FixtureSamples.todos)
        #expect(log["version"] == .string("1.2"))
        #expect(log["creator"]?.harMembers?["name"] == .string("swift-repository-contracts"))
        #expect(log["creator"]?.harMembers?["version"] == .string("1"))
        let entries = try #require(log["entries"]?.harElements)
        #expect(entries.count == 3)
        for entry in entries {
            let fields = try #require(entry.harMembers)
            #expect(Set(fields.keys).isSuperset(of: ["startedDateTime", "time", "request", "response", "cache", "timings"]))
            let request = try #require(fields["request"]?.harMembers)
            #expect(Set(request.keys).isSuperset(of: [
                "method", "url", "httpVersion", "cookies", "headers", "queryString", "headersSize", "bodySize",
            ]))
            let response = try #require(fields["response"]?.harMembers)
            #expect(Set(response.keys).isSuperset(of: [
                "status", "statusText", "httpVersion", "cookies", "headers", "content", "redirectURL", "headersSize",
                "bodySize",
            ]))
            #expect(Set(try #require(response["content"]?.harMembers).keys).isSuperset(of: ["size", "mimeType"]))
            #expect(Set(try #require(fields["timings"]?.harMembers).keys).isSuperset(of: ["send", "wait", "receive"]))
        }
        #expect(entries.map { $0.harMembers?["startedDateTime"] } == [
            .string("1970-01-01T00:00:00.000Z"), .string("1970-01-01T00:00:00.001Z"), .string("1970-01-01T00:00:00.002Z"),
        ])
    }

    @Test func writesAbsoluteURLsWithTheEncodedQuery() throws {
        let entries = try #require(log(of: FixtureSamples.todos)["entries"]?.harElements)
        #expect(entries[0].harMembers?["request"]?.harMembers?["url"] == .string("https://api.example.com/v1/todos?notify=e%20mail&dryRun&empty="))
        #expect(entries[1].harMembers?["request"]?.harMembers?["url"] == .string("https://api.example.com/v1/todos/12345678901234567890/notes%20v2"))
        let local = Fixture(interactions: [
            Interaction(
                request: StubRequest(method: "GET", path: "/a", query: [QueryItem(name: "q&=+#%", value: "é ü")]),
                response: StubResponse())
        ])
        let url = try log(of: local)["entries"]?.harElements?.first?.harMembers?["request"]?.harMembers?["url"]
        #expect(url == .string("http://localhost/a?q%26%3D%2B%23%25=%C3%A9%20%C3%BC"))
    }

    @Test func binaryBodiesAreBase64() throws {
        let entries = try #require(log(of: FixtureSamples.todos)["entries"]?.harElements)
        let postData = entries[2].harMembers?["request"]?.harMembers?["postData"]?.harMembers
        #expect(postData?["text"] == .string("iVBORwD/"))
        #expect(postData?["_encoding"] == .string("base64"))
        let fixture = Fixture(interactions: [
            Interaction(request: StubRequest(method: "GET", path: "/"), response: StubResponse(body: Data([0xFF, 0x00])))
        ])
        let content = try log(of: fixture)["entries"]?.harElements?.first?.harMembers?["response"]?.harMembers?["content"]?.harMembers
        #expect(content?["text"] == .string("/wA="))
        #expect(content?["encoding"] == .string("base64"))
        #expect(content?["size"] == .number("2"))
    }

    @Test func outputIsStable() throws {
        let first = FixtureSamples.todos.encoded(as: .har)
        #expect(FixtureSamples.todos.encoded(as: .har) == first)
        let decoded = try Fixture(decoding: first, format: .har, source: "x.har")
        #expect(decoded.encoded(as: .har) == first)
        #expect(first.last == UInt8(ascii: "\n"))
    }

    @Test(arguments: [
        FixtureSamples.todos,
        Fixture(interactions: FixtureSamples.todos.interactions, upstream: nil),
        Fixture(interactions: FixtureSamples.todos.interactions, upstream: "http://127.0.0.1:8080/"),
        Fixture(interactions: [
            Interaction(
                request: StubRequest(method: "GET", path: "/", query: [QueryItem(name: "", value: "x"), QueryItem(name: "a", value: nil)]),
                response: StubResponse(
                    status: 200, reason: "Fine",
                    headers: HTTPHeaders([("Content-Encoding", "gzip"), ("Content-Type", "text/plain")]),
                    body: Data([0x1F, 0x8B, 0x08, 0x00, 0x00])))
        ]),
        Fixture(),
    ])
    func nativeToHARToNativeIsLossless(_ fixture: Fixture) throws {
        let imported = try HARCodec.decode(fixture.encoded(as: .har), source: "x.har")
        #expect(imported.fixture == fixture)
        #expect(imported.notes.isEmpty)
    }
}

extension JSONValue {
    /// The members by name (the first of duplicates), when this is an object.
    var harMembers: [String: JSONValue]? {
        guard case .object(let members) = self else { return nil }
        return Dictionary(members.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    /// The elements, when this is an array.
    var harElements: [JSONValue]? {
        guard case .array(let elements) = self else { return nil }
        return elements
    }
}
