import RecordReplayMessages
import RepositoryContractsJSON
import Foundation
@_spi(Benchmarks) import RecordReplayRedaction

/// How the live API's answer to a request differs from the recorded response, as one line per
/// difference (see ``DriftCheckOptions`` for what is compared).
struct ResponseDrift {
    let options: DriftCheckOptions
    /// ``DriftCheckOptions/ignoredJSONPaths`` parsed (the invalid ones left out).
    let ignoredPaths: [JSONPathExpression]

    init(options: DriftCheckOptions) {
        self.options = options
        self.ignoredPaths = options.parsedIgnoredJSONPaths.valid
    }

    /// The differences between `recorded` and `live`, status first, then headers, then the body;
    /// empty when they agree. Both exchanges go through the volatile-header removal and the
    /// redaction first, so the lines hold no secret the redaction knows of.
    ///
    /// - Parameter comparesBody: `false` for a `HEAD` request, whose live answer has no body.
    func differences(recorded: Interaction, live: Interaction, comparesBody: Bool) -> [String] {
        let recorded = prepared(recorded).response
        let live = prepared(live).response
        var lines: [String] = []
        if recorded.status != live.status {
            lines.append("status: recorded \(recorded.status), live \(live.status)")
        }
        lines += headerDifferences(recorded: recorded.headers, live: live.headers)
        if comparesBody {
            lines += bodyDifferences(recorded: recorded.body, live: live.body)
        }
        return lines
    }

    /// What comparing two answers by shape gave.
    enum ShapeComparison: Equatable {
        /// Both were successful JSON answers: the places whose shape differs (empty when none does).
        case compared([String])
        /// They could not be compared by shape, and why (`live status 404, recorded 200`).
        case notComparable(String)
    }

    /// Compares the shapes of the recorded and live JSON bodies (member names and kinds, not values; see
    /// ``JSONShape``), after the same preparation and ignored paths as a full comparison. Only two
    /// successful (2xx) answers with JSON bodies are compared.
    func shapeDifferences(recorded: Interaction, live: Interaction) -> ShapeComparison {
        let recorded = prepared(recorded).response
        let live = prepared(live).response
        guard (200..<300).contains(recorded.status), (200..<300).contains(live.status) else {
            return .notComparable("live status \(live.status), recorded \(recorded.status)")
        }
        guard var recordedJSON = JSONValue(parsingIfValid: recorded.body), var liveJSON = JSONValue(parsingIfValid: live.body)
        else { return .notComparable("not two JSON bodies") }
        for path in ignoredPaths {
            recordedJSON = recordedJSON.removing(path)
            liveJSON = liveJSON.removing(path)
        }
        return .compared(JSONShape.differences(recorded: JSONShape(recordedJSON), live: JSONShape(liveJSON)))
    }

    /// `interaction` as a recording would store it: volatile fields removed, then redacted.
    private func prepared(_ interaction: Interaction) -> Interaction {
        let fixture = options.volatileHeaders.removed(from: Fixture(interactions: [interaction]))
        return options.redaction.redact(fixture).fixture.interactions[0]
    }

    private func headerDifferences(recorded: HTTPHeaders, live: HTTPHeaders) -> [String] {
        let volatile = Set(options.volatileHeaders.responseNames.map { $0.lowercased() })
        var compared: Set<String> = []
        var lines: [String] = []
        for name in options.comparedHeaders {
            let key = name.lowercased()
            guard !volatile.contains(key), compared.insert(key).inserted else { continue }
            let recordedValues = recorded.values(for: name)
            let liveValues = live.values(for: name)
            let same =
                name.equalsIgnoringASCIICase("Content-Type")
                ? recordedValues.map(Self.contentTypeKey) == liveValues.map(Self.contentTypeKey)
                : recordedValues == liveValues
            if !same {
                lines.append("header \(name): recorded \(Self.shown(recordedValues)), live \(Self.shown(liveValues))")
            }
        }
        return lines
    }

    private func bodyDifferences(recorded: Data, live: Data) -> [String] {
        let recordedJSON = JSONValue(parsingIfValid: recorded)
        let liveJSON = JSONValue(parsingIfValid: live)
        if var recordedJSON, var liveJSON {
            for path in ignoredPaths {
                recordedJSON = recordedJSON.removing(path)
                liveJSON = liveJSON.removing(path)
            }
            return JSONDrift.differences(recorded: recordedJSON, live: liveJSON)
        }
        guard recorded != live else { return [] }
        let firstDifference =
            zip(recorded, live).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(recorded.count, live.count)
        let kinds =
            switch (recordedJSON != nil, liveJSON != nil) {
            case (true, false): " (recorded JSON, live not JSON)"
            case (false, true): " (live JSON, recorded not JSON)"
            default: ""
            }
        return [
            "body: recorded \(Self.bytes(recorded.count)), live \(Self.bytes(live.count)), "
                + "first difference at byte \(firstDifference)\(kinds)"
        ]
    }

    /// What decides whether two `Content-Type` values agree: the media type's essence and its charset,
    /// in lower case, without spacing or quotes (`application/json;charset=utf-8`).
    static func contentTypeKey(_ value: String) -> String {
        let parts = value.split(separator: ";", omittingEmptySubsequences: false)
        let essence = MediaType(value).essence
        let charset = parts.dropFirst().lazy.compactMap { parameter -> String? in
            let pair = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2, pair[0].trimmingSpacesAndTabs().lowercased() == "charset" else { return nil }
            var charset = pair[1].trimmingSpacesAndTabs()
            if charset.count >= 2, charset.hasPrefix("\""), charset.hasSuffix("\"") {
                charset = String(charset.dropFirst().dropLast())
            }
            return charset.lowercased()
        }.first
        return charset.map { "\(essence);charset=\($0)" } ?? essence
    }

    /// `"a"`, `"a", "b"` or `(absent)`.
    private static func shown(_ values: [String]) -> String {
        values.isEmpty ? "(absent)" : values.map(DiagnosticText.quoted).joined(separator: ", ")
    }

    private static func bytes(_ count: Int) -> String {
        "\(count) byte\(count == 1 ? "" : "s")"
    }
}
