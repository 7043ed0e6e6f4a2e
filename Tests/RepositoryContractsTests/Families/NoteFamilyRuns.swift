import Foundation
import RepositoryContracts
import Testing
import TodoExample

/// Runs one family's clauses of the CRUD contract over notes and reads what they caught: what every
/// family's kill table and article examples are built from.
enum NoteFamilyRuns {
    /// The CRUD contract over notes.
    static let notes = Contract.crud(factory: NoteContracts.factory)

    /// The contract with only the clauses whose ids start with `prefix` (`pages.`), in contract order.
    static func family(_ prefix: String) -> Contract<CRUD<Note>> {
        Contract("CRUD", terms: notes.terms, clauses: notes.clauses.filter { $0.id.hasPrefix(prefix) })
    }

    /// The ids of the contract's clauses that start with `prefix`, in contract order.
    static func clauseIDs(_ prefix: String) -> [String] {
        notes.clauses.map(\.id).filter { $0.hasPrefix(prefix) }
    }

    /// The clauses of `contract` that failed (or crashed) on `conformance`, each with its message.
    static func failed(_ contract: Contract<CRUD<Note>>, _ conformance: Conformance<CRUD<Note>>) async -> [String: String] {
        await run(contract, on: conformance).failed
    }

    /// The family `prefix` run on `conformance`: the ids that failed, with their messages, and the ids
    /// that were skipped, with their reasons.
    static func run(_ prefix: String, on conformance: Conformance<CRUD<Note>>) async -> (failed: [String: String], skipped: [String: String]) {
        await run(family(prefix), on: conformance)
    }

    private static func run(
        _ contract: Contract<CRUD<Note>>, on conformance: Conformance<CRUD<Note>>
    ) async -> (failed: [String: String], skipped: [String: String]) {
        let report = await contract.report(on: conformance)
        var failed: [String: String] = [:], skipped: [String: String] = [:]
        for clause in report.clauses {
            switch clause.status.kind {
            case .failed, .crashed: failed[clause.id] = clause.message ?? ""
            case .skipped: skipped[clause.id] = clause.message ?? ""
            case .passed: break
            }
        }
        return (failed, skipped)
    }

    /// Records an issue unless the family `prefix` has `clauseCount` clauses and the correct note stores,
    /// in memory and in a file, pass every one of them, none skipped.
    static func expectCorrectStoresPass(_ prefix: String, clauseCount: Int, sourceLocation: SourceLocation = #_sourceLocation) async {
        #expect(clauseIDs(prefix).count == clauseCount, sourceLocation: sourceLocation)
        for correct in [NoteContracts.inMemory, NoteContracts.fileBacked] {
            let (failed, skipped) = await run(prefix, on: correct)
            #expect(failed.isEmpty, "\(correct.name): \(failed)", sourceLocation: sourceLocation)
            #expect(skipped.isEmpty, "\(correct.name): \(skipped)", sourceLocation: sourceLocation)
        }
    }

    /// Runs the clauses of `family` on each one-bug store of `expected` and expects exactly its clauses to
    /// fail, none skipped, one of their messages saying its words (numbers aside); then that `all` is the
    /// whole list, and prints the table under `title`.
    static func expectKillTable(
        _ family: String, _ expected: [(bug: Conformance<CRUD<Note>>, clauses: Set<String>, words: String)],
        all: [Conformance<CRUD<Note>>], title: String, sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        var rows: [(bug: String, caught: [String])] = []
        for (bug, clauses, words) in expected {
            let (failed, skipped) = await run(family, on: bug)
            rows.append((bug.name, Array(failed.keys)))
            #expect(Set(failed.keys) == clauses, "\(bug.name): \(failed)", sourceLocation: sourceLocation)
            #expect(skipped.isEmpty, "\(bug.name): \(skipped)", sourceLocation: sourceLocation)
            let first = clauses.sorted().first.flatMap { failed[$0] } ?? ""
            #expect(failed.values.contains { DocumentationArticle.normalized($0).contains(DocumentationArticle.normalized(words)) },
                    "\(bug.name): no message says \"\(words)\"; first: \(first)", sourceLocation: sourceLocation)
        }
        #expect(all.map(\.name) == expected.map(\.bug.name), sourceLocation: sourceLocation)
        print(table(title, rows))
    }

    /// The kill table as text, one bug a line with the clauses that caught it, for the note to quote.
    static func table<Caught: Sequence<String>>(_ title: String, _ rows: [(bug: String, caught: Caught)]) -> String {
        let width = rows.map(\.bug.count).max() ?? 0
        let lines = rows.map { row in
            let caught = row.caught.sorted()
            return row.bug.padding(toLength: width, withPad: " ", startingAt: 0) + "  →  "
                + (caught.isEmpty ? "ESCAPED" : caught.joined(separator: ", "))
        }
        return ([title] + lines).joined(separator: "\n")
    }
}
