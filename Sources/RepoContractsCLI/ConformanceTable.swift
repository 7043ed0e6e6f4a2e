#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
import ContractEngine
import RepositoryContractsPrimitives

/// The demo's text rendering of a ``ContractReport``: one row of counts per conformer, then one block per
/// failed or crashed clause, then the skipped clauses with their reasons, then what the clauses cost
/// (the costliest per conformer; every clause with `verbose`).
///
/// Plain text, no colours: it reads the same in a terminal, a log and a CI page.
struct ConformanceTable: Sendable {
    /// What to render.
    var report: ContractReport
    /// Notes on conformers by name, printed under the counts ("its failures are deliberate").
    var notes: [String: String] = [:]
    /// List the cost of every clause, not only the costliest.
    var verbose = false
    /// How many of the costliest clauses are listed per conformer without `verbose`.
    static let costliestShown = 5

    /// The whole rendering, without a trailing newline.
    func render() -> String {
        var sections = [table()]
        let noted = report.conformances.compactMap { conformer in
            notes[conformer.name].map { "Note: \(conformer.name) is \($0)" }
        }
        if !noted.isEmpty {
            sections.append(noted.joined(separator: "\n"))
        }
        let failures = failureBlocks()
        if !failures.isEmpty {
            sections.append(failures.joined(separator: "\n\n"))
        }
        if let skipped = skippedSection() {
            sections.append(skipped)
        }
        if let cost = costSection() {
            sections.append(cost)
        }
        sections.append(summary())
        return sections.joined(separator: "\n\n")
    }

    /// The counts table: a header and one row per conformer.
    func table() -> String {
        let statuses: [(String, ClauseResult.Status)] = [
            ("passed", .passed), ("failed", .failed), ("crashed", .crashed), ("skipped", .skipped),
        ]
        let nameWidth = max("conformer".count, report.conformances.map(\.name.count).max() ?? 0)
        let header = (["conformer".padded(to: nameWidth)] + statuses.map(\.0)).joined(separator: "  ")
        let rule = ([String(repeating: "-", count: nameWidth)] + statuses.map { String(repeating: "-", count: $0.0.count) })
            .joined(separator: "  ")
        let rows = report.conformances.map { conformer in
            ([conformer.name.padded(to: nameWidth)] + statuses.map { title, status in
                String(conformer.count(status)).rightAligned(to: title.count)
            }).joined(separator: "  ")
        }
        return (["\(report.contract) contract"] + [header, rule] + rows).joined(separator: "\n")
    }

    /// `✘ <conformer> [CRUD › <id>] <summary>` and the indented message, per failed or crashed clause.
    func failureBlocks() -> [String] {
        report.conformances.flatMap { conformer in
            conformer.clauses.filter { $0.status == .failed || $0.status == .crashed }.map { clause in
                let tag = clause.status == .crashed ? " (crashed)" : ""
                var block = "✘ \(conformer.name) \(ClauseLabel.text(contract: conformer.contract ?? report.contract, clause: clause.id))\(tag) \(clause.summary)"
                if let message = clause.message, !message.isEmpty {
                    block += "\n" + message.indented(by: "    ")
                }
                return block
            }
        }
    }

    /// The skipped clauses and the values left out, per conformer, each with its reason.
    func skippedSection() -> String? {
        let lists = report.conformances.flatMap { conformer in
            let contract = conformer.contract ?? report.contract
            return [conformer.skippedList(contract: contract), conformer.leftOutList(contract: contract)].compactMap { $0 }
        }
        return lists.isEmpty ? nil : lists.joined(separator: "\n\n")
    }

    /// Per conformer, the total time and subject calls, and the costliest clauses (all with `verbose`),
    /// slowest first: which clauses to scale or leave out on a slow backend.
    func costSection() -> String? {
        let blocks = report.conformances.compactMap { conformer -> String? in
            let ran = conformer.clauses.filter { $0.duration != nil }
            guard !ran.isEmpty else { return nil }
            let total = ran.compactMap(\.duration).reduce(.zero, +)
            let calls = ran.compactMap(\.subjectCalls).reduce(0, +)
            let shown = ran.sorted { $0.duration! > $1.duration! }.prefix(verbose ? ran.count : Self.costliestShown)
            let idWidth = shown.map(\.id.count).max() ?? 0
            let callsWidth = shown.map { String($0.subjectCalls ?? 0).count }.max() ?? 0
            let rows = shown.map { clause in
                let calls = clause.subjectCalls ?? 0
                return "  " + clause.id.padded(to: idWidth) + "  " + clause.duration!.secondsText(fractionDigits: 3).rightAligned(to: 9)
                    + "  " + String(calls).rightAligned(to: callsWidth) + (calls == 1 ? " call" : " calls")
            }
            let header = "Cost on \(conformer.name): \(total.secondsText(fractionDigits: 2)) in \(ran.count) "
                + "clause\(ran.count == 1 ? "" : "s"), \(calls) subject call\(calls == 1 ? "" : "s")"
                + (verbose || ran.count <= Self.costliestShown
                    ? "; per clause, slowest first:" : "; the \(shown.count) slowest clauses (--verbose lists all):")
            return ([header] + rows).joined(separator: "\n")
        }
        return blocks.isEmpty ? nil : blocks.joined(separator: "\n\n")
    }

    /// One closing line: how many conformers, how many clause failures.
    func summary() -> String {
        let conformers = report.conformances.count
        let broken = report.conformances.map { $0.count(.failed) + $0.count(.crashed) }.reduce(0, +)
        let clean = report.conformances.filter { $0.count(.failed) + $0.count(.crashed) == 0 }.count
        return "\(conformers) conformer\(conformers == 1 ? "" : "s"), \(clean) fully conforming; "
            + "\(broken) clause\(broken == 1 ? "" : "s") failed or crashed."
    }
}
#endif
