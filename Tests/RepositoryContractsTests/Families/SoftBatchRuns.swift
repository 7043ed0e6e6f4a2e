import Foundation
import RepositoryContracts
import TodoExample

/// Runs one family's clauses of the CRUD contract over notes, and prints a kill table: shared by the
/// soft-delete and batch kill tables.
enum SoftBatchRuns {
    /// The CRUD contract over notes with only the clauses whose ids start with `prefix` (`softDelete.`).
    static func family(_ prefix: String) -> Contract<CRUD<Note>> {
        var contract = Contract.crud(factory: NoteContracts.factory)
        contract.clauses = contract.clauses.filter { $0.id.hasPrefix(prefix) }
        return contract
    }

    /// The clauses of `contract` that failed on `conformance`, each with its message.
    static func failed(_ contract: Contract<CRUD<Note>>, _ conformance: Conformance<CRUD<Note>>) async -> [String: String] {
        let report = await contract.report(on: conformance)
        return Dictionary(uniqueKeysWithValues: report.clauses.filter { $0.status == .failed }.map { ($0.id, $0.message ?? "") })
    }

    /// `bug → clause, clause` per row, for the lead to quote.
    static func table(_ title: String, _ rows: [(bug: String, caught: Set<String>)]) -> String {
        let width = rows.map(\.bug.count).max() ?? 0
        return ([title] + rows.map { row in
            row.bug.padding(toLength: width, withPad: " ", startingAt: 0) + " → "
                + (row.caught.isEmpty ? "NOT CAUGHT" : row.caught.sorted().joined(separator: ", "))
        }).joined(separator: "\n")
    }
}
