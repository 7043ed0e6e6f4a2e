@testable import RecordReplayMessages
import Foundation

@testable import RecordReplayFixtures

/// Fixtures and texts shared by the fixture format tests.
enum FixtureSamples {
    /// A fixture exercising every body shape, query items with and without values, repeated headers
    /// and a big integer id.
    static let todos = Fixture(
        interactions: [
            Interaction(
                request: StubRequest(
                    method: "POST", path: "/todos",
                    query: [QueryItem(name: "notify", value: "e mail"), QueryItem(name: "dryRun", value: nil),
                            QueryItem(name: "empty", value: "")],
                    headers: ["Content-Type": "application/json", "Accept": "application/json"],
                    body: Data(#"{"title":"Buy milk","done":false}"#.utf8)),
                response: StubResponse(
                    status: 201, reason: "Created",
                    headers: HTTPHeaders([
                        ("Content-Type", "application/json; charset=utf-8"), ("Set-Cookie", "a=1"),
                        ("Set-Cookie", "b=2"),
                    ]),
                    body: Data(#"{"id":12345678901234567890,"title":"Buy milk","price":1.50}"#.utf8))),
            Interaction(
                request: StubRequest(method: "GET", path: "/todos/12345678901234567890/notes%20v2"),
                response: StubResponse(
                    status: 200, headers: ["Content-Type": "text/plain"], body: Data("line 1\nline 2 é\n".utf8))),
            Interaction(
                request: StubRequest(
                    method: "PUT", path: "/avatar", headers: ["Content-Type": "image/png"],
                    body: Data([0x89, 0x50, 0x4E, 0x47, 0x00, 0xFF])),
                response: StubResponse(status: 204)),
        ],
        upstream: "https://api.example.com/v1")

    /// `todos` in the native format, as it must be written (the format is pinned by this text).
    static let todosNativeText = """
        {
          "format": "swift-repository-contracts/fixture",
          "version": 1,
          "upstream": "https://api.example.com/v1",
          "interactions": [
            {
              "request": {
                "method": "POST",
                "path": "/todos",
                "query": [
                  ["notify", "e mail"],
                  ["dryRun", null],
                  ["empty", ""]
                ],
                "headers": [
                  ["Content-Type", "application/json"],
                  ["Accept", "application/json"]
                ],
                "body": {
                  "json": {
                    "title": "Buy milk",
                    "done": false
                  }
                }
              },
              "response": {
                "status": 201,
                "reason": "Created",
                "headers": [
                  ["Content-Type", "application/json; charset=utf-8"],
                  ["Set-Cookie", "a=1"],
                  ["Set-Cookie", "b=2"]
                ],
                "body": {
                  "json": {
                    "id": 12345678901234567890,
                    "title": "Buy milk",
                    "price": 1.50
                  }
                }
              }
            },
            {
              "request": {
                "method": "GET",
                "path": "/todos/12345678901234567890/notes%20v2",
                "headers": []
              },
              "response": {
                "status": 200,
                "headers": [
                  ["Content-Type", "text/plain"]
                ],
                "body": {
                  "text": "line 1\\nline 2 é\\n"
                }
              }
            },
            {
              "request": {
                "method": "PUT",
                "path": "/avatar",
                "headers": [
                  ["Content-Type", "image/png"]
                ],
                "body": {
                  "base64": "iVBORwD/"
                }
              },
              "response": {
                "status": 204,
                "headers": []
              }
            }
          ]
        }

        """

    /// A minimal valid native fixture with one GET, for schema error tests to break.
    static func minimalNativeText(request: String = #""method": "GET", "path": "/todos""#,
                                  response: String = #""status": 200"#) -> String {
        """
        {
          "format": "swift-repository-contracts/fixture",
          "version": 1,
          "interactions": [
            {"request": {\(request)}, "response": {\(response)}}
          ]
        }
        """
    }
}
