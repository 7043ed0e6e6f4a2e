import RecordReplayMessages
import RepositoryContractsPrimitives
package import RecordReplayFixtures

extension SecretScan {
    /// ``findings(in:)``, remembered for the process by the fixture's interactions and the redaction's
    /// lists and rules (all the scan reads): a recording verified before it is written and then loaded
    /// to be replayed, or a fixture loaded by many test cases from any folder, is scanned once. A scope
    /// that redacts more names gets a scan of its own.
    package func rememberedFindings(in fixture: Fixture) -> [SecretFinding] {
        let key = RememberedScans.Key(
            interactions: fixture.interactions,
            lists: [redaction.headerNames, redaction.queryNames, redaction.bodyMemberNames, redaction.allowedNames],
            rules: [redaction.redactsCredentialNames, redaction.redactsRandomLookingTokens])
        return RememberedScans.findings.value(for: key, size: RememberedScans.size(of: fixture)) { findings(in: fixture) }
    }
}

/// The findings ``SecretScan/rememberedFindings(in:)`` keeps, by fixture and redaction, within a bound on
/// the bodies they hold.
enum RememberedScans {
    struct Key: Hashable, Sendable {
        var interactions: [Interaction]
        var lists: [[String]]
        var rules: [Bool]
    }

    /// Fixtures with more than 4 MiB of bodies are scanned each time, and the remembered ones hold at
    /// most 32 MiB of bodies together (they share their storage with the fixtures loaded, while those live).
    static let findings = RememberedResults<Key, [SecretFinding]>(largestRemembered: 4 << 20, bytesRemembered: 32 << 20)

    /// The body bytes of `fixture`'s interactions.
    static func size(of fixture: Fixture) -> Int {
        var total = 0
        for interaction in fixture.interactions { total += interaction.request.body.count + interaction.response.body.count }
        return total
    }
}
