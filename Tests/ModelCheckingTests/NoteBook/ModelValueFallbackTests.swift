import ModelChecking
import Testing

/// A notebook whose `create` returns the text upper-cased: its results produce no id under the
/// declaration below, so a later step that draws an id gets the model's.
actor ShoutingNoteBook: NoteBook {
    private let notes = CountingNoteBook()

    func create(_ text: String) async -> Memo {
        let memo = await notes.create(text)
        return Memo(id: memo.id, text: text.uppercased())
    }

    func text(of id: String) async -> String? { await notes.text(of: id)?.uppercased() }
    func update(id: String, text: String) async throws { try await notes.update(id: id, text: text) }
    func delete(id: String) async { await notes.delete(id: id) }
    func count() async -> Int { await notes.count() }
}

/// A step that draws a value the subject's results never produced is run with the model's value, and the
/// report says so at that step rather than passing it silently.
@Suite("Protocol model check: a seen value the subject lacks")
struct ModelValueFallbackTests {
    static let id = ValueKind<String>("id")
    static let operations: [ProtocolOperation<any NoteBook>] = [
        .init("create(_:)", arguments: { d in d.element(of: ["a"]) }, call: { try await $0.create($1) },
              agree: { _, _ in true }, produces: { $0.text == "a" ? [id.value($0.id, at: ".id")] : [] },
              swift: { "notes.create(\($0.swiftLiteral))" }),
        .init("text(of:)", arguments: { d in try d.seen(id) }, call: { try await $0.text(of: $1) },
              swift: { "notes.text(of: \($0.swiftLiteral))" }),
    ]

    @Test("shrunk to the create and the read; the read is marked as given the model's id; the create is not")
    func marked() async throws {
        let result = await ProtocolModelCheck.check(
            model: { CountingNoteBook() }, subject: { ShoutingNoteBook() }, operations: Self.operations, seed: 3)
        let failure = try #require(result.failure, "\(result)")
        #expect(failure.steps.map(\.operation) == ["create(_:)", "text(of:)"], "\(result)")
        #expect(failure.steps.map(\.subjectGivenModelValues) == [false, true], "\(result)")
        #expect(result.description.contains("(the subject's results had not produced a value this step drew: it was given the model's)"), "\(result)")
    }

    @Test("a subject whose results produce the values is not marked")
    func notMarked() async throws {
        let result = await ProtocolModelCheck.check(
            model: { CountingNoteBook() }, subject: { UUIDNoteBook() }, operations: NoteBookOperations.all, seed: 3)
        #expect(result.passed, "\(result)")
        let broken = await ProtocolModelCheck.check(
            model: { CountingNoteBook() }, subject: { UUIDNoteBook(bug: .updateRecreatesDeleted) }, operations: NoteBookOperations.all, seed: 3)
        let failure = try #require(broken.failure, "\(broken)")
        #expect(failure.steps.allSatisfy { !$0.subjectGivenModelValues }, "\(broken)")
    }
}
