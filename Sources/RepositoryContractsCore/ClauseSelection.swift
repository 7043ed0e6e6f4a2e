import Foundation
import RepositoryContractsPrimitives

/// The clauses `REPOSITORY_CONTRACTS_CLAUSES` keeps: a comma-separated list of clause ids, where `*`
/// stands for any run of characters (`update.*`, `create.*,delete.removes`, `*Concurrent*`).
///
/// Set, it narrows every case list and run of a contract on a conformance (``Contract/cases(for:)``,
/// ``Contract/applicableCases(for:)``, ``Contract/report(on:skipping:progress:)``) to the clauses it
/// matches, and says so on standard error. A contract it matches no clause of gets one case in place of
/// its list: skipped when the selection kept clauses of another contract in this process (a test target
/// with two contracts, the pattern meant for one), failing and naming the contract's clause groups when
/// it kept none anywhere, so a typo cannot pass as green.
package struct ClauseSelection: Sendable, Equatable {
    /// The patterns, as written.
    package let patterns: [String]

    /// The selection `environment` asks for, or nil when `REPOSITORY_CONTRACTS_CLAUSES` is unset or empty.
    package init?(environment: [String: String]) {
        guard let text = EnvironmentVariable.value(of: EnvironmentVariable.clauses, in: environment) else { return nil }
        let patterns = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !patterns.isEmpty else { return nil }
        self.patterns = patterns
    }

    /// Writes a notice to standard error as a note line.
    package static let announceOnStandardError: @Sendable (String) -> Void = { notice in
        FileHandle.standardError.write(Data("note: \(notice)\n".utf8))
    }

    /// Whether any pattern matches all of `id`.
    package func keeps(_ id: String) -> Bool {
        patterns.contains { Self.matches(Substring($0), Substring(id)) }
    }

    /// `REPOSITORY_CONTRACTS_CLAUSES=update.*`, as the notices quote it.
    package var setting: String {
        "\(EnvironmentVariable.clauses)=\(patterns.joined(separator: ","))"
    }

    /// What the selection kept of `total` clauses, for standard error.
    package func notice(kept: [String], of total: Int, contract: String, conformance: String) -> String {
        let shown = kept.prefix(8).joined(separator: ", ") + (kept.count > 8 ? ", …" : "")
        return "\(setting): running \(kept.count) of \(total) clauses of contract \(contract) on \(conformance) (\(shown)); "
            + "\(total - kept.count) left out"
    }

    /// The contracts each selection (by its setting) kept clauses of in this process so far. Swift Testing
    /// makes every test's cases before it runs any, so by the time a case runs, every contract of the
    /// run has been narrowed.
    private static let keptContracts = Protected<[String: [String]]>([:])

    /// Notes that the selection kept clauses of `contract`.
    package func noteKept(contract: String) {
        Self.keptContracts.withLock { kept in
            if !(kept[setting] ?? []).contains(contract) { kept[setting, default: []].append(contract) }
        }
    }

    /// Why the case standing for `contract`, of which the selection kept nothing, is skipped: it kept
    /// clauses of other contracts in this process. `nil` when it kept none anywhere (the case fails).
    package func skipReason(contract: String) -> String? {
        let others = Self.keptContracts.withLock { $0[setting] ?? [] }.filter { $0 != contract }
        guard !others.isEmpty else { return nil }
        return "\(setting) matches no clause of contract \(contract); it runs clauses of contract "
            + "\(others.joined(separator: ", ")) in this run"
    }

    /// Why the selection kept none of `ids`, naming their groups: the message of the failing case.
    package func nothingMatched(_ ids: [String], contract: String) -> String {
        var groups: [String] = []
        for id in ids {
            let group = String(id.prefix { $0 != "." }) + ".*"
            if !groups.contains(group) { groups.append(group) }
        }
        return "\(setting) matches no clause of contract \(contract); its clause groups: \(groups.joined(separator: ", ")) "
            + "(a pattern matches a whole clause id; * stands for any run of characters)"
    }

    /// Glob matching where `*` matches any run of characters, over the whole of `text`.
    private static func matches(_ pattern: Substring, _ text: Substring) -> Bool {
        guard let star = pattern.firstIndex(of: "*") else { return pattern == text }
        let head = pattern[..<star]
        guard text.hasPrefix(head) else { return false }
        let rest = pattern[pattern.index(after: star)...]
        var tail = text.dropFirst(head.count)
        while true {
            if matches(rest, tail) { return true }
            guard !tail.isEmpty else { return false }
            tail = tail.dropFirst()
        }
    }
}
