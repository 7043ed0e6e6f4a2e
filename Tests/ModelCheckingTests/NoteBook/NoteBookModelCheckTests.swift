import ModelChecking
import Testing

/// Ids each side assigns itself: the model numbers its notes, the subject gives them UUIDs; each side is
/// passed the id it returned, and the repro names it by the step that returned it.
@Suite("Protocol model check: ids each side assigns itself")
struct NoteBookModelCheckTests {
    static func check(_ bug: UUIDNoteBook.Bug?, seed: UInt64) async -> ProtocolModelCheckResult {
        await ProtocolModelCheck.check(
            model: { CountingNoteBook() }, subject: { UUIDNoteBook(bug: bug) }, operations: NoteBookOperations.all,
            observe: { try await $0.count() }, seed: seed)
    }

    @Test("the UUID notebook agrees with the numbering fake: each side is passed its own ids", arguments: [UInt64(1), 2, 3])
    func correctPasses(seed: UInt64) async {
        let result = await Self.check(nil, seed: seed)
        #expect(result.passed, "\(result)")
        #expect(result.runs == ProtocolModelCheck.defaultRuns)
    }

    @Test("the upsert is found over 20 seeds and shrunk to create, delete, update")
    func bugFound() async throws {
        var found = 0, sizes: [Int] = []
        for seed in UInt64(1)...20 {
            let result = await Self.check(.updateRecreatesDeleted, seed: seed)
            guard let failure = result.failure else { continue }
            found += 1
            sizes.append(failure.steps.count)
            #expect((3...4).contains(failure.steps.count), "\(result)")
            #expect(failure.divergence.operation == "update(id:text:)", "\(result)")
        }
        #expect(found == 20, "found in \(found) of 20 seeds")
        print("updateRecreatesDeleted: found \(found)/20, shrunk sizes \(sizes.sorted())")
    }

    @Test("the repro binds the created note and passes its id on, so it runs on the subject as printed")
    func reproNamesIDs() async throws {
        let result = await Self.check(.updateRecreatesDeleted, seed: 4)
        let failure = try #require(result.failure)
        let lines = try #require(result.swiftLines)
        #expect(failure.steps.first?.binding == "v1", "\(result)")
        #expect(lines.first?.hasPrefix("let v1 = try await notes.create(") == true, "\(lines)")
        #expect(lines.contains { $0.contains("notes.update(id: v1.id, text: ") }, "\(lines)")
        #expect(!lines.contains { $0.contains("\"n1\"") }, "\(lines)")
        #expect(result.description.contains("1. let v1 = notes.create("), "\(result)")
        let article = try ModelCheckingDocumentationTests.article()
        #expect(article.contains("```text\n" + lines.prefix(3).map { "    " + $0 }.joined(separator: "\n") + "\n```"), "\(lines)")
        let create = try ModelCheckingDocumentationTests.declaration(in: "Tests/ModelCheckingTests/NoteBook/NoteBookOperations.swift")
            .drop { !$0.contains(".init(\"create(_:)\"") }.prefix(3)
        #expect(article.contains("```swift\n" + create.map { String($0.dropFirst(4)) }.joined(separator: "\n") + "\n```"), "\(create)")
    }
}
