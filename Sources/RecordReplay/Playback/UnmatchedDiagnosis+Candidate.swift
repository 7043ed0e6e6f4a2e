import RecordReplayMessages
import Foundation

extension UnmatchedDiagnosis {
    /// The lines for `candidate` (as shown: redacted), whether already `used`: where it comes from,
    /// then one ✓/✗ line per field.
    func describe(_ candidate: StoredInteraction, used isUsed: Bool, _ comparison: RequestComparison, rank: Int)
        -> [String]
    {
        let recorded = candidate.interaction.request
        let used = isUsed ? " (already used)" : ""
        var lines = ["\(rank). \(candidate.location)\(used): \(DiagnosticText.requestLine(recorded))"]
        let indent = "   "
        let replaced = normalizer.replacedFields

        if replaced.contains(.origin), request.origin != nil {
            lines.append("\(indent)· origin   compared by custom matchers")
        } else if let recordedOrigin = recorded.origin, let receivedOrigin = request.origin {
            lines.append(
                comparison.originDiffers
                    ? "\(indent)✗ origin   recorded \(recordedOrigin), received \(receivedOrigin)"
                    : "\(indent)✓ origin   \(receivedOrigin)")
        }
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
            lines.append(
                "\(indent)✗ path     recorded \(DiagnosticText.clipped(candidate.normalized.path)), "
                    + "received \(DiagnosticText.clipped(normalized.path))")
        } else {
            lines.append("\(indent)✓ path     \(DiagnosticText.clipped(normalized.path))")
        }
        if replaced.contains(.query) {
            lines.append("\(indent)· query    compared by custom matchers")
        } else {
            let summary =
                normalized.query.isEmpty
                ? "(none)" : DiagnosticText.listed(normalized.query, separator: " ", DiagnosticText.queryItem)
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
            case .bytes(let bytes):
                return ["\(indent)✓ body     " + (bytes.isEmpty ? "(empty)" : "\(bytes.count) bytes, equal")]
            case .json: return ["\(indent)✓ body     JSON, equal"]
            case .form: return ["\(indent)✓ body     form, equal"]
            }
        case .json(let differences):
            let count = differences.count
            var lines = ["\(indent)✗ body     JSON differs at \(count) path\(count == 1 ? "" : "s"):"]
            lines += differences.prefix(Self.listedJSONDifferences).map {
                "\(indent)    \(DiagnosticText.jsonDifference($0))"
            }
            if count > Self.listedJSONDifferences {
                lines.append("\(indent)    … and \(count - Self.listedJSONDifferences) more differing paths")
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
                let sizes = "recorded \(Self.size(of: recordedBody)), received \(Self.size(of: request.body))"
                return ["\(indent)✗ body     \(sizes)"]
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
        let listed = DiagnosticText.listedItems
        let more = differences.count > listed ? ["\(indent)… and \(differences.count - listed) more differing names"] : []
        return differences.prefix(listed).map { difference in
            let name = difference.name
            if difference.received.isEmpty {
                let items = DiagnosticText.listed(difference.recorded, separator: " ") {
                    DiagnosticText.queryItem(QueryItem(name: name, value: $0))
                }
                return "\(indent)missing \(items) — recorded only"
            }
            if difference.recorded.isEmpty {
                let items = DiagnosticText.listed(difference.received, separator: " ") {
                    DiagnosticText.queryItem(QueryItem(name: name, value: $0))
                }
                return "\(indent)extra \(items) — received only"
            }
            return "\(indent)changed \(DiagnosticText.clipped(name)): recorded \(values(difference.recorded)), "
                + "received \(values(difference.received))"
        } + more
    }

    private static func values(_ values: [String?]) -> String {
        values.count == 1
            ? DiagnosticText.queryValue(values[0])
            : "[" + DiagnosticText.listed(values, separator: ", ", DiagnosticText.queryValue) + "]"
    }

    private static func headerValues(_ values: [String]) -> String {
        switch values.count {
        case 0: "(absent)"
        case 1: DiagnosticText.quoted(values[0])
        default: "[" + DiagnosticText.listed(values, separator: ", ", DiagnosticText.quoted) + "]"
        }
    }
}
