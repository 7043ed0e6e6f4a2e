import Foundation
import RepositoryContracts
import Testing

/// An article of the contracts catalogue, read from disk so a test can check what it says.
enum DocumentationArticle {
    /// The catalogue's folder.
    static let catalogue = ReadmeExampleTests.root.appendingPathComponent("Contracts/Testing/RepositoryContracts.docc")

    /// The text of `Articles/<name>.md`.
    static func text(_ name: String) throws -> String {
        try String(contentsOf: catalogue.appendingPathComponent("Articles/\(name).md"), encoding: .utf8)
    }

    /// `text` with its variable parts (numbers, durations, seeds, hex) replaced by `#`, so a message the
    /// article quotes from one run matches the same message from another; runs of spaces are one space
    /// (a test runner indents the lines of a message after the first).
    static func normalized(_ text: String) -> String {
        text.replacingOccurrences(of: #"0x[0-9a-fA-F]+|[0-9]+(\.[0-9]+)?"#, with: "#", options: .regularExpression)
            .replacingOccurrences(of: " +", with: " ", options: .regularExpression)
    }

    /// The rows of the two-column clause table of the article `name`: (id, law).
    static func clauseTable(_ name: String) throws -> [(id: String, law: String)] {
        try text(name).split(separator: "\n").compactMap { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 4, cells[1].hasPrefix("`"), cells[1].hasSuffix("`") else { return nil }
            return (String(cells[1].dropFirst().dropLast()), cells[2])
        }
    }

    /// Whether the article `name` quotes `message`, its variable parts aside.
    static func quotes(_ name: String, _ message: String) throws -> Bool {
        normalized(try text(name)).contains(normalized(message))
    }

    /// Records an issue unless the clause table of the article `name` lists exactly `clauses`, once each,
    /// in contract order, each with its summary as the law.
    static func expectClauseTable<Terms>(
        _ name: String, lists clauses: [Clause<Terms>], sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let rows = try clauseTable(name)
        #expect(rows.map(\.id) == clauses.map(\.id), sourceLocation: sourceLocation)
        for (row, clause) in zip(rows, clauses) {
            #expect(row.law == clause.summary, "\(row.id)", sourceLocation: sourceLocation)
        }
    }
}
