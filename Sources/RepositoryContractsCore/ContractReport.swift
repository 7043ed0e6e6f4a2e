import Foundation

/// The outcome of one clause on one conformer.
public struct ClauseResult: Hashable, Sendable, Codable {
    /// How the clause ended.
    ///
    /// A struct over private storage rather than an enum, so that a new way to end is not a breaking
    /// change for code that switches over the ones it knows (compare with `==`).
    public struct Status: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
        /// The ways to end, for the package's own exhaustive switches.
        package enum Kind: String, Sendable, CaseIterable {
            case passed, failed, skipped, crashed
        }

        /// Which way this is.
        package let kind: Kind

        private init(_ kind: Kind) {
            self.kind = kind
        }

        /// Every check held.
        public static let passed = Status(.passed)
        /// At least one check failed.
        public static let failed = Status(.failed)
        /// The clause does not apply to the conformer (see `reason`).
        public static let skipped = Status(.skipped)
        /// The conformer ended the process (a trap or a signal) while the clause ran.
        public static let crashed = Status(.crashed)

        /// The status's name: `passed`, `failed`, `skipped` or `crashed`, as reports write it.
        public var rawValue: String { kind.rawValue }

        /// The status named `rawValue`, or nil.
        public init?(rawValue: String) {
            guard let kind = Kind(rawValue: rawValue) else { return nil }
            self.kind = kind
        }

        /// The status's name, as ``rawValue``.
        public var description: String { rawValue }
    }

    /// The clause's id.
    public var id: String
    /// The clause's summary.
    public var summary: String
    /// How it ended.
    public var status: Status
    /// What was wrong, when it failed or crashed.
    public var failures: [ContractFailure]
    /// Why it was skipped.
    public var reason: String?
    /// What the conformer declared, shown with failures.
    public var assumptions: String?
    /// How long the clause took, its environment's set-up and tear-down included (`nil`: it did not run).
    public var duration: Duration?
    /// What the clause left out on the conformance's word, one line each with the reason
    /// (`$.title: NUL left out: PostgreSQL refuses NUL (SQLSTATE 22021)`), whether it passed or failed.
    public var notes: [String] = []
    /// How many calls it made to the subject: the calls the terms watch (every repository call under
    /// ``CRUD``) and those wrapped in ``ClauseContext/watching(_:_:)`` (`nil`: it did not run).
    public var subjectCalls: Int?

    /// Creates a result.
    public init(
        id: String, summary: String, status: Status, failures: [ContractFailure] = [], reason: String? = nil,
        assumptions: String? = nil, duration: Duration? = nil, subjectCalls: Int? = nil
    ) {
        self.id = id
        self.summary = summary
        self.status = status
        self.failures = failures
        self.reason = reason
        self.assumptions = assumptions
        self.duration = duration
        self.subjectCalls = subjectCalls
    }

    /// Everything the clause found, as one message; `nil` when it passed.
    public var message: String? {
        switch status.kind {
        case .passed: nil
        case .skipped: reason
        case .failed, .crashed:
            (failures.map(\.description) + [assumptions.map { "assumed: \($0)" }].compactMap { $0 })
                .joined(separator: "\n")
        }
    }
}

extension ClauseResult {
    /// What a test framework records for this result: one message per failure, each prefixed with
    /// `label` (`[CRUD › delete.removesFromFetch]`), followed by what the conformer declared and, for a
    /// check in the user's own clause, its line (`at: Search/Contract.swift:42`). Empty when the clause
    /// passed or was skipped.
    public func issueMessages(label: String) -> [String] {
        locatedIssues(label: label).map { issue in
            issue.location.map { "\(issue.message)\n  at: \($0)" } ?? issue.message
        }
    }

    /// What a test framework records for this result, with where: one message per failure, prefixed with
    /// `label` and followed by what the conformer declared, and the failing check's location when it is in
    /// the user's own clause (`nil`: report it at the `verify()` call). Empty when it passed or was skipped.
    public func locatedIssues(label: String) -> [(message: String, location: CheckLocation?)] {
        guard status == .failed || status == .crashed else { return [] }
        let suffix = assumptions.map { "\n  assumed: \($0)" } ?? ""
        return failures.map { failure in
            ("\(label) \(failure)\(suffix)", failure.location.flatMap { $0.isInsidePackage ? nil : $0 })
        }
    }
}

/// Every clause's outcome on one conformer.
public struct ConformanceReport: Hashable, Sendable, Codable {
    /// The conformer's name.
    public var name: String
    /// The capabilities it declared.
    public var capabilities: String
    /// One result per clause of the contract, in contract order.
    public var clauses: [ClauseResult]
    /// The contract these clauses belong to, when a report mixes several (`nil`: the report's own).
    public var contract: String?

    /// Creates a report.
    public init(name: String, capabilities: String, clauses: [ClauseResult], contract: String? = nil) {
        self.name = name
        self.capabilities = capabilities
        self.clauses = clauses
        self.contract = contract
    }

    /// How many clauses ended with `status`.
    public func count(_ status: ClauseResult.Status) -> Int {
        clauses.filter { $0.status == status }.count
    }

    /// "[CRUD] 2 clauses skipped on in-memory:" and a line per clause with its reason; `nil` when none was.
    ///
    /// A group of three or more clauses (same id prefix, such as `pages.`) skipped whole, as the clauses of
    /// a family the conformer does not declare are, takes one line: `pages.* (11 clauses): no pagination
    /// is declared (.paginated(…))`.
    public func skippedList(contract: String) -> String? {
        let skipped = clauses.filter { $0.status == .skipped }
        guard !skipped.isEmpty else { return nil }
        let header = "[\(contract)] \(skipped.count) clause\(skipped.count == 1 ? "" : "s") skipped on \(name):"
        var lines = [header]
        for group in Self.groupedByPrefix(clauses) {
            if group.count >= 3, group.allSatisfy({ $0.status == .skipped }) {
                let reasons = group.map { $0.reason ?? "no reason given" }.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
                let more = reasons.count > 1 ? " (and \(reasons.count - 1) other reason\(reasons.count == 2 ? "" : "s"))" : ""
                lines.append("  \(Self.prefix(of: group[0].id)).* (\(group.count) clauses): \(reasons[0])\(more)")
            } else {
                lines += group.filter { $0.status == .skipped }.map { "  \($0.id): \($0.reason ?? "no reason given")" }
            }
        }
        return lines.joined(separator: "\n")
    }

    /// "[CRUD] 2 values left out on postgres:" and a line per clause and value with its reason (the
    /// clauses' ``ClauseResult/notes``); `nil` when nothing was.
    public func leftOutList(contract: String) -> String? {
        let lines = clauses.flatMap { clause in clause.notes.map { "  \(clause.id): \($0)" } }
        guard !lines.isEmpty else { return nil }
        let header = "[\(contract)] \(lines.count) value\(lines.count == 1 ? "" : "s") left out on \(name):"
        return ([header] + lines).joined(separator: "\n")
    }

    /// `clauses` cut into runs of consecutive clauses with the same id prefix.
    private static func groupedByPrefix(_ clauses: [ClauseResult]) -> [[ClauseResult]] {
        var groups: [[ClauseResult]] = []
        for clause in clauses {
            if let last = groups.last?.last, prefix(of: last.id) == prefix(of: clause.id) {
                groups[groups.count - 1].append(clause)
            } else {
                groups.append([clause])
            }
        }
        return groups
    }

    /// `pages` for `pages.everyEntityOnce`.
    private static func prefix(of id: String) -> Substring {
        id.prefix { $0 != "." }
    }
}

/// A contract run on several conformers: the value every rendering (Swift Testing issues, XCTest
/// failures, the CLI's table and JSON) is made from.
public struct ContractReport: Hashable, Sendable, Codable {
    /// The contract's name.
    public var contract: String
    /// One report per conformer.
    public var conformances: [ConformanceReport]

    /// Creates a report.
    public init(contract: String, conformances: [ConformanceReport]) {
        self.contract = contract
        self.conformances = conformances
    }

    /// The report as JSON with a stable schema: `contract`, `conformers[].name`, `.capabilities`,
    /// `conformers[].clauses[].id`, `.summary`, `.status`, `.message` (absent when passed), `.seconds` and
    /// `.subjectCalls` (absent when the clause did not run), `.notes` (what the clause left out on the
    /// conformance's word; absent when nothing). Keys sorted.
    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(JSONReport(self)), as: UTF8.self)
    }
}

/// The JSON schema of ``ContractReport/json()``: flat messages, no nested failure objects.
private struct JSONReport: Encodable {
    struct Conformer: Encodable {
        var name: String
        var capabilities: String
        var clauses: [Clause]
    }

    struct Clause: Encodable {
        var id: String
        var summary: String
        var status: String
        var message: String?
        var seconds: Double?
        var subjectCalls: Int?
        var notes: [String]?
    }

    var contract: String
    var conformers: [Conformer]

    init(_ report: ContractReport) {
        contract = report.contract
        conformers = report.conformances.map { conformer in
            Conformer(
                name: conformer.name, capabilities: conformer.capabilities,
                clauses: conformer.clauses.map {
                    Clause(
                        id: $0.id, summary: $0.summary, status: $0.status.rawValue, message: $0.message,
                        seconds: $0.duration.map { Double($0.components.seconds) + Double($0.components.attoseconds) / 1e18 },
                        subjectCalls: $0.subjectCalls, notes: $0.notes.isEmpty ? nil : $0.notes)
                })
        }
    }
}
