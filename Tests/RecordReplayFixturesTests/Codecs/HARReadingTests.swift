@testable import RecordReplayMessages
import Foundation
import Testing

@testable import RecordReplayFixtures

@Suite struct HARReadingTests {
    private func importing(_ text: String, bom: Bool = false) throws(FixtureError) -> HARImport {
        try HARCodec.decode((bom ? Data([0xEF, 0xBB, 0xBF]) : Data()) + Data(text.utf8), source: "capture.har")
    }

    private func decodingError(_ text: String) -> FixtureError? {
        do {
            _ = try importing(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func readsChromeWithAByteOrderMark() throws {
        let imported = try importing(HARSamples.chrome, bom: true)
        let fixture = imported.fixture
        #expect(fixture.upstream == "https://api.example.com")
        #expect(fixture.interactions.count == 2)
        #expect(imported.notes == [
            "capture.har: $.log.entries[1]: skipped: status 0, a request that got no response (net::ERR_CONNECTION_REFUSED)"
        ])

        let first = fixture.interactions[0]
        #expect(first.request.method == "GET")
        #expect(first.request.path == "/todos")
        #expect(first.request.query == [QueryItem(name: "page", value: "2"), QueryItem(name: "sort", value: "title")])
        #expect(first.request.headers == HTTPHeaders([("accept", "application/json"), ("accept-encoding", "gzip, deflate, br")]))
        #expect(first.response.status == 200)
        #expect(first.response.reason == nil)
        // The body is recorded decoded, so content-encoding is dropped; the joined cookies are split.
        #expect(first.response.headers == HTTPHeaders([
            ("content-type", "application/json; charset=utf-8"), ("set-cookie", "a=1; Path=/"), ("set-cookie", "b=2; Path=/"),
        ]))
        #expect(first.response.body == Data(#"[{"id":9007199254740993,"title":"Buy milk"}]"#.utf8))

        let image = fixture.interactions[1]
        #expect(image.request.path == "/avatar.png")
        #expect(image.response.body == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    }

    @Test func theSkippedEntryIsLeftOutOfThePlainDecoding() throws {
        let fixture = try Fixture(decoding: Data(HARSamples.chrome.utf8), format: .har, source: "capture.har")
        #expect(fixture.interactions.map(\.request.method) == ["GET", "GET"])
    }

    @Test func readsFirefox() throws {
        let fixture = try importing(HARSamples.firefox).fixture
        #expect(fixture.upstream == "http://shop.test:8080")
        let image = fixture.interactions[0]
        #expect(image.response.body.isEmpty)  // no content.text
        #expect(image.response.reason == "OK")
        let search = fixture.interactions[1]
        #expect(String(decoding: search.request.body, as: UTF8.self) == "q=milk+%26+eggs&lang=en")
        #expect(search.response.headers == HTTPHeaders([("Content-Type", "text/html; charset=utf-8"), ("Vary", "Accept-Encoding")]))
        #expect(search.response.body == Data("<p>2 results</p>".utf8))
    }

    @Test func readsCharles() throws {
        let fixture = try importing(HARSamples.charles).fixture
        let interaction = try #require(fixture.interactions.first)
        #expect(interaction.request.query == [
            QueryItem(name: "", value: "orphan"), QueryItem(name: "q", value: "a+b c"), QueryItem(name: "flag", value: nil),
        ])
        #expect(interaction.response.status == 304)
        #expect(interaction.response.reason == "Not Modified")
        #expect(interaction.response.body == Data("plain text, already decoded".utf8))
    }

    @Test func readsInsomniaPreferringTextOverParams() throws {
        let fixture = try importing(HARSamples.insomnia).fixture
        #expect(fixture.upstream == "http://127.0.0.1:3000")
        let interaction = try #require(fixture.interactions.first)
        #expect(interaction.request.method == "PATCH")
        #expect(interaction.request.body == Data("done=true&title=Milk".utf8))
        #expect(interaction.request.headers == ["Content-Type": "application/x-www-form-urlencoded"])
    }

    @Test func readsMitmproxyKeepingGzipOnlyWhenTheBytesAreGzip() throws {
        let fixture = try importing(HARSamples.mitmproxy).fixture
        let compressed = fixture.interactions[0]
        #expect(compressed.request.headers == HTTPHeaders([("Accept-Encoding", "gzip"), ("User-Agent", "curl/8.5.0")]))
        #expect(compressed.response.headers["Content-Encoding"] == "gzip")
        #expect(compressed.response.body.prefix(2) == Data([0x1F, 0x8B]))
        let decoded = fixture.interactions[1]
        #expect(decoded.response.headers == ["Content-Type": "text/plain"])
        #expect(decoded.response.body == Data("plain text, already decoded".utf8))
    }

    @Test func readsPollyHeaderArrays() throws {
        let fixture = try importing(HARSamples.polly).fixture
        #expect(fixture.upstream == "http://localhost:8080")
        let interaction = try #require(fixture.interactions.first)
        #expect(interaction.request.path == "/api/todos")
        #expect(interaction.request.headers == HTTPHeaders([("accept", "*/*"), ("content-type", "application/json")]))
        #expect(interaction.request.body == Data(#"{"title":"Milk"}"#.utf8))
        #expect(interaction.response.headers == HTTPHeaders([
            ("content-type", "application/json; charset=utf-8"), ("set-cookie", "a=1"), ("set-cookie", "b=2"), ("x-count", "1"),
        ]))
    }

    private func singleEntry(url: String = "https://a.test/x", request: String = "", response: String = "") -> String {
        """
        {"log": {"version": "1.2", "entries": [{
          "request": {"method": "POST", "url": "\(url)"\(request)},
          "response": {"status": 200\(response)}
        }]}}
        """
    }

    @Test func buildsFormBodiesFromParamsOnlyForFormData() throws {
        let multipart = try importing(singleEntry(request: #", "postData": {"mimeType": "multipart/form-data; boundary=x", "params": [{"name": "f", "fileName": "a.txt"}]}"#))
        #expect(multipart.fixture.interactions[0].request.body.isEmpty)
        #expect(multipart.notes == [#"capture.har: $.log.entries[0].request.postData: body left empty: "params" cannot rebuild a multipart/form-data body exactly"#])
        let form = try importing(singleEntry(request: #", "postData": {"mimeType": "", "text": "", "params": [{"name": "a b"}, {"name": "c", "value": "é"}]}"#))
        #expect(form.fixture.interactions[0].request.body == Data("a+b=&c=%C3%A9".utf8))
    }

    @Test func honoursBase64RequestBodies() throws {
        let fixture = try importing(singleEntry(request: #", "postData": {"mimeType": "application/octet-stream", "text": "AP8=", "_encoding": "base64"}"#)).fixture
        #expect(fixture.interactions[0].request.body == Data([0x00, 0xFF]))
    }

    @Test func usesTheQueryStringArrayWhenTheURLHasNoQuery() throws {
        let fixture = try importing(singleEntry(request: #", "queryString": [{"name": "a", "value": "1"}]"#)).fixture
        #expect(fixture.interactions[0].request.query == [QueryItem(name: "a", value: "1")])
    }

    @Test func leavesTheUpstreamUnsetAndKeepsEachOriginWhenOriginsDiffer() throws {
        let text = """
            {"log": {"entries": [
              {"request": {"method": "GET", "url": "https://a.test/1"}, "response": {"status": 200}},
              {"request": {"method": "GET", "url": "https://b.test:8443/2?x"}, "response": {"status": 200}}
            ]}}
            """
        let imported = try importing(text)
        #expect(imported.fixture.upstream == nil)
        #expect(imported.fixture.interactions.map(\.request.path) == ["/1", "/2"])
        #expect(imported.fixture.interactions.map(\.request.origin?.description) == ["https://a.test", "https://b.test:8443"])
        #expect(imported.notes.isEmpty)
    }

    @Test func normalisesOriginsAndDropsUserInformation() throws {
        let text = """
            {"log": {"entries": [
              {"request": {"method": "GET", "url": "HTTPS://user:secret@API.example.com:443"}, "response": {"status": 200}},
              {"request": {"method": "GET", "url": "https://api.example.com/a b"}, "response": {"status": 200}}
            ]}}
            """
        let fixture = try importing(text).fixture
        #expect(fixture.upstream == "https://api.example.com")
        #expect(fixture.interactions.map(\.request.path) == ["/", "/a%20b"])
    }

    @Test func refusesWhatCannotBeReplayedSafely() {
        #expect(decodingError(#"{"log": {"version": "2.0", "entries": []}}"#)?.description == #"capture.har: $.log.version: unsupported HAR version "2.0"; expected 1.x"#)
        #expect(decodingError(#"{"log": {"version": "2.0", "entries": []}}"#)?.kind == .unsupportedVersion)
        #expect(decodingError(#"{"entries": []}"#)?.description == "capture.har: $.log: missing required field")
        #expect(decodingError(singleEntry(url: "todos"))?.description == #"capture.har: $.log.entries[0].request.url: expected an absolute URL, found "todos""#)
        #expect(decodingError(singleEntry(response: #", "statusText": "OK\r\nX-Evil: 1""#))?.description == "capture.har: $.log.entries[0].response.statusText: must not contain CR, LF or NUL characters")
        #expect(decodingError(singleEntry(response: #", "headers": [{"name": "X Y", "value": "1"}]"#))?.description == #"capture.har: $.log.entries[0].response.headers[0].name: expected a header name token, found "X Y""#)
        #expect(decodingError(singleEntry(response: #", "headers": ["X: 1"]"#))?.description == #"capture.har: $.log.entries[0].response.headers[0]: expected a {"name", "value"} object or a [name, value] pair, found "X: 1""#)
        #expect(decodingError(singleEntry(response: #", "content": {"text": "%%", "encoding": "base64"}"#))?.description == "capture.har: $.log.entries[0].response.content.text: invalid base64")
        #expect(decodingError(singleEntry(response: #", "content": {"text": "x", "encoding": "gzip"}"#))?.description == #"capture.har: $.log.entries[0].response.content.text: unsupported encoding "gzip"; expected "base64" or none"#)
        #expect(decodingError(#"{"log": {"entries": [{"request": {"method": "GET", "url": "https://a.test/"}, "response": {"status": 1000}}]}}"#)?.description == "capture.har: $.log.entries[0].response.status: expected an integer from 100 to 999, found 1000")
        #expect(decodingError("{\"log\": {\"entries\": [}}")?.description == "capture.har:1:22: expected a value, found '}'")
    }
}
