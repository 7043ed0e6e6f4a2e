import ContractEngine

/// The demo's text rendering of a ``ContractReport``: one row of counts per conformer, then one block per
/// failed or crashed clause, then the skipped clauses (listed with `verbose`, counted otherwise).
///
/// Plain text, no colours: it reads the same in a terminal, a log and a CI page.
struct ConformanceTable: Sendable {
    /// What to render.
    var report: ContractReport
    /// List skipped clauses with their reason.
    var verbose = false

    /// The whole rendering, without a trailing newline.
    func render() -> String {
        var sections = [table()]
        let failures = failureBlocks()
        if !failures.isEmpty {
            sections.append(failures.joined(separator: "\n\n"))
        }
        if let skipped = skippedSection() {
            sections.append(skipped)
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

    /// The skipped clauses: per conformer with the reason when verbose, else one line of counts.
    func skippedSection() -> String? {
        let skipped = report.conformances.map { conformer in (conformer.name, conformer.clauses.filter { $0.status == .skipped }) }
        let total = skipped.map(\.1.count).reduce(0, +)
        guard total > 0 else { return nil }
        guard verbose else {
            return "\(total) clause\(total == 1 ? "" : "s") skipped (not applicable); --verbose lists them with the reason."
        }
        return skipped.filter { !$0.1.isEmpty }.map { name, clauses in
            (["Skipped on \(name):"] + clauses.map { "  – \($0.id): \($0.reason ?? "no reason given")" })
                .joined(separator: "\n")
        }.joined(separator: "\n\n")
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
