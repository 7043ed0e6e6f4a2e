import Foundation
import RepositoryContractsPrimitives

/// The findings a drift check adds to a report: one per fixture, with its counts, the places that
/// differ and its first few drifts in full, instead of one per request (a run over many fixtures stays
/// readable).
enum DriftSummary {
    /// How many drifting requests a fixture's finding shows in full.
    static let shownDrifts = 3

    /// One finding per fixture that has drift, an unchecked request or an unsent one, in the order of
    /// each fixture's first such request. `checkedCount` tells how many of a fixture's requests reached
    /// the live API and were compared in full, `shapeChecks` what its reads after an unsent state change
    /// gave when compared by shape.
    static func findings(
        for drifts: [PlaybackReport.Drift], checkedCount: (String) -> Int,
        shapeChecks: (String) -> DriftProgress.ShapeChecks = { _ in DriftProgress.ShapeChecks() },
        severity: PlaybackReport.Severity
    ) -> [PlaybackReport.Finding] {
        var order: [String] = []
        var bySource: [String: [PlaybackReport.Drift]] = [:]
        for drift in drifts {
            if bySource[drift.source] == nil { order.append(drift.source) }
            bySource[drift.source, default: []].append(drift)
        }
        return order.map { source in
            finding(
                for: source, drifts: bySource[source] ?? [], checkedCount: checkedCount(source),
                shapes: shapeChecks(source), severity: severity)
        }
    }

    private static func finding(
        for source: String, drifts: [PlaybackReport.Drift], checkedCount: Int, shapes: DriftProgress.ShapeChecks,
        severity: PlaybackReport.Severity
    ) -> PlaybackReport.Finding {
        var differing: [PlaybackReport.Drift] = []
        var unchecked = 0
        var notSent: [PlaybackReport.Drift] = []
        for drift in drifts {
            switch drift.outcome.kind {
            case .differs: differing.append(drift)
            case .unchecked: unchecked += 1; differing.append(drift)
            case .notSent: notSent.append(drift)
            }
        }
        let upstream = drifts.first?.upstream.absoluteString ?? ""
        var counts: [String] = []
        let differ = differing.count - unchecked
        let compared = checkedCount + shapes.compared
        if differ > 0 {
            counts.append(
                "\(differ) of \(compared) \(requests(compared)) sent now \(differ == 1 ? "answers" : "answer") differently")
        }
        if unchecked > 0 { counts.append("\(unchecked) could not be checked") }
        if !notSent.isEmpty { counts.append("\(notSent.count) \(requests(notSent.count)) not sent") }
        if shapes.compared > 0 {
            let which = shapes.wholeFixture ? "" : " after the first unsent one"
            counts.append(
                "\(shapes.compared) \(shapes.compared == 1 ? "read" : "reads")\(which) compared by shape only "
                    + "(member names and JSON types, not values)")
        }
        if let first = shapes.notComparable.first {
            let count = shapes.notComparable.count
            counts.append("\(count) \(count == 1 ? "read" : "reads") not comparable (\(first))")
        }
        if compared == 0, !notSent.isEmpty {
            counts.append("nothing of it was compared with the live API")
        }
        let title = differing.isEmpty ? "Drift check of" : "Drift in"
        var lines = ["\(title) \(source) against the live API (\(upstream)): \(counts.joined(separator: "; "))."]
        if let places = places(in: differing) { lines.append("  Where: \(places).") }
        if shapes.wholeFixture {
            lines.append(
                "  The live API was not reset to the state this fixture was recorded from (the shared backend's reset "
                    + "is withheld in a read-only drift check), so every GET was sent and its answer compared by shape.")
        }
        for drift in differing.prefix(shownDrifts) {
            lines += drift.summaryLines.map { "  \($0)" }
        }
        if differing.count > shownDrifts {
            lines.append("  … and \(differing.count - shownDrifts) more (PlaybackReport.drifts lists them all)")
        }
        if let first = notSent.first, let reason = first.outcome.notSentReason {
            let later = notSent.count - 1
            lines.append(
                "  Not sent: request #\(first.sequenceNumber) \(DiagnosticText.requestLine(first.request)) (\(reason))"
                    + (later > 0 ? " and the \(later) \(requests(later)) after it" : "") + ".")
            if shapes.compared + shapes.notComparable.count > 0, !shapes.wholeFixture {
                lines.append(
                    "  The GET requests after it were sent too and their answers compared by shape: the live data is "
                        + "not the recorded data, so only member names and JSON types can agree.")
            }
            lines.append(
                "  To check them too, against a disposable copy of the API and never production, set "
                    + "DriftCheckOptions.stateChangingRequests = .send or \(EnvironmentVariable.driftWrites)=send.")
        }
        return PlaybackReport.Finding(
            severity: differing.isEmpty ? .warning : severity, message: lines.joined(separator: "\n"))
    }

    /// How many requests differ at each place, most first (`$.completed in 2,298 requests, status in
    /// 3 requests`), array positions folded into `[*]`, so that a change to one field reads as one place
    /// however many requests show it; `nil` when no request differs.
    private static func places(in drifts: [PlaybackReport.Drift]) -> String? {
        var counts: [String: Int] = [:]
        for drift in drifts {
            guard let differences = drift.outcome.differences else { continue }
            for place in Set(differences.map(place(of:))) { counts[place, default: 0] += 1 }
        }
        guard !counts.isEmpty else { return nil }
        let sorted = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        var shown = sorted.prefix(shownPlaces).map { "\($0.key) in \($0.value) \(requests($0.value))" }
        if sorted.count > shownPlaces { shown.append("and \(sorted.count - shownPlaces) more places") }
        return shown.joined(separator: ", ")
    }

    /// How many places a summary names.
    static let shownPlaces = 8

    /// The place a difference line names (`status`, `header Location`, `body`, `$.items[*].title`): the
    /// text before its first `: `, with array positions folded into `[*]`.
    private static func place(of difference: String) -> String {
        let head = difference.range(of: ": ").map { String(difference[..<$0.lowerBound]) } ?? difference
        return head.replacingOccurrences(of: #"\[[0-9]+\]"#, with: "[*]", options: .regularExpression)
    }

    private static func requests(_ count: Int) -> String {
        count == 1 ? "request" : "requests"
    }
}
