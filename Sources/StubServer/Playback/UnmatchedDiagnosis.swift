import Foundation

/// Writes the explanation sent to (and reported for) a request nothing answered: the request, why the
/// interactions it matched cannot answer, the closest recorded requests with a field-by-field diff,
/// the stubs that exist, and a one-line hint.
struct UnmatchedDiagnosis {
    var sequenceNumber: Int
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

    /// How many differing JSON paths are listed per candidate before the rest are counted.
    private let listedJSONDifferences = 20

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
            if closest.isEmpty {
                lines.append("No recorded interaction is loaded.")
            } else {
                lines.append("Closest recorded requests (\(closest.count) of \(stored.count)):")
                for (rank, candidate) in closest.enumerated() {
                    lines += describe(candidate.position, candidate.comparison, rank: rank + 1)
                }
            }
            hint = Self.hint(for: closest.first?.comparison, stored: closest.first.map { stored[$0.position] },
                received: normalized, hasStubs: !stubs.isEmpty)
        }
        if !stubs.isEmpty {
            lines.append("Stubs (none matched): " + stubs.map(\.description).joined(separator: "; "))
        }
        lines.append("Hint: " + hint)
        return lines.joined(separator: "\n") + "\n"
    }

    private var comparedFields: String {
        var parts: [String] = []
        let replaced = normalizer.replacedFields
        for field in [RequestMatcher.Field.method, .path, .query, .body] where !replaced.contains(field) {
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

    private func describe(_ position: Int, _ comparison: RequestComparison, rank: Int) -> [String] {
        let candidate = stored[position]
        let recorded = candidate.interaction.request
        let used = useCounts[position] > 0 ? " (already used)" : ""
        var lines = ["\(rank). \(candidate.location)\(used): \(DiagnosticText.requestLine(recorded))"]
        let indent = "   "
        let replaced = normalizer.replacedFields

        if replaced.contains(.method) {
            lines.append("\(indent)· method   compared by custom matchers")
        } else if comparison.methodDiffers {
            lines.append("\(indent)✗ method   recorded \(recorded.method), received \(request.method)")
        } else {
            lines.append("\(indent)✓ method   \(request.method)")
        }
        if replaced.contains(.path) {
            lines.append("\(indent)· path     compared by custom matchers")
        } else if comparison.pathDiffers {
            lines.append("\(indent)✗ path     recorded \(candidate.normalized.path), received \(normalized.path)")
        } else {
            lines.append("\(indent)✓ path     \(normalized.path)")
        }
        if replaced.contains(.query) {
            lines.append("\(indent)· query    compared by custom matchers")
        } else {
            let summary = normalized.query.isEmpty ? "(none)" : normalized.query.map(DiagnosticText.queryItem).joined(separator: " ")
            if comparison.query.isEmpty {
                lines.append("\(indent)✓ query    \(summary)")
            } else {
                lines.append("\(indent)✗ query")
                lines += Self.itemLines(comparison.query, indent: indent + "    ")
            }
        }
        if !normalizer.matchedHeaders.isEmpty && !replaced.contains(.headers) {
            for (offset, name) in normalizer.matchedHeaders.enumerated() {
                if let difference = comparison.headers.first(where: { $0.name == name }) {
                    lines.append(
                        "\(indent)✗ header   \(name): recorded \(Self.headerValues(difference.recorded)), "
                            + "received \(Self.headerValues(difference.received))")
                } else {
                    lines.append("\(indent)✓ header   \(name): \(Self.headerValues(normalized.headers[offset]))")
                }
            }
        }
        if replaced.contains(.body) {
            lines.append("\(indent)· body     compared by custom matchers")
        } else {
            lines += bodyLines(comparison.body, recorded: candidate, indent: indent)
        }
        for name in normalizer.closureMatchers.map(\.name) {
            lines.append(
                comparison.rejectingMatchers.contains(name)
                    ? "\(indent)✗ matcher  “\(name)” said no" : "\(indent)✓ matcher  “\(name)”")
        }
        return lines
    }

    private func bodyLines(_ difference: RequestComparison.BodyDifference, recorded: StoredInteraction, indent: String)
        -> [String]
    {
        switch difference {
        case .none:
            switch normalized.body {
            case .bytes(let bytes): return ["\(indent)✓ body     " + (bytes.isEmpty ? "(empty)" : "\(bytes.count) bytes, equal")]
            case .json: return ["\(indent)✓ body     JSON, equal"]
            case .form: return ["\(indent)✓ body     form, equal"]
            }
        case .json(let differences):
            let count = differences.count
            var lines = ["\(indent)✗ body     JSON differs at \(count) path\(count == 1 ? "" : "s"):"]
            lines += differences.prefix(listedJSONDifferences).map { "\(indent)    \($0)" }
            if count > listedJSONDifferences {
                lines.append("\(indent)    … and \(count - listedJSONDifferences) more differing paths")
            }
            return lines
        case .form(let differences):
            return ["\(indent)✗ body     form fields differ:"] + Self.itemLines(differences, indent: indent + "    ")
        case .bytes(let recordedCount, let receivedCount, let offset):
            return [
                "\(indent)✗ body     recorded \(recordedCount) bytes, received \(receivedCount) bytes, "
                    + "first difference at byte \(offset)"
            ]
        case .kinds(let recordedKind, let receivedKind):
            let recordedBody = recorded.interaction.request.body
            if recordedBody.isEmpty || request.body.isEmpty {
                return [
                    "\(indent)✗ body     recorded \(Self.size(of: recordedBody)), received \(Self.size(of: request.body))"
                ]
            }
            let recordedType = recorded.interaction.request.headers["Content-Type"] ?? "none"
            let receivedType = request.headers["Content-Type"] ?? "none"
            return [
                "\(indent)✗ body     recorded body read as \(recordedKind) (Content-Type: \(recordedType)), "
                    + "received as \(receivedKind) (Content-Type: \(receivedType))"
            ]
        }
    }

    private static func size(of body: Data) -> String {
        body.isEmpty ? "(empty)" : "\(body.count) bytes"
    }

    private static func itemLines(_ differences: [RequestComparison.ItemDifference], indent: String) -> [String] {
        differences.map { difference in
            let name = difference.name
            if difference.received.isEmpty {
                let items = difference.recorded.map { DiagnosticText.queryItem(QueryItem(name: name, value: $0)) }
                return "\(indent)missing \(items.joined(separator: " ")) — recorded only"
            }
            if difference.recorded.isEmpty {
                let items = difference.received.map { DiagnosticText.queryItem(QueryItem(name: name, value: $0)) }
                return "\(indent)extra \(items.joined(separator: " ")) — received only"
            }
            return "\(indent)changed \(name): recorded \(values(difference.recorded)), "
                + "received \(values(difference.received))"
        }
    }

    private static func values(_ values: [String?]) -> String {
        values.count == 1 ? DiagnosticText.queryValue(values[0]) : "[" + values.map(DiagnosticText.queryValue).joined(separator: ", ") + "]"
    }

    private static func headerValues(_ values: [String]) -> String {
        switch values.count {
        case 0: "(absent)"
        case 1: DiagnosticText.quoted(values[0])
        default: "[" + values.map(DiagnosticText.quoted).joined(separator: ", ") + "]"
        }
    }
}
