import ModelChecking

/// The operations of ``NoteBook``: the ids come from `create`, whose results agree by their text.
enum NoteBookOperations {
    // declaration: begin
    static let id = ValueKind<String>("id")
    static let texts = ["a", "b"]

    static let all: [ProtocolOperation<any NoteBook>] = [
        .init("create(_:)", arguments: { d in d.element(of: texts) }, call: { try await $0.create($1) },
              agree: { $0.text == $1.text }, produces: { [id.value($0.id, at: ".id")] },
              swift: { "notes.create(\($0.swiftLiteral))" }),
        .init("text(of:)", arguments: { d in try d.seen(id) }, call: { try await $0.text(of: $1) },
              swift: { "notes.text(of: \($0.swiftLiteral))" }),
        .init("update(id:text:)", arguments: { d in (id: try d.seen(id), text: d.element(of: texts)) },
              call: { try await $0.update(id: $1.id, text: $1.text) },
              swift: { "notes.update(id: \($0.id.swiftLiteral), text: \($0.text.swiftLiteral))" }),
        .init("delete(id:)", arguments: { d in try d.seen(id) }, call: { try await $0.delete(id: $1) },
              swift: { "notes.delete(id: \($0.swiftLiteral))" }),
        .init("count()", call: { try await $0.count() }, swift: "notes.count()"),
    ]
    // declaration: end
}
