#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
import ContractEngine
import Foundation

/// What a child process that died tells about its death: how it ended and the last thing it said on
/// standard error (where Swift prints `Fatal error: …` before it traps).
struct CrashDiagnosis: Sendable {
    /// How the child ended.
    var termination: Termination
    /// The last meaningful lines of its standard error (at most ``lineLimit``).
    var lastWords: [String]

    /// At most this many lines of standard error go into a message.
    static let lineLimit = 5
    /// Longer lines are cut to this many characters.
    static let lineLength = 400

    init(termination: Termination, standardError: Data) {
        self.termination = termination
        self.lastWords = Self.lastWords(of: String(decoding: standardError, as: UTF8.self))
    }

    /// The clause that was running when the child died, reported as crashed.
    func result(for clause: DemoConformer.ClauseOutline) -> ClauseResult {
        ClauseResult(id: clause.id, summary: clause.summary, status: .crashed, failures: [
            ContractFailure(message: "the conformer's process \(termination) while this clause ran" + stderrSuffix)
        ])
    }

    /// A clause the child never got to because it died (or exited) before it started any clause.
    func resultWithoutProgress(for clause: DemoConformer.ClauseOutline) -> ClauseResult {
        ClauseResult(id: clause.id, summary: clause.summary, status: .crashed, failures: [
            ContractFailure(message: "the conformer's process \(termination) before reporting this clause, so it could not run"
                + stderrSuffix)
        ])
    }

    private var stderrSuffix: String {
        lastWords.isEmpty ? "" : "; its standard error ended with:\n" + lastWords.map { "  " + $0 }.joined(separator: "\n")
    }

    /// The last lines a dying Swift process wrote before its backtrace: the `Fatal error: …` line and
    /// what came just before it. Without a backtrace, simply the last non-empty lines.
    static func lastWords(of standardError: String) -> [String] {
        let lines = standardError.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        let backtraceStart = lines.firstIndex { line in
            line.hasPrefix("*** Signal ") || line.hasPrefix("*** Program crashed") || line.contains("Program crashed:")
                || line.hasPrefix("Current stack trace:")
        }
        var chosen = lines[..<(backtraceStart ?? lines.endIndex)].filter { !$0.isEmpty }
        if chosen.isEmpty {
            // Nothing before the backtrace: its headline ("*** Program crashed: Bad pointer …") is the best clue.
            chosen = lines.filter { $0.contains("Program crashed") }
        }
        if chosen.isEmpty {
            chosen = lines.filter { !$0.isEmpty }
        }
        return chosen.suffix(lineLimit).map { $0.count > lineLength ? String($0.prefix(lineLength)) + "…" : $0 }
    }
}
#endif
