import Foundation

/// The contracts' results as a JUnit XML report, the format CI services read (GitHub Actions test
/// reporters, GitLab's test report, Jenkins' JUnit plugin).
///
/// `swift test --xunit-output` writes one test case per parameterized test, whatever its arguments; this
/// report has one `<testcase>` per clause per conformer (and per model-based check):
///
/// - `<testsuites>` (the root) holds the totals; one `<testsuite>` per contract and conformer, named
///   `CRUD › in-memory`, with `tests`, `failures`, `errors`, `skipped`, `time` (the sum of its cases'
///   times) and `timestamp` (UTC, when its first case started), and the contract and conformer as
///   `<properties>`.
/// - `<testcase classname="CRUD.in-memory" name="delete.removesFromFetch" time="0.004">`: Jenkins cuts a
///   class name at its last `.` into package and class, so dots inside the contract's or the
///   conformer's name become `_` there (the suite's name keeps them). Its summary is a property.
/// - A failed clause has `<failure message="first line" type="failed">` with the whole message; a crashed
///   one `<error … type="crashed">`; a skipped one `<skipped message="reason"/>`; what a clause left out
///   on the conformance's word is its `<system-out>`.
///
/// Every text is escaped, and the characters XML 1.0 forbids are written as Swift escapes (`\u{1B}`), so
/// no failure message can break the document.
package struct JUnitReport {
    /// The results, in any order.
    package var entries: [ReportEntry]

    /// A report of `entries`.
    package init(entries: [ReportEntry]) {
        self.entries = entries
    }

    /// The document.
    package func xml() -> String {
        let suites = ReportSuite.suites(of: entries)
        var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#]
        let starts = suites.compactMap(Self.started)
        lines.append(
            "<testsuites name=\"repository-contracts\"" + Self.counts(
                tests: suites.reduce(0) { $0 + $1.cases.count }, failures: suites.reduce(0) { $0 + $1.count(.failed) },
                errors: suites.reduce(0) { $0 + $1.count(.crashed) }, skipped: suites.reduce(0) { $0 + $1.count(.skipped) },
                milliseconds: suites.reduce(0) { $0 + $1.milliseconds }, started: starts.min())
                + (suites.isEmpty ? "/>" : ">"))
        guard !suites.isEmpty else { return lines.joined(separator: "\n") + "\n" }
        for (index, suite) in suites.enumerated() {
            lines += Self.lines(of: suite, id: index)
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func lines(of suite: ReportSuite, id: Int) -> [String] {
        let a = ReportText.xmlAttribute
        var lines = [
            "  <testsuite name=\"\(a("\(suite.contract) › \(suite.conformer)"))\" id=\"\(id)\""
                + counts(
                    tests: suite.cases.count, failures: suite.count(.failed), errors: suite.count(.crashed),
                    skipped: suite.count(.skipped), milliseconds: suite.milliseconds, started: started(suite)) + ">",
            "    <properties>",
            "      <property name=\"contract\" value=\"\(a(suite.contract))\"/>",
            "      <property name=\"conformer\" value=\"\(a(suite.conformer))\"/>",
            "    </properties>",
        ]
        let classname = a(className(contract: suite.contract, conformer: suite.conformer))
        for (name, entry) in suite.cases {
            lines.append(
                "    <testcase classname=\"\(classname)\" name=\"\(a(name))\" time=\"\(ReportText.seconds(milliseconds: entry.milliseconds))\">")
            lines.append("      <properties><property name=\"summary\" value=\"\(a(entry.summary))\"/></properties>")
            lines += outcome(of: entry).map { "      " + $0 }
            if !entry.notes.isEmpty {
                lines.append("      <system-out>\(ReportText.xmlText(entry.notes.joined(separator: "\n")))</system-out>")
            }
            lines.append("    </testcase>")
        }
        lines.append("  </testsuite>")
        return lines
    }

    /// The child that says how `entry` ended, if it did not pass.
    private static func outcome(of entry: ReportEntry) -> [String] {
        let message = entry.message ?? ""
        let first = ReportText.xmlAttribute(ReportText.firstLine(of: message))
        switch entry.status.kind {
        case .passed:
            return []
        case .skipped:
            return ["<skipped message=\"\(first)\"/>"]
        case .failed:
            return ["<failure message=\"\(first)\" type=\"failed\">\(ReportText.xmlText(message))</failure>"]
        case .crashed:
            return ["<error message=\"\(first)\" type=\"crashed\">\(ReportText.xmlText(message))</error>"]
        }
    }

    /// ` tests="…" failures="…" errors="…" skipped="…" time="…" timestamp="…"`.
    private static func counts(
        tests: Int, failures: Int, errors: Int, skipped: Int, milliseconds: Int64, started: Date?
    ) -> String {
        " tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"\(skipped)\""
            + " time=\"\(ReportText.seconds(milliseconds: milliseconds))\""
            + (started.map { " timestamp=\"\(ReportText.timestamp($0))\"" } ?? "")
    }

    /// When the suite's first case started, if known.
    private static func started(_ suite: ReportSuite) -> Date? {
        suite.cases.compactMap(\.entry.started).min()
    }

    /// `CRUD.in-memory`: the contract and the conformer, each with its dots as `_`.
    static func className(contract: String, conformer: String) -> String {
        func part(_ name: String) -> String { name.replacingOccurrences(of: ".", with: "_") }
        return "\(part(contract)).\(part(conformer))"
    }
}
