import RecordReplayMessages
import RepositoryContractsPrimitives
package import RecordReplayFixtures

extension SecretScan {
    /// ``findings(in:)``, remembered for the process by the fixture's interactions and the redaction's
    /// lists and rules (all the scan reads): a recording verified before it is written and then loaded
    /// to be replayed, or a fixture loaded by many test cases from any folder, is scanned once. A scope
    /// that redacts more names gets a scan of its own.
    package func rememberedFindings(in fixture: Fixture) -> [SecretFinding] {
        let size = RememberedScans.size(of: fixture)
        guard size <= RememberedScans.largestRemembered else { return findings(in: fixture) }
        let key = RememberedScans.Key(
            interactions: fixture.interactions,
            lists: [redaction.headerNames, redaction.queryNames, redaction.bodyMemberNames, redaction.allowedNames],
            rules: [redaction.redactsCredentialNames, redaction.redactsRandomLookingTokens])
        if let known = RememberedScans.store.withLock({ $0.findings[key] }) { return known }
        let found = findings(in: fixture)
        RememberedScans.store.withLock { $0.remember(found, for: key, size: size) }
        return found
    }
}

/// The findings ``SecretScan/rememberedFindings(in:)`` keeps, within a bound on the bodies they hold.
enum RememberedScans {
    struct Key: Hashable {
        var interactions: [Interaction]
        var lists: [[String]]
        var rules: [Bool]
    }

    struct Store {
        var findings: [Key: [SecretFinding]] = [:]
        var bytes = 0

        /// Keeps `found` for `key`; forgets everything first when the bodies kept would pass the bound.
        mutating func remember(_ found: [SecretFinding], for key: Key, size: Int) {
            if bytes + size > RememberedScans.bytesRemembered {
                findings = [:]
                bytes = 0
            }
            if findings.updateValue(found, forKey: key) == nil { bytes += size }
        }
    }

    /// The most body bytes the remembered fixtures hold together (they share their storage with the
    /// fixtures loaded, while those live).
    static let bytesRemembered = 32 << 20
    /// Fixtures with more body bytes than this are scanned each time.
    static let largestRemembered = 4 << 20

    static let store = Protected(Store())

    /// The body bytes of `fixture`'s interactions.
    static func size(of fixture: Fixture) -> Int {
        var total = 0
        for interaction in fixture.interactions { total += interaction.request.body.count + interaction.response.body.count }
        return total
    }
}
