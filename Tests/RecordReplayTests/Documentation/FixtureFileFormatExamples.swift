import RecordReplayMessages
import Foundation
import RecordReplay
import Testing

/// The "Fixture file format" article's examples are real fixtures: the full one decodes to what it
/// shows and writes back byte for byte, and the body fragments are bodies the reader accepts.
@Suite("Documentation: the fixture file format")
struct FixtureFileFormatExamples {
    private static func jsonBlocks() throws -> [String] {
        ArticleText.blocks("json", in: try ArticleText.article("FixtureFileFormat"))
    }

    @Test("the example fixture decodes to what it shows, and writing it gives the same bytes")
    func exampleFixture() throws {
        let text = try #require(try Self.jsonBlocks().first)
        let fixture = try Fixture(decoding: Data(text.utf8), format: .native, source: "FixtureFileFormat.md")
        let interaction = try #require(fixture.interactions.first)
        #expect(fixture.interactions.count == 1)
        #expect(fixture.upstream == "https://api.example.com/v1")
        #expect(fixture.recorded == Date(timeIntervalSince1970: 1_795_823_400))
        #expect(interaction.request.method == "POST" && interaction.request.path == "/todos")
        #expect(interaction.request.query == [QueryItem(name: "notify", value: "email"), QueryItem(name: "dryRun", value: nil)])
        #expect(interaction.response.status == 201 && interaction.response.reason == "Created")
        #expect(String(decoding: interaction.response.body, as: UTF8.self) == #"{"id":18446744073709551616,"title":"Buy milk"}"#)
        #expect(String(decoding: fixture.encoded(as: .native), as: UTF8.self) == text + "\n")
    }

    @Test("each body fragment is a body the reader accepts, replayed as its style says")
    func bodyFragments() throws {
        let fragments = try Self.jsonBlocks().filter { $0.hasPrefix(#"{"json""#) }
        #expect(fragments.count == 2)
        let bodies = try fragments.map { fragment in
            let document = """
                {"format": "swift-repository-contracts/fixture", "version": 1, "interactions": [
                  {"request": {"method": "GET", "path": "/"}, "response": {"status": 200, "body": \(fragment)}}
                ]}
                """
            let fixture = try Fixture(decoding: Data(document.utf8), format: .native, source: "FixtureFileFormat.md")
            return String(decoding: try #require(fixture.interactions.first).response.body, as: UTF8.self)
        }
        #expect(bodies.first == #"{"url":"http:\/\/127.0.0.1:8080\/todos\/1"}"#)
        #expect(bodies.last == "{\n  \"done\" : false\n}")
    }

    /// A one-interaction fixture whose interaction holds `interaction` beside a plain request, and
    /// whose response holds `response`.
    private static func decode(interaction: String = "", response: String = #""status": 200"#, version: String = "1")
        throws(FixtureError) -> Fixture
    {
        let document = """
            {"format": "swift-repository-contracts/fixture", "version": \(version), "interactions": [
              {"request": {"method": "GET", "path": "/"}, "response": {\(response)}\(interaction)}
            ]}
            """
        return try Fixture(decoding: Data(document.utf8), format: .native, source: "bounds.json")
    }

    @Test("the bounds the article gives: status, latency, indent, version")
    func bounds() throws {
        #expect(throws: Never.self) { try Self.decode(response: #""status": 100"#) }
        #expect(throws: Never.self) { try Self.decode(response: #""status": 999"#) }
        #expect(throws: FixtureError.self) { try Self.decode(response: #""status": 99"#) }
        #expect(throws: FixtureError.self) { try Self.decode(response: #""status": 200.0"#) }
        #expect(throws: Never.self) { try Self.decode(interaction: #", "latencyMilliseconds": 86400000"#) }
        #expect(throws: FixtureError.self) { try Self.decode(interaction: #", "latencyMilliseconds": 86400001"#) }
        #expect(throws: FixtureError.self) { try Self.decode(interaction: #", "latencyMilliseconds": -1"#) }
        let body = { (indent: String) in #""status": 200, "body": {"json": [1], "style": {"indent": "\#(indent)"}}"# }
        #expect(throws: Never.self) { try Self.decode(response: body(String(repeating: " ", count: 16))) }
        #expect(throws: Never.self) { try Self.decode(response: body(String(repeating: "\\t", count: 16))) }
        #expect(throws: FixtureError.self) { try Self.decode(response: body(String(repeating: " ", count: 17))) }
        #expect(throws: FixtureError.self) { try Self.decode(response: body("")) }
        let version = try #require(throws: FixtureError.self) { try Self.decode(version: "2") }
        #expect(version.description.contains("unsupported fixture version 2; this build of swift-repository-contracts reads version 1"), "\(version)")
    }
}
