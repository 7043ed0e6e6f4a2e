#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
import Foundation
@_spi(Benchmarks) import RecordReplay
@_spi(Benchmarks) import RecordReplayFixtures

/// Where `status` learned when a fixture was recorded.
enum RecordedDateSource: String, Sendable {
    /// The native fixture's `recorded` member.
    case fixture
    /// The earliest `startedDateTime` of a HAR's entries.
    case har
    /// The date of the last git commit that changed the file.
    case git
}

/// The dates of the last commit of every file under a folder, from one `git log`.
struct GitCommitDates: Sendable {
    /// Commit dates by path relative to the folder.
    var dates: [String: Date]

    /// Runs `git log` in `folder`; no dates when git is missing or the folder is not in a repository.
    static func read(in folder: String) async -> GitCommitDates {
        let arguments = [
            "git", "-c", "core.quotePath=false", "-C", folder, "log", "--relative", "--name-only",
            "--format=%x01%cI", "--", ".",
        ]
        guard
            let outcome = try? await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), arguments: arguments),
            outcome.termination.isSuccess
        else { return GitCommitDates(parsing: "") }
        return GitCommitDates(parsing: String(decoding: outcome.standardOutput, as: UTF8.self))
    }

    /// Reads `git log --name-only --format=%x01%cI` output, newest commit first: each file gets the date
    /// of the first commit that names it.
    init(parsing log: String) {
        var dates: [String: Date] = [:]
        var current: Date?
        for line in log.split(separator: "\n").map(String.init) {
            if line.hasPrefix("\u{1}") {
                current = RecordedDate.parseHAR(String(line.dropFirst()))
            } else if let current, !line.isEmpty, dates[line] == nil {
                dates[line] = current
            }
        }
        self.dates = dates
    }
}

#endif
