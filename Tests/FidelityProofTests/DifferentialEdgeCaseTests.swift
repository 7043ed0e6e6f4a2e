import Foundation
import RepositoryContracts
import Testing

/// Differential mode runs the same derived edge cases on both conformers: a backend that keeps dates to the
/// millisecond, against an in-memory fake that keeps every bit, differs exactly there.
@Suite("Differential mode with derived edge cases")
struct DifferentialEdgeCaseTests {
    @Test("a fake that keeps what the real one rounds is reported as that difference")
    func roundingDiffers() async throws {
        let real = Conformance<CRUD<Note>>("milliseconds", ordering: .insertion) { MillisecondNoteStore() }
        let fake = Conformance<CRUD<Note>>("in-memory", ordering: .insertion) { NoteStore() }
        let result = await ModelCheck.check(real, against: fake, factory: NoteContracts.notes.terms.factory, seed: NoteContracts.seed)
        #expect(!result.passed)
        #expect(result.description.contains("returned different values") || result.description.contains("holds a different value"),
                "\(result)")
        #expect(result.swiftSnippet?.contains("$.createdAt") == true, "\(result.swiftSnippet ?? "")")
        let same = await ModelCheck.check(fake, against: fake, factory: NoteContracts.notes.terms.factory, seed: NoteContracts.seed)
        #expect(same.passed, "\(same)")
    }
}
