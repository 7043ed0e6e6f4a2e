import Foundation
import RepositoryContracts
import TodoExample

/// Runs one family's clauses of the CRUD contract over notes and reads what they caught: what the
/// versions and atomicity kill tables are built from.
enum WriteFamilyKillTable {
    /// The CRUD contract over notes.
    static let notes = Contract.crud(factory: NoteContracts.factory)

    /// The contract's clauses whose ids start with `prefix` (`versions.`), in contract order.
    static func clauseIDs(_ prefix: String) -> [String] {
        notes.clauses.map(\.id).filter { $0.hasPrefix(prefix) }
    }

    /// The family's clauses run on `conformance`: the ids that failed, with their messages, and the ids
    /// that were skipped, with their reasons.
    static func run(_ prefix: String, on conformance: Conformance<CRUD<Note>>) async -> (failed: [String: String], skipped: [String: String]) {
        let family = Contract("CRUD", terms: notes.terms, clauses: notes.clauses.filter { $0.id.hasPrefix(prefix) })
        let report = await family.report(on: conformance)
        var failed: [String: String] = [:], skipped: [String: String] = [:]
        for clause in report.clauses {
            switch clause.status {
            case .failed, .crashed: failed[clause.id] = clause.message ?? ""
            case .skipped: skipped[clause.id] = clause.message ?? ""
            default: break
            }
        }
        return (failed, skipped)
    }

    /// The kill table as text, one bug a line with the clauses that caught it.
    static func text(_ title: String, _ rows: [(bug: String, caughtBy: [String])]) -> String {
        let width = rows.map(\.bug.count).max() ?? 0
        let lines = rows.map { row in
            row.bug.padding(toLength: width, withPad: " ", startingAt: 0) + "  →  "
                + (row.caughtBy.isEmpty ? "ESCAPED" : row.caughtBy.sorted().joined(separator: ", "))
        }
        return ([title] + lines).joined(separator: "\n")
    }
}
