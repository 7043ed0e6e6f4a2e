import Foundation
import RepositoryContracts
import Testing

/// One conformer of the proof: its name, its bug's kind, and how to run it through the CRUD contract and
/// the model-based check with default settings (a fixed seed, so the table is stable).
struct ProofConformer: Sendable, CustomTestStringConvertible {
    let name: String
    let kind: String
    /// The failing CRUD clause ids.
    let crud: @Sendable () async -> [String]
    /// The model-based check's report: `nil` when it passed.
    let model: @Sendable () async -> String?

    var testDescription: String { name }

    init<Entity>(_ name: String, kind: String, contract: Contract<CRUD<Entity>>, conformance: Conformance<CRUD<Entity>>) {
        self.name = name
        self.kind = kind
        crud = {
            await contract.report(on: conformance).clauses.filter { $0.status == .failed }.map(\.id)
        }
        model = {
            let result = await ModelCheck.check(conformance, factory: contract.terms.factory, seed: NoteContracts.seed)
            return result.passed ? nil : result.description
        }
    }
}

enum ProofConformers {
    static let serverIDsEquivalence = Equivalence<Note>.normalizing("== ignoring the id") { note in
        var note = note
        note.id = 0
        return note
    }

    static func note(_ bug: NoteBug) -> ProofConformer {
        ProofConformer(
            bug.rawValue, kind: bug.kind, contract: NoteContracts.notes,
            conformance: Conformance(bug.rawValue, ordering: .insertion) { NoteStore(bug) })
    }

    /// The conformers with exactly one bug each.
    static let buggy: [ProofConformer] = NoteBug.allCases.filter { $0 != .none }.map(note) + [
        ProofConformer(
            "serverIDsReusedAfterDelete", kind: "policy", contract: NoteContracts.notes,
            conformance: Conformance(
                "serverIDsReusedAfterDelete", capabilities: [.create, .update, .delete, .serverAssignedIDs],
                ordering: .insertion, equivalence: serverIDsEquivalence
            ) { ServerNoteStore(reusesIDs: true) }),
        ProofConformer(
            "idsMatchedCaseInsensitively", kind: "identity", contract: NoteContracts.labels,
            conformance: Conformance("idsMatchedCaseInsensitively", ordering: .insertion) { LabelStore(caseInsensitive: true) }),
        ProofConformer(
            "completionCalledTwice", kind: "callback", contract: NoteContracts.notes,
            conformance: Conformance<CRUD<Note>>("completionCalledTwice", ordering: .insertion) {
                CallbackNoteAPI(fetchCallsTwice: true).witness
            }),
    ]

    /// Correct conformers: every one must pass everything.
    static let correct: [ProofConformer] = [
        note(.none),
        ProofConformer(
            "file-backed", kind: "correct", contract: NoteContracts.notes,
            conformance: Conformance<CRUD<Note>>(
                "file-backed", ordering: .insertion) { RepositoryWitness(try FileNoteStore.temporary()) }),
        ProofConformer(
            "milliseconds, declared", kind: "correct", contract: NoteContracts.notes,
            conformance: Conformance(
                "milliseconds, declared", ordering: .insertion,
                equivalence: .normalizing("== with dates to the millisecond") { note in
                    var note = note
                    note.createdAt = MillisecondNoteStore.milliseconds(note.createdAt)
                    return note
                }
            ) { MillisecondNoteStore() }),
        ProofConformer(
            "server-assigned ids", kind: "correct", contract: NoteContracts.notes,
            conformance: Conformance(
                "server-assigned ids", capabilities: [.create, .update, .delete, .serverAssignedIDs],
                ordering: .insertion, equivalence: serverIDsEquivalence
            ) { ServerNoteStore(reusesIDs: false) }),
        ProofConformer(
            "labels", kind: "correct", contract: NoteContracts.labels,
            conformance: Conformance("labels", ordering: .insertion) { LabelStore(caseInsensitive: false) }),
        ProofConformer(
            "callbacks", kind: "correct", contract: NoteContracts.notes,
            conformance: Conformance<CRUD<Note>>("callbacks", ordering: .insertion) {
                CallbackNoteAPI(fetchCallsTwice: false).witness
            }),
    ]
}
