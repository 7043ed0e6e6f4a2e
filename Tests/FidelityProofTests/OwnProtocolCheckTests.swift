import RepositoryContracts
import Testing

/// The model-based check of a user's own protocol through the `RepositoryContracts` product alone.
@Suite("A user's own protocol, model-checked through the product")
struct OwnProtocolCheckTests {
    protocol Tally: Sendable {
        func add(_ name: String) async throws -> Int
        func count(of name: String) async throws -> Int
    }

    actor Fake: Tally {
        var counts: [String: Int] = [:]
        func add(_ name: String) -> Int {
            counts[name, default: 0] += 1
            return counts[name]!
        }
        func count(of name: String) -> Int { counts[name, default: 0] }
    }

    /// Forgets every count once a third name arrives.
    actor Forgetful: Tally {
        var counts: [String: Int] = [:]
        func add(_ name: String) -> Int {
            if counts[name] == nil, counts.count == 2 { counts = [:] }
            counts[name, default: 0] += 1
            return counts[name]!
        }
        func count(of name: String) -> Int { counts[name, default: 0] }
    }

    static let operations: [ProtocolOperation<any Tally>] = [
        .init("add", arguments: { d in d.element(of: ["a", "b", "c"]) }, call: { try await $0.add($1) }, swift: { "tally.add(\($0.swiftLiteral))" }),
        .init("count(of:)", arguments: { d in d.element(of: ["a", "b", "c"]) }, call: { try await $0.count(of: $1) },
              swift: { "tally.count(of: \($0.swiftLiteral))" }),
    ]

    @Test("the fake agrees with itself; the forgetful tally is caught and printed as Swift on the user's names")
    func ownProtocol() async throws {
        let same = await ProtocolModelCheck.check(model: { Fake() }, subject: { Fake() }, operations: Self.operations, seed: 1)
        #expect(same.passed, "\(same)")
        let caught = await ProtocolModelCheck.check(model: { Fake() }, subject: { Forgetful() }, operations: Self.operations, seed: 1)
        let lines = try #require(caught.swiftLines, "\(caught)")
        #expect(lines.contains { $0.hasPrefix("_ = try await tally.add(\"") }, "\(caught)")
        #expect((caught.failure?.steps.count ?? 0) >= 3, "\(caught)")
    }
}
