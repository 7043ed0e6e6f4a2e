import RecordReplayMessages
import Foundation

/// Writes the explanation sent to (and reported for) a request nothing answered: the request, why the
/// interactions it matched cannot answer, the closest recorded requests with a field-by-field diff,
/// the stubs that exist, and a one-line hint.
struct UnmatchedDiagnosis {
    var sequenceNumber: Int
    /// The request as sent; never shown.
    var sent: StubRequest
    /// The request as shown: ``sent`` redacted with ``redaction``.
    var request: StubRequest
    var normalized: NormalizedRequest
    var stored: [StoredInteraction]
    var useCounts: [Int]
    /// Positions of the interactions the request matched, all used, when that is why it is unmatched.
    var exhausted: [Int]
    var stubs: [StubID]
    var normalizer: RequestNormalizer
    /// The options' custom matchers, named in the "Compared" line.
    var customMatchers: [RequestMatcher]
    /// The fixture the scope looked for and did not find, when nothing else was loaded instead.
    var missingFixture: MissingFixtureNote?
    /// The scope's redaction: ``request`` is ``sent`` redacted with it, and each recorded request shown
    /// is redacted with it too, whatever its fixture holds.
    var redaction: Redaction

    /// How many differing JSON paths are listed per candidate before the rest are counted.
    static let listedJSONDifferences = 20

    var text: String {
        var lines = ["Unmatched request #\(sequenceNumber): \(DiagnosticText.requestLine(request))"]
        lines += DiagnosticText.requestDetails(request, indent: "  ")
        lines.append("")
        lines.append("Compared: \(comparedFields)")
        let hint: String
        if !exhausted.isEmpty {
            lines.append(exhaustionSentence)
            hint =
                "the request was made more often than it was recorded; record the fixture again, or set "
                + "PlaybackOptions.exhaustion = .repeatLast to replay the last matching response."
        } else {
            let closest = ClosestInteractions.find(for: (request, normalized), among: stored, normalizer: normalizer)
                .map { shownCandidate(at: $0.position) }
            if closest.isEmpty {
                lines.append("No recorded interaction is loaded.")
            } else {
                lines.append("Closest recorded requests (\(closest.count) of \(stored.count)):")
                for (rank, candidate) in closest.enumerated() {
                    lines += describe(
                        candidate.recorded, used: useCounts[candidate.position] > 0, candidate.comparison, rank: rank + 1)
                    if !candidate.hiddenDifferences.isEmpty {
                        lines.append(
                            "   ✗ redacted values differ at " + DiagnosticText.listed(candidate.hiddenDifferences, separator: ", ") { $0 }
                                + " (both shown as \(Redaction.placeholder))")
                    }
                }
            }
            if let first = closest.first, first.comparison.differingFieldCount == 0, !first.hiddenDifferences.isEmpty {
                hint = hiddenDifferenceHint(first)
            } else {
                hint = Self.hint(
                    for: closest.first?.comparison, stored: closest.first?.recorded,
                    received: normalized, hasStubs: !stubs.isEmpty, missingFixture: missingFixture)
            }
        }
        if !stubs.isEmpty {
            lines.append("Stubs (none matched): " + stubs.map(\.description).joined(separator: "; "))
        }
        lines.append("Hint: " + hint)
        return lines.joined(separator: "\n") + "\n"
    }

    private var comparedFields: String {
        let replaced = normalizer.replacedFields
        var parts: [String] = []
        for field in [RequestMatcher.Field.origin, .method, .path, .query, .body] where !replaced.contains(field) {
            if field == .origin && request.origin == nil { continue }
            parts.append(field.description)
        }
        if !normalizer.matchedHeaders.isEmpty && !replaced.contains(.headers) {
            parts.append("headers " + normalizer.matchedHeaders.joined(separator: ", "))
        }
        parts += customMatchers.map { matcher in
            if case .closure = matcher.rule { return "matcher “\(matcher.name)”" }
            return matcher.name
        }
        return parts.joined(separator: "; ")
    }

    private var exhaustionSentence: String {
        let total = exhausted.count
        if total == 1, let only = exhausted.first {
            let item = stored[only]
            return "Matched recorded interaction #\(item.index + 1) (\(item.source), interactions[\(item.index)]) "
                + "but it was already used (1 of 1 used)."
        }
        let locations = exhausted.map { stored[$0].location }.joined(separator: "; ")
        return "Matched \(total) recorded interactions but they were all already used (\(total) of \(total) used): "
            + locations + "."
    }
}
