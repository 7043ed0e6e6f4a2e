import Foundation

/// The text of an article of the MockTime catalogue, for tests that check what it quotes.
enum ArticleText {
    static let articles = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/MockTime/MockTime.docc/Articles")

    /// The article `name.md`, or an empty string when it cannot be read (the test comparing it then fails).
    static func named(_ name: String) -> String {
        (try? String(contentsOf: articles.appendingPathComponent("\(name).md"), encoding: .utf8)) ?? ""
    }
}
