import Foundation
import RecordReplayMessages
import Testing
@testable import RecordReplay

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The interception reuses the response head it built last, and only when the URL, the status and every
/// field are equal: a reused head never answers a request with another URL or another recorded head.
@Suite struct ResponseHeadReuseTests {
    init() {
        URLSessionInterception.prepare()
    }

    @Test func anEqualHeadIsTheObjectBuiltLast() {
        let cache = ResponseHeadCache()
        let url = URL(string: "https://api.example.com/todos/1")!
        let first = cache.response(url: url, status: 200, fields: ["Content-Type": "application/json"])
        let again = cache.response(url: url, status: 200, fields: ["Content-Type": "application/json"])
        #expect(again === first)
    }

    @Test(arguments: [
        ("https://api.example.com/todos/2", 200, ["Content-Type": "application/json"]),
        ("https://api.example.com/todos/1", 201, ["Content-Type": "application/json"]),
        ("https://api.example.com/todos/1", 200, ["Content-Type": "text/plain"]),
        ("https://api.example.com/todos/1", 200, ["Content-Type": "application/json", "ETag": "\"1\""]),
        ("https://api.example.com/todos/1", 200, [:]),
    ])
    func anyDifferenceBuildsANewHead(url: String, status: Int, fields: [String: String]) {
        let cache = ResponseHeadCache()
        let first = cache.response(
            url: URL(string: "https://api.example.com/todos/1")!, status: 200, fields: ["Content-Type": "application/json"])
        let other = cache.response(url: URL(string: url)!, status: status, fields: fields)
        #expect(other !== first)
        #expect(other.url?.absoluteString == url)
        #expect(other.statusCode == status)
        #expect(other.allHeaderFields.count == fields.count)
        for (name, value) in fields { #expect(other.value(forHTTPHeaderField: name) == value) }
    }

    /// Through `URLSession.shared`: the same URL answered by three different recorded heads in turn, then
    /// the first head for another URL; each client sees exactly its own.
    @Test func eachInterceptedAnswerCarriesItsOwnHead() async throws {
        let server = interceptionServer([
            head("/todos/1", status: 200, ["Content-Type": "application/json", "ETag": "\"v1\""]),
            head("/todos/1", status: 200, ["Content-Type": "application/json", "ETag": "\"v2\""]),
            head("/todos/1", status: 202, ["Content-Type": "application/json", "ETag": "\"v2\""]),
            head("/todos/2", status: 200, ["Content-Type": "application/json", "ETag": "\"v1\""]),
        ])
        let answers = try await server.interceptingURLSession {
            var answers: [(url: String?, status: Int, etag: String?)] = []
            for path in ["/todos/1", "/todos/1", "/todos/1", "/todos/2"] {
                let (_, response) = try await URLSession.shared.data(from: URL(string: "https://api.example.com" + path)!)
                let http = try #require(response as? HTTPURLResponse)
                answers.append((http.url?.path, http.statusCode, http.value(forHTTPHeaderField: "ETag")))
            }
            return answers
        }
        #expect(answers.map(\.url) == ["/todos/1", "/todos/1", "/todos/1", "/todos/2"])
        #expect(answers.map(\.status) == [200, 200, 202, 200])
        #expect(answers.map(\.etag) == ["\"v1\"", "\"v2\"", "\"v2\"", "\"v1\""])
    }

    private func head(_ path: String, status: Int, _ fields: HTTPHeaders) -> Interaction {
        Interaction(
            request: StubRequest(method: "GET", path: path),
            response: StubResponse(status: status, headers: fields, body: Data("{}".utf8)))
    }
}
