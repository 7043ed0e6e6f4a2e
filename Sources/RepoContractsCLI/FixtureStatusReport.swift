#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
import RepositoryContractsJSON
import Foundation
@_spi(Benchmarks) import RecordReplay
@_spi(Benchmarks) import RecordReplayFixtures

/// The `status` report of a fixtures folder, as a table or JSON.
struct FixtureStatusReport: Sendable {
    /// What the statuses were judged with.
    var context: FixtureStatusContext
    /// One status per fixture file, in path order.
    var statuses: [FixtureStatus]

    /// How many warnings the fixtures have in all.
    var warningCount: Int { statuses.reduce(0) { $0 + $1.warnings.count } }

    /// Which evidence of use the report rests on, in a sentence.
    var evidence: String {
        let sources = context.usage.testsFolder.map { "names in the Swift files under \($0)" } ?? "no test sources (no tests folder)"
        guard let log = context.usage.log else {
            return "\(sources); no usage log (run the tests first to see which fixtures they load: without "
                + "one, fixtures named by clause id show as \"folder referenced\")"
        }
        return "the usage log \(log.path) (fixtures the last test run loaded) and \(sources)"
    }

    /// The text `status` prints: the evidence, a table, then the warnings.
    func tableLines() -> [String] {
        let table = TextTable(
            header: ["FIXTURE", "INTERACTIONS", "RECORDED", "SECRET SCAN", "USE"],
            alignments: [.left, .right],
            rows: statuses.map { status in
                [
                    status.path, status.interactionCount.map(String.init) ?? "invalid", recordedText(status),
                    secretText(status), status.use.rawValue,
                ]
            })
        var lines = ["\(context.folder): \(statuses.count) fixture\(statuses.count == 1 ? "" : "s")", "use: \(evidence)", ""]
        lines += table.lines()
        let warnings = statuses.flatMap { status in status.warnings.map { "  \(status.path): \($0)" } }
        lines += ["", warnings.isEmpty ? "no warnings" : "\(warnings.count) warning\(warnings.count == 1 ? "" : "s"):"]
        return lines + warnings
    }

    private func recordedText(_ status: FixtureStatus) -> String {
        guard let recorded = status.recorded, let source = status.recordedSource else { return "unknown" }
        return "\(FixtureStatusContext.age(of: recorded, at: context.now)) (\(source.rawValue))"
    }

    private func secretText(_ status: FixtureStatus) -> String {
        guard let findings = status.secretFindings else { return "-" }
        return findings.isEmpty ? "clean" : "\(findings.count) secret\(findings.count == 1 ? "" : "s")"
    }

    /// The report as a JSON object, members in a fixed order.
    func json() -> JSONValue {
        func string(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
        return .object([
            .init("fixturesFolder", .string(context.folder)),
            .init("usageLog", string(context.usage.log?.path)),
            .init("testsFolder", string(context.usage.testsFolder)),
            .init(
                "fixtures",
                .array(
                    statuses.map { status in
                        .object([
                            .init("path", .string(status.path)),
                            .init("format", .string(status.format.displayName)),
                            .init("interactionCount", status.interactionCount.map { .number(String($0)) } ?? .null),
                            .init("recorded", string(status.recorded.map(RecordedDate.text(of:)))),
                            .init("recordedSource", string(status.recordedSource?.rawValue)),
                            .init(
                                "ageDays",
                                status.recorded.map { .number(String(FixtureStatusContext.days(from: $0, to: context.now))) }
                                    ?? .null),
                            .init("secretFindings", status.secretFindings.map { .array($0.map(JSONValue.string)) } ?? .null),
                            .init("use", .string(status.use.rawValue)),
                            .init("error", string(status.error)),
                            .init("warnings", .array(status.warnings.map(JSONValue.string))),
                        ])
                    })),
            .init("warningCount", .number(String(warningCount))),
        ])
    }
}
#endif
