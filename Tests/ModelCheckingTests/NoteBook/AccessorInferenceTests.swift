import ModelChecking
import Testing

/// A store of numbered slots: `open()` returns the new slot's number, `isOpen(_:)` takes it as text.
protocol Slots: Sendable {
    func open() async -> Int
    func isOpen(_ slot: String) async -> Bool
}

/// Numbers slots from `first`; with `forgetsSecond`, the second slot it opens is not open afterwards.
actor NumberedSlots: Slots {
    private var next: Int
    private var opened: Set<String> = []
    private let forgetsSecond: Bool

    init(first: Int, forgetsSecond: Bool = false) {
        next = first
        self.forgetsSecond = forgetsSecond
    }

    func open() -> Int {
        defer { next += 1 }
        if !(forgetsSecond && opened.count == 1) { opened.insert(String(next)) }
        return next
    }

    func isOpen(_ slot: String) -> Bool { opened.contains(slot) }
}

/// A value given without an accessor is read as the whole result only when it is of the result's type:
/// a slot's number passed on as text is not the result (an `Int`), so the repro does not write `v1` where
/// a `String` goes.
@Suite("Protocol model check: the accessor of a value given without one")
struct AccessorInferenceTests {
    static let slot = ValueKind<String>("slot")
    static let operations: [ProtocolOperation<any Slots>] = [
        .init("open()", call: { await $0.open() }, agree: { _, _ in true }, produces: { [slot.value(String($0))] }, swift: "slots.open()"),
        .init("isOpen(_:)", arguments: { d in try d.seen(slot) }, call: { await $0.isOpen($1) },
              swift: { "slots.isOpen(\($0.swiftLiteral))" }),
    ]

    @Test("a text made from an Int result is not bound as the result: the repro writes no v1 in its place")
    func textOfResultIsNotTheResult() async throws {
        let result = await ProtocolModelCheck.check(
            model: { NumberedSlots(first: 1) }, subject: { NumberedSlots(first: 101, forgetsSecond: true) },
            operations: Self.operations, seed: 5)
        let lines = try #require(result.swiftLines, "\(result)")
        #expect(!lines.contains { $0.contains("isOpen(v") }, "\(lines.joined(separator: "\n"))")
        #expect(lines.allSatisfy { !$0.hasPrefix("let v") }, "\(lines.joined(separator: "\n"))")
        #expect(lines.contains { $0.contains("slots.isOpen(\"2\")") }, "\(lines.joined(separator: "\n"))")
    }
}
