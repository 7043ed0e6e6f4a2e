#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
import Foundation
@_spi(Benchmarks) import RecordReplay
@_spi(Benchmarks) import RecordReplayFixtures
@_spi(Benchmarks) import RecordReplayRedaction

/// What `status` reports about one fixture file: its size, age, secret scan verdict and use.
struct FixtureStatus: Sendable, Equatable {
    /// How the tests use the fixture, as far as the evidence shows.
    enum Use: String, Sendable {
        /// The last test run loaded it (usage log).
        case loaded
        /// A test source names it, but the last test run did not load it (usage log).
        case referencedNotLoaded = "referenced, not loaded"
        /// A test source names it (no usage log).
        case referenced
        /// Named like a contract clause's fixture (a clause id such as `create.readYourWrites`, which no
        /// test source spells out) in a folder a test source names: without a usage log nothing tells
        /// whether a test loads it.
        case folderReferenced = "folder referenced"
        /// Neither loaded (with a usage log) nor named by any test source.
        case unused
    }

    /// The path relative to the fixtures folder.
    var path: String
    /// The format its extension names.
    var format: FixtureFormat
    /// How many interactions it holds; `nil` when it cannot be read.
    var interactionCount: Int?
    /// When it was recorded, when known.
    var recorded: Date?
    /// Where ``recorded`` came from.
    var recordedSource: RecordedDateSource?
    /// What the secret scan finds (masked); `nil` when the file cannot be read.
    var secretFindings: [String]?
    /// How the tests use it.
    var use: Use
    /// Why the file cannot be read, if it cannot.
    var error: String?
    /// What `--strict` fails on: invalid, old, unused, secret found.
    var warnings: [String]
}

/// What `status` needs to judge fixtures: the evidence of use and of age, the age limit and now.
struct FixtureStatusContext: Sendable {
    /// The fixtures folder as given.
    var folder: String
    /// Which fixtures the tests load and name.
    var usage: FixtureUsageEvidence
    /// The last commit date of each file, by path relative to the folder.
    var gitDates: GitCommitDates
    /// `--max-age` in days, if given.
    var maximumAgeDays: Int?
    /// The time ages are measured to.
    var now: Date
    /// What the secret scan checks: the user's redaction (the defaults and `--redact`, less
    /// `--allow-name`).
    var redaction: Redaction

    /// The status of the fixture at `relativePath` (relative to ``folder``).
    func status(of relativePath: String, format: FixtureFormat) -> FixtureStatus {
        let path = (folder as NSString).appendingPathComponent(relativePath)
        var status = FixtureStatus(
            path: relativePath, format: format, use: use(of: relativePath, at: path), warnings: [])
        do {
            let file = try FixtureFile.load(path)
            status.interactionCount = file.fixture.interactions.count
            status.secretFindings = SecretScan(redaction: redaction).findings(in: file.fixture).map { "\($0)" }
            if let recorded = file.fixture.recorded {
                (status.recorded, status.recordedSource) = (recorded, format == .har ? .har : .fixture)
            }
        } catch {
            status.error = "\(error)"
        }
        if status.recorded == nil, let date = gitDates.dates[relativePath] {
            (status.recorded, status.recordedSource) = (date, .git)
        }
        status.warnings = warnings(for: status, path: path)
        return status
    }

    private func use(of relativePath: String, at path: String) -> FixtureStatus.Use {
        let referenced = usage.isReferenced(relativePath)
        if let loaded = usage.isLoaded(path) {
            return loaded ? .loaded : referenced ? .referencedNotLoaded : .unused
        }
        if referenced { return .referenced }
        // A clause's fixture is named by its clause id (`create.readYourWrites`), which no test source
        // spells out: a test naming its folder may well load it.
        let stem = ((relativePath as NSString).lastPathComponent as NSString).deletingPathExtension
        let folder = (relativePath as NSString).deletingLastPathComponent
        return stem.contains(".") && usage.isFolderReferenced(folder) ? .folderReferenced : .unused
    }

    private func warnings(for status: FixtureStatus, path: String) -> [String] {
        var warnings: [String] = []
        if let error = status.error { warnings.append("invalid: \(error)") }
        if let findings = status.secretFindings, !findings.isEmpty {
            warnings.append(
                "the secret scan finds \(findings.count) secret\(findings.count == 1 ? "" : "s"): "
                    + "run '\(Tool.name) redact \(path)\(redactOptions)'")
        }
        if let maximumAgeDays {
            if let recorded = status.recorded {
                let days = Self.days(from: recorded, to: now)
                if days > maximumAgeDays {
                    warnings.append("recorded \(days) days ago, more than --max-age \(maximumAgeDays): record it again")
                }
            } else {
                warnings.append("its recording date is unknown, so --max-age \(maximumAgeDays) cannot be checked")
            }
        }
        switch status.use {
        case .unused where usage.log != nil:
            warnings.append("loaded by no test in the last run, and named by no test source")
        case .referencedNotLoaded:
            warnings.append("loaded by no test in the last run (a test source names it)")
        case .unused:
            warnings.append("named by no test source (no usage log: run the tests to see which fixtures they load)")
        case .loaded, .referenced, .folderReferenced:
            break
        }
        return warnings
    }

    /// The `--redact` and `--allow-name` options of ``redaction``, after a space; empty for the defaults.
    private var redactOptions: String {
        let options = redaction.commandLineOptions
        return options.isEmpty ? "" : " " + options
    }

    /// Whole days from `date` to `now` (0 for a date in the future).
    static func days(from date: Date, to now: Date) -> Int {
        max(0, Int(now.timeIntervalSince(date) / 86_400))
    }

    /// "3 days ago", "5 hours ago", "2 minutes ago", "just now".
    static func age(of date: Date, at now: Date) -> String {
        let seconds = max(0, Int(now.timeIntervalSince(date)))
        func ago(_ count: Int, _ unit: String) -> String { "\(count) \(unit)\(count == 1 ? "" : "s") ago" }
        if seconds >= 2 * 86_400 { return ago(seconds / 86_400, "day") }
        if seconds >= 3_600 { return ago(seconds / 3_600, "hour") }
        if seconds >= 60 { return ago(seconds / 60, "minute") }
        return "just now"
    }
}
#endif
