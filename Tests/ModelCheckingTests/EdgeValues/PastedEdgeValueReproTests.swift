import ContractEngine
import ModelChecking
import Testing

/// The repros printed for edge values, pasted: a `String` edge value prints as its literal, a struct's
/// as the call that makes it again by name; both compile here and reproduce the divergence.
@Suite("Protocol model check: edge-value repros, pasted")
struct PastedEdgeValueReproTests {
    @Test("the repro printed for the title cut at a NUL (seed 1), pasted as it printed, loses the text after the NUL")
    func pastedStringRepro() async throws {
        let result = await EdgeValueModelCheckTests.check(.dropsTitleAfterNUL, seed: 1)
        let printed = try #require(result.swiftLines)
        // Pasted from the report:
        let drafts: any DraftBox = EncodedDraftBox(bug: .dropsTitleAfterNUL)
        _ = try await drafts.save(Draft(title: "before\0after", words: 3), at: 0)
        #expect(try await drafts.all() == [Draft(title: "before", words: 3)])
        #expect(printed.first == #"_ = try await drafts.save(Draft(title: "before\0after", words: 3), at: 0)"#, "\(result)")
        #expect(printed.count == 3, "\(result)")
    }

    @Test("the repro printed for trimmed titles around a struct sample (seed 1), pasted as it printed, makes the edge value again and loses the last newline")
    func pastedStructRepro() async throws {
        let result = await EdgeValueModelCheckTests.check(.trimsTitles, seed: 1, operations: DraftOperations.drafts)
        let printed = try #require(result.swiftLines)
        // Pasted from the report:
        let drafts: any DraftBox = EncodedDraftBox(bug: .trimsTitles)
        _ = try await drafts.save(try EdgeCases.derived.value("$.title: newlines", around: Draft.sample), at: 0)
        #expect(try await drafts.all() == [Draft(title: "line 1\nline 2\r\nline 3", words: 3)])
        #expect(printed.first == #"_ = try await drafts.save(try EdgeCases.derived.value("$.title: newlines", around: Draft.sample), at: 0)"#, "\(result)")
        #expect(result.description.contains(#"1. drafts.save(try EdgeCases.derived.value("$.title: newlines", around: Draft.sample), at: 0) → returned"#), "\(result)")
    }
}
