import RecordReplayMessages
import Foundation
import RecordReplay
import RepositoryContractsTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The text of the record/replay catalogue's pages, read from the source tree, so the tests can check
/// that what an article quotes is what the code produces.
enum ArticleText {
    /// The catalogue folder.
    static let catalogue = PackageTree.root.appendingPathComponent("Sources/RecordReplay/RecordReplay.docc")

    /// The article `Articles/<name>.md`.
    static func article(_ name: String) throws -> String {
        try String(contentsOf: catalogue.appendingPathComponent("Articles/\(name).md"), encoding: .utf8)
    }

    /// The contents of every fenced block tagged `language` in `text`, in order.
    static func blocks(_ language: String, in text: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```\(language)" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current!.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }
}

/// A client that stands for the code under test: it lists the titles the API at `baseURL` returns.
struct TodoClient {
    let baseURL: URL

    func titles() async throws -> [String] {
        let (body, _) = try await URLSession.patient.data(from: baseURL.appendingPathComponent("todos"))
        let todos = try JSONSerialization.jsonObject(with: body) as? [[String: Any]] ?? []
        return todos.compactMap { $0["title"] as? String }
    }
}

extension StubServer {
    /// A started server that stands for a live todo API: `GET /todos` answers one todo, "Buy milk", with
    /// a session token a recording must redact. The caller stops it.
    static func liveTodosAPI() async throws -> StubServer {
        let live = StubServer()
        live.playback.stub(
            .get("/todos"),
            with: StubResponse(
                headers: ["Content-Type": "application/json"],
                body: Data(#"[{"id":1,"title":"Buy milk","sessionToken":"c2Vzc2lvbi0xMjM0NTY3ODkw"}]"#.utf8)))
        try await live.start()
        return live
    }
}
