import ContractEngine
import ModelChecking

/// The operations of ``DraftBox``, three ways: titles drawn from the edge values around a `String`
/// sample, whole drafts drawn from the edge values around a `Draft` sample, and titles drawn from two
/// plain strings (the control: the same check without edge values).
enum DraftOperations {
    // declaration: begin
    static let all: [ProtocolOperation<any DraftBox>] = [
        .init("save(_:at:)", arguments: { d in (title: d.edgeValue(around: "Groceries"), slot: d.int(in: 0...1)) },
              call: { try await $0.save(Draft(title: $1.title, words: 3), at: $1.slot) },
              swift: { "drafts.save(Draft(title: \($0.title.swiftLiteral), words: 3), at: \($0.slot))" }),
        .init("draft(at:)", arguments: { d in d.int(in: 0...1) }, call: { try await $0.draft(at: $1) },
              swift: { "drafts.draft(at: \($0))" }),
        .init("delete(at:)", arguments: { d in d.int(in: 0...1) }, call: { try await $0.delete(at: $1) },
              swift: { "drafts.delete(at: \($0))" }),
    ]
    // declaration: end

    /// `save` drawing a whole draft around ``Draft/sample``: the repro names the edge value and makes it
    /// again with `EdgeCases.value(_:around:)`.
    static let drafts: [ProtocolOperation<any DraftBox>] = [
        // struct sample: begin
        .init("save(_:at:)", arguments: { d in (draft: d.edgeCase(around: Draft.sample), slot: d.int(in: 0...1)) },
              call: { try await $0.save($1.draft?.value ?? .sample, at: $1.slot) },
              swift: { arguments in
                  let draft = arguments.draft.map { "try EdgeCases.derived.value(\($0.name.swiftLiteral), around: Draft.sample)" }
                  return "drafts.save(\(draft ?? "Draft.sample"), at: \(arguments.slot))"
              }),
        // struct sample: end
    ] + all.dropFirst()

    /// `save` drawing its title from two plain strings.
    static let plain: [ProtocolOperation<any DraftBox>] = [
        .init("save(_:at:)", arguments: { d in (title: d.element(of: ["a", "b"]), slot: d.int(in: 0...1)) },
              call: { try await $0.save(Draft(title: $1.title, words: 3), at: $1.slot) },
              swift: { "drafts.save(Draft(title: \($0.title.swiftLiteral), words: 3), at: \($0.slot))" }),
    ] + all.dropFirst()
}
