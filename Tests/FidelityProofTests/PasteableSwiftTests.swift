import Foundation
import RepositoryContracts
import Testing

/// The Swift a model-based failure tells the user to paste compiles against the public API and runs:
/// `PastedReplays.swift` is the "As Swift" part of the reports of fixed seeds, pasted as is into
/// functions. The test emits the reports again and rewrites the file when they changed (then fails,
/// asking for a rebuild), so the file the compiler checks is always what the report prints.
@Suite("Pasteable Swift of a model-based failure")
struct PasteableSwiftTests {
    /// The reports pasted: one conformer with client ids (an edge case and a one-field update), one with
    /// server-assigned ids.
    static let cases: [(function: String, conformance: Conformance<CRUD<Note>>)] = [
        ("replayUpdateIgnoringTags", Conformance("updateIgnoresTags", ordering: .insertion) { NoteStore(.updateIgnoresTags) }),
        ("replayReusedServerIDs", Conformance(
            "serverIDsReusedAfterDelete", capabilities: [.create, .update, .delete, .serverAssignedIDs],
            ordering: .insertion, equivalence: ProofConformers.serverIDsEquivalence) { ServerNoteStore(reusesIDs: true) }),
    ]

    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("PastedReplays.swift")

    /// The file as the reports of today make it.
    static func emittedFile() async -> String {
        var text = """
            // Written by PasteableSwiftTests from the reports of fixed seeds: the "As Swift" part of each, pasted
            // as is. Do not edit: the test rewrites it when the reports change.
            import RepositoryContracts

            """
        for (function, conformance) in cases {
            let result = await ModelCheck.check(conformance, factory: NoteContracts.notes.terms.factory, seed: NoteContracts.seed)
            let snippet = result.swiftSnippet ?? "// \(conformance.name) passed: nothing to paste"
            text += "\n/// \(conformance.name), seed \(String(NoteContracts.seed, radix: 16)).\n"
            text += "func \(function)(conformance: Conformance<CRUD<Note>>, factory: EntityFactory<Note>) async throws {\n"
            text += snippet.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
            text += "\n}\n"
        }
        return text
    }

    @Test("the pasted reports are today's reports (else the file is rewritten: rebuild and run again)")
    func inSync() async throws {
        let emitted = await Self.emittedFile()
        let committed = try String(contentsOf: Self.file, encoding: .utf8)
        if emitted != committed {
            try emitted.write(to: Self.file, atomically: true, encoding: .utf8)
        }
        #expect(emitted == committed, "PastedReplays.swift was stale and has been rewritten: rebuild and run the tests again")
    }

    @Test("the pasted Swift runs on a fresh subject of the conformer it came from")
    func runs() async throws {
        try await replayUpdateIgnoringTags(conformance: Self.cases[0].conformance, factory: NoteContracts.notes.terms.factory)
        try await replayReusedServerIDs(conformance: Self.cases[1].conformance, factory: NoteContracts.notes.terms.factory)
        let source = try String(contentsOf: Self.file, encoding: .utf8)
        #expect(source.contains("factory.applyingEdgeCase(") || source.contains("factory.edgeCase("), "the pasted replays exercise no edge case")
        #expect(source.contains("sent.append(try await repo.create("), "the pasted replays exercise no server-assigned id")
    }
}
