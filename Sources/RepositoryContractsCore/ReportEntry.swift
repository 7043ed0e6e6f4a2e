package import Foundation

/// One result as the CI reports (JUnit XML, Markdown summary) show it: a clause on a conformer, or a
/// model-based check of one, reduced to what the reports need.
///
/// A neutral value, so that a layer above the engine (the model checks) can hand its results to the
/// ``ReportCollector`` without the engine knowing its types.
package struct ReportEntry: Hashable, Sendable {
    /// The contract, or the kind of check (`CRUD`, `Model check`): with ``conformer``, the report's suite.
    package var contract: String
    /// The conformer's name (`in-memory`, or `REST against in-memory` for a differential check).
    package var conformer: String
    /// The clause's or the check's id (`delete.removesFromFetch`, `modelCheck`): the test case's name.
    package var id: String
    /// What it checks, in words.
    package var summary: String
    /// How it ended.
    package var status: ClauseResult.Status
    /// What was wrong (failed, crashed) or why it was skipped; `nil` when it passed.
    package var message: String?
    /// How long it took (`nil`: it did not run, or was not timed).
    package var duration: Duration?
    /// Where the clause is in its contract (0 for the first), which orders a suite's cases; `nil` sorts
    /// after every clause with a position, by id.
    package var position: Int?
    /// What the clause left out on the conformance's word, one line each.
    package var notes: [String]
    /// When it ended (the collector stamps it); `nil` when unknown.
    package var finished: Date?

    /// An entry from its parts.
    package init(
        contract: String, conformer: String, id: String, summary: String, status: ClauseResult.Status,
        message: String? = nil, duration: Duration? = nil, position: Int? = nil, notes: [String] = [], finished: Date? = nil
    ) {
        self.contract = contract
        self.conformer = conformer
        self.id = id
        self.summary = summary
        self.status = status
        self.message = message
        self.duration = duration
        self.position = position
        self.notes = notes
        self.finished = finished
    }

    /// The entry of a clause's `result` on `conformer` under `contract`.
    package init(_ result: ClauseResult, contract: String, conformer: String, position: Int?) {
        self.init(
            contract: contract, conformer: conformer, id: result.id, summary: result.summary, status: result.status,
            message: result.message, duration: result.duration, position: position, notes: result.notes)
    }

    /// The order of the reports: by contract, conformer, place in the contract (clauses without one
    /// last), id, then by everything else, so that the same results give the same files whatever order
    /// they arrived in.
    package static func reportOrder(_ a: ReportEntry, _ b: ReportEntry) -> Bool {
        if a.contract != b.contract { return a.contract < b.contract }
        if a.conformer != b.conformer { return a.conformer < b.conformer }
        if a.position != b.position {
            guard let first = a.position else { return false }
            guard let second = b.position else { return true }
            return first < second
        }
        if a.id != b.id { return a.id < b.id }
        if a.status != b.status { return a.status.rawValue < b.status.rawValue }
        if a.message != b.message { return (a.message ?? "") < (b.message ?? "") }
        return (a.duration ?? .zero) < (b.duration ?? .zero)
    }
}

extension ReportEntry {
    /// The duration in milliseconds, rounded down; 0 when unknown. Reports add these up, so a suite's
    /// time is the sum of its cases' times exactly.
    var milliseconds: Int64 {
        guard let duration, duration > .zero else { return 0 }
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000 + attoseconds / 1_000_000_000_000_000
    }

    /// When it started: ``finished`` less ``duration``.
    var started: Date? {
        finished.map { $0.addingTimeInterval(-Double(milliseconds) / 1_000) }
    }
}

/// The entries of one suite of the reports: one contract on one conformer.
struct ReportSuite {
    /// The contract's name.
    var contract: String
    /// The conformer's name.
    var conformer: String
    /// Its entries in report order, each with the name the reports give it: the id, and ` (2)`, ` (3)`,
    /// … after an id already taken in the suite (the same clause verified twice), so names are unique.
    var cases: [(name: String, entry: ReportEntry)]

    /// `entries` sorted and cut into suites, in report order.
    static func suites(of entries: [ReportEntry]) -> [ReportSuite] {
        var suites: [ReportSuite] = []
        var taken: Set<String> = []
        for entry in entries.sorted(by: ReportEntry.reportOrder) {
            if suites.last?.contract != entry.contract || suites.last?.conformer != entry.conformer {
                suites.append(ReportSuite(contract: entry.contract, conformer: entry.conformer, cases: []))
                taken = []
            }
            var name = entry.id
            var copy = 1
            while taken.contains(name) {
                copy += 1
                name = "\(entry.id) (\(copy))"
            }
            taken.insert(name)
            suites[suites.count - 1].cases.append((name, entry))
        }
        return suites
    }

    /// How many of its cases ended with `status`.
    func count(_ status: ClauseResult.Status) -> Int {
        cases.filter { $0.entry.status == status }.count
    }

    /// The sum of its cases' times, in milliseconds.
    var milliseconds: Int64 {
        cases.reduce(0) { $0 + $1.entry.milliseconds }
    }
}
