import Foundation

/// The contracts' results as a Markdown summary for a CI job (`cat summary.md >> "$GITHUB_STEP_SUMMARY"`).
///
/// It starts with a totals line, then has a section per contract (and per kind of model-based check):
/// a table with a row per clause and a column per conformer, marked with the legend's symbols; then
/// each failure's message in a collapsed `<details>`; then the skipped clauses with their reasons (a
/// whole clause family skipped for one reason as one `` `pages.*` (11) ``).
///
/// The table lists only the clauses worth a look: those that failed or crashed somewhere, and those
/// that did not end the same way on every conformer (passed on one, skipped on another). A line under it
/// counts the rest: the clauses that passed on every conformer, and those skipped on every conformer
/// (listed with their reasons below). A contract has 100 and more clauses, nearly all passing; a
/// table of all of them would bury the few that matter, and the JUnit report has every one. Grouping by
/// clause family was the other choice; it hides which clause failed until the group is opened.
///
/// At most ``failureLimit`` failures are shown, each message cut at ``messageLimit`` characters, so a
/// broken conformer cannot push the summary past what CI services accept (GitHub: 1 MiB per step).
package struct MarkdownSummary {
    /// The results, in any order.
    package var entries: [ReportEntry]

    /// A report of `entries`.
    package init(entries: [ReportEntry]) {
        self.entries = entries
    }

    /// How many failures' messages the summary shows; the JUnit report has all of them.
    package static let failureLimit = 50
    /// How many characters of one message the summary shows.
    package static let messageLimit = 4_000

    /// The legend under each table.
    package static let legend = "✅ passed · ❌ failed · 💥 crashed · ⏭️ skipped · — not run"

    /// The mark of `status` in the table.
    static func mark(_ status: ClauseResult.Status?) -> String {
        switch status?.kind {
        case .passed: "✅"
        case .failed: "❌"
        case .crashed: "💥"
        case .skipped: "⏭️"
        case nil: "—"
        }
    }

    /// The document.
    package func markdown() -> String {
        let suites = ReportSuite.suites(of: entries)
        var lines = ["## Repository contracts", ""]
        guard !suites.isEmpty else {
            lines.append("No contract results were recorded.")
            return lines.joined(separator: "\n") + "\n"
        }
        let all = suites.flatMap(\.cases).map(\.entry)
        let conformers = Set(suites.map(\.conformer)).count
        let contracts = Set(suites.map(\.contract)).count
        func count(_ status: ClauseResult.Status) -> Int { all.filter { $0.status == status }.count }
        let verdict = count(.failed) + count(.crashed) == 0 ? "✅" : "❌"
        lines.append(
            "\(verdict) **\(all.count) results** of \(contracts) contract\(contracts == 1 ? "" : "s") on \(conformers) "
                + "conformer\(conformers == 1 ? "" : "s"): \(count(.passed)) passed, \(count(.failed)) failed, "
                + "\(count(.crashed)) crashed, \(count(.skipped)) skipped")
        var failuresShown = 0
        var failuresLeftOut = 0
        for contract in Self.uniqued(suites.map(\.contract)) {
            let section = suites.filter { $0.contract == contract }
            lines += [""] + table(of: contract, section)
            for suite in section {
                for (name, entry) in suite.cases where entry.status == .failed || entry.status == .crashed {
                    guard failuresShown < Self.failureLimit else {
                        failuresLeftOut += 1
                        continue
                    }
                    failuresShown += 1
                    lines += [""] + details(of: entry, named: name, suite: suite)
                }
            }
            lines += skippedList(section)
        }
        if failuresLeftOut > 0 {
            lines += ["", "… and \(failuresLeftOut) more failures: see the JUnit report."]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The contract's heading, its table of the clauses worth a look, and the count of the others.
    private func table(of contract: String, _ section: [ReportSuite]) -> [String] {
        let conformers = section.map(\.conformer)
        var rows: [(name: String, statuses: [ClauseResult.Status?])] = []
        var rowIndex: [String: Int] = [:]
        for (column, suite) in section.enumerated() {
            for (name, entry) in suite.cases {
                if rowIndex[name] == nil {
                    rowIndex[name] = rows.count
                    rows.append((name, Array(repeating: nil, count: conformers.count)))
                }
                rows[rowIndex[name]!].statuses[column] = entry.status
            }
        }
        let passedEverywhere = rows.filter { $0.statuses.allSatisfy { $0 == .passed } }.count
        let skippedEverywhere = rows.filter { $0.statuses.allSatisfy { $0 == .skipped } }.count
        let shown = rows.filter { row in
            !row.statuses.allSatisfy { $0 == .passed } && !row.statuses.allSatisfy { $0 == .skipped }
        }
        var lines = ["### \(Self.cell(contract))", ""]
        if !shown.isEmpty {
            lines.append("| clause | " + conformers.map(Self.cell).joined(separator: " | ") + " |")
            lines.append("|---|" + String(repeating: "---|", count: conformers.count))
            for row in shown {
                lines.append("| `\(Self.code(row.name))` | " + row.statuses.map(Self.mark).joined(separator: " | ") + " |")
            }
            lines += ["", Self.legend, ""]
        }
        var counted = ["\(passedEverywhere) of \(rows.count) clauses passed on every conformer"]
        if skippedEverywhere > 0 { counted.append("\(skippedEverywhere) were skipped on every conformer") }
        if !shown.isEmpty { counted.append("\(shown.count) \(shown.count == 1 ? "is" : "are") in the table") }
        lines.append(counted.joined(separator: "; ") + " (on " + conformers.map(Self.cell).joined(separator: ", ") + ").")
        return lines
    }

    /// A failure's message, collapsed.
    private func details(of entry: ReportEntry, named name: String, suite: ReportSuite) -> [String] {
        var message = ReportText.withoutForbiddenCharacters(entry.message ?? "")
        if message.count > Self.messageLimit {
            message = String(message.prefix(Self.messageLimit)) + "\n… (cut at \(Self.messageLimit) characters)"
        }
        let fence = String(repeating: "`", count: max(3, Self.longestBacktickRun(in: message) + 1))
        return [
            "<details><summary>\(Self.mark(entry.status)) <code>\(Self.html(name))</code> on "
                + "\(Self.html(suite.conformer))\(entry.status == .crashed ? " (crashed)" : "")</summary>",
            "",
            fence + "text",
            message,
            fence,
            "",
            "</details>",
        ]
    }

    /// The clauses skipped, per conformer and reason, collapsed.
    private func skippedList(_ section: [ReportSuite]) -> [String] {
        var lines: [String] = []
        var total = 0
        for suite in section {
            var byReason: [(reason: String, names: [String])] = []
            for (name, entry) in suite.cases where entry.status == .skipped {
                let reason = entry.message ?? "no reason given"
                if let index = byReason.firstIndex(where: { $0.reason == reason }) {
                    byReason[index].names.append(name)
                } else {
                    byReason.append((reason, [name]))
                }
                total += 1
            }
            for group in byReason {
                lines.append(
                    "- **\(Self.cell(suite.conformer))**, \(group.names.count) clause\(group.names.count == 1 ? "" : "s"): "
                        + "\(Self.cell(group.reason)) — " + Self.compacted(group.names, in: suite).joined(separator: ", "))
            }
        }
        guard total > 0 else { return [] }
        return ["", "<details><summary>⏭️ \(total) skipped, with the reasons</summary>", ""] + lines + ["", "</details>"]
    }

    /// `names` in backticks, a whole clause family of three or more (every clause of the suite whose id
    /// starts `pages.`) as one: `` `pages.*` (11) ``.
    private static func compacted(_ names: [String], in suite: ReportSuite) -> [String] {
        func family(_ name: String) -> Substring? {
            name.firstIndex(of: ".").map { name[..<$0] }
        }
        var written: Set<Substring> = []
        var result: [String] = []
        for name in names {
            if let family = family(name) {
                let members = suite.cases.filter { $0.name.hasPrefix(family + ".") }.map(\.name)
                if members.count >= 3, Set(members).isSubset(of: names) {
                    if written.insert(family).inserted { result.append("`\(code(String(family))).*` (\(members.count))") }
                    continue
                }
            }
            result.append("`\(code(name))`")
        }
        return result
    }

    /// `names` without repeats, in order.
    private static func uniqued(_ names: [String]) -> [String] {
        var seen: Set<String> = []
        return names.filter { seen.insert($0).inserted }
    }

    /// Text for a table cell or a line: one line, `|` escaped, HTML's `<`, `>` and `&` as entities.
    static func cell(_ text: String) -> String {
        html(text).replacingOccurrences(of: "|", with: "\\|")
    }

    /// Text inside backticks in a table: one line, no backtick, `|` escaped.
    static func code(_ text: String) -> String {
        ReportText.withoutForbiddenCharacters(text).replacingOccurrences(of: "\n", with: " ")
            .replacingOccurrences(of: "`", with: "'").replacingOccurrences(of: "|", with: "\\|")
    }

    /// Text in HTML: one line, `&`, `<` and `>` as entities.
    static func html(_ text: String) -> String {
        ReportText.withoutForbiddenCharacters(text).replacingOccurrences(of: "\r", with: " ")
            .replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }

    /// The longest run of backticks in `text`: a code fence must be longer.
    private static func longestBacktickRun(in text: String) -> Int {
        var longest = 0, current = 0
        for character in text {
            current = character == "`" ? current + 1 : 0
            longest = max(longest, current)
        }
        return longest
    }
}
