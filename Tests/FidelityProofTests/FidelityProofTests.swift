import Foundation
import RepositoryContracts
import Testing

/// The proof that the harness catches the value, ordering, identity, policy and cache drifts users ship,
/// with the natural factory and default settings: every single-bug conformer is caught by the CRUD
/// contract or the model-based check, and every correct one passes both.
@Suite("Fidelity proof")
struct FidelityProofTests {
    /// The bugs the model-based check does not find: it derives no near string ids (the CRUD contract's
    /// `identity.nearIDsAreDistinct` does).
    static let modelCheckMisses: Set<String> = ["idsMatchedCaseInsensitively"]

    @Test("a single-bug conformer is caught by the CRUD contract, and by the model-based check unless listed", arguments: ProofConformers.buggy)
    func caught(_ conformer: ProofConformer) async {
        let failing = await conformer.crud()
        let model = await conformer.model()
        #expect(!failing.isEmpty || model != nil, "\(conformer.name) escaped both")
        #expect(!failing.isEmpty, "\(conformer.name) escaped the CRUD contract")
        #expect((model != nil) == !Self.modelCheckMisses.contains(conformer.name), "\(conformer.name): \(model ?? "passed the model check")")
    }

    @Test("a correct conformer passes the CRUD contract and the model-based check", arguments: ProofConformers.correct)
    func green(_ conformer: ProofConformer) async {
        let failing = await conformer.crud()
        let model = await conformer.model()
        #expect(failing == [], "\(conformer.name)")
        #expect(model == nil, "\(model ?? "")")
    }

    @Test("there are at least 20 single-bug conformers of every kind")
    func enoughBugs() {
        #expect(ProofConformers.buggy.count >= 20)
        #expect(Set(ProofConformers.buggy.map(\.kind)).isSuperset(of: ["value", "ordering", "identity", "policy", "cache"]))
    }

    /// The kill table: bug × failing CRUD clause ids × the model check's steps after shrinking. Written to
    /// the file `FIDELITY_KILL_TABLE` names, when it is set.
    @Test("the kill table", .enabled(if: ProcessInfo.processInfo.environment["FIDELITY_KILL_TABLE"] != nil))
    func killTable() async throws {
        var lines = ["| bug | kind | CRUD clauses failed | model check |", "|---|---|---|---|"]
        var crudKills = 0, modelKills = 0, eitherKills = 0
        for conformer in ProofConformers.buggy {
            let failing = await conformer.crud()
            let model = await conformer.model()
            if !failing.isEmpty { crudKills += 1 }
            if model != nil { modelKills += 1 }
            if !failing.isEmpty || model != nil { eitherKills += 1 }
            let steps = model.flatMap { text in
                text.firstRange(of: "shrunk to ").map { text[$0.upperBound...].prefix { $0.isNumber } }.map { "\($0) steps" }
            } ?? (model == nil ? "—" : "caught")
            lines.append("| \(conformer.name) | \(conformer.kind) | \(failing.isEmpty ? "—" : failing.map { "`\($0)`" }.joined(separator: ", ")) | \(steps) |")
        }
        let total = ProofConformers.buggy.count
        lines.append("")
        lines.append("CRUD contract: \(crudKills) of \(total); model-based check: \(modelKills) of \(total); either: \(eitherKills) of \(total)")
        let path = try #require(ProcessInfo.processInfo.environment["FIDELITY_KILL_TABLE"])
        try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
    }
}
