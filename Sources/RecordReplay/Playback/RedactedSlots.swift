import RecordReplayMessages
import RepositoryContractsJSON
import Foundation

/// The places where a recorded request holds the redaction placeholder (``Redaction/placeholder``):
/// path segments, query items, form fields and JSON values whose secret the recording replaced. Matching treats each
/// as matching any value, so a client that sends its real credentials replays a redacted fixture.
///
/// A query value, form value or JSON string that holds the placeholder among other text (a credential
/// redacted inside it: `Server=db;Password=REDACTED`, `https://relay/services/T…/B…/REDACTED`) matches a
/// value with the same text around any non-empty run in each placeholder's place.
///
/// Only values the fixture itself redacted are wildcards: a hand-written fixture that tells
/// `"password": "right"` from `"password": "wrong"` keeps matching on them.
struct RedactedSlots: Sendable, Hashable {
    /// The positions of path segments that are the placeholder (`/hooks/REDACTED` → 2), with the
    /// number of segments of the recorded path.
    var pathSegments: Set<Int> = []
    var pathSegmentCount = 0
    /// Query item names whose recorded value is the placeholder.
    var queryNames: Set<String> = []
    /// Form field names whose recorded value is the placeholder.
    var formNames: Set<String> = []
    /// Paths to JSON strings that are the placeholder.
    var jsonPaths: Set<JSONPath> = []
    /// Query items, form fields and JSON strings whose recorded value holds the placeholder among other
    /// text: the recorded value, by name or path.
    var queryPatterns: [String: String] = [:]
    var formPatterns: [String: String] = [:]
    var jsonPatterns: [JSONPath: String] = [:]
    /// A body read as bytes (text, multipart, XML) that holds the placeholder: its recorded text.
    var bytesPattern: String?

    var isEmpty: Bool {
        pathSegments.isEmpty && queryNames.isEmpty && formNames.isEmpty && jsonPaths.isEmpty && queryPatterns.isEmpty
            && formPatterns.isEmpty && jsonPatterns.isEmpty && bytesPattern == nil
    }

    /// Where `request` (recorded, normalised) holds the placeholder.
    init(of request: NormalizedRequest) {
        // Most recorded paths hold no placeholder: they are not split (an index of 100,000 interactions
        // makes this for each of them when it loads).
        if request.path.contains(Redaction.placeholder) {
            let segments = request.path.split(separator: "/", omittingEmptySubsequences: false)
            pathSegments = Set(segments.indices.filter { segments[$0] == Redaction.placeholder })
            pathSegmentCount = segments.count
        }
        queryNames = Set(request.query.filter { $0.value == Redaction.placeholder }.map(\.name))
        queryPatterns = Self.patterns(in: request.query)
        if case .form(let items) = request.body {
            formNames = Set(items.filter { $0.value == Redaction.placeholder }.map(\.name))
            formPatterns = Self.patterns(in: items)
        }
        if case .bytes(let body) = request.body, let text = String(data: body, encoding: .utf8),
            text.contains(Redaction.placeholder)
        {
            bytesPattern = text
        }
        if let json = request.json {
            Self.collectPlaceholders(in: json, at: JSONPath(), into: &jsonPaths, patterns: &jsonPatterns)
        }
    }

    /// The items whose value holds the placeholder among other text, by name.
    private static func patterns(in items: [QueryItem]) -> [String: String] {
        var patterns: [String: String] = [:]
        for item in items {
            if let value = item.value, value != Redaction.placeholder, value.contains(Redaction.placeholder) {
                patterns[item.name] = value
            }
        }
        return patterns
    }

    /// Whether `value` is `pattern` with a non-empty run in place of each placeholder.
    static func fits(_ value: String, pattern: String) -> Bool {
        let parts = pattern.components(separatedBy: Redaction.placeholder)
        guard let first = parts.first, let last = parts.last, value.hasPrefix(first) else { return false }
        var position = value.index(value.startIndex, offsetBy: first.count)
        for part in parts.dropFirst().dropLast() {
            // Leftmost after a run of at least one character leaves the most room for the rest.
            guard position < value.endIndex,
                let found = value.range(of: part, range: value.index(after: position)..<value.endIndex)
            else { return false }
            position = found.upperBound
        }
        guard position < value.endIndex else { return false }
        return value[value.index(after: position)...].hasSuffix(last)
    }

    private static func fitted(_ items: [QueryItem], patterns: [String: String]) -> [QueryItem] {
        items.map { item in
            guard let pattern = patterns[item.name], let value = item.value, fits(value, pattern: pattern) else { return item }
            return QueryItem(name: item.name, value: pattern)
        }.sorted(by: QueryItem.matchingOrder)
    }

    /// `request` (received, normalised) with the placeholder in these places, where it has a value.
    func applied(to request: NormalizedRequest) -> NormalizedRequest {
        var request = request
        if !pathSegments.isEmpty {
            var segments = request.path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            if segments.count == pathSegmentCount {
                for index in pathSegments { segments[index] = Redaction.placeholder }
                request.path = segments.joined(separator: "/")
            }
        }
        if !queryNames.isEmpty {
            request.query = Self.masked(request.query, names: queryNames)
        }
        if !queryPatterns.isEmpty {
            request.query = Self.fitted(request.query, patterns: queryPatterns)
        }
        if !formNames.isEmpty || !formPatterns.isEmpty, case .form(let items) = request.body {
            request.body = .form(Self.fitted(Self.masked(items, names: formNames), patterns: formPatterns))
        }
        if let bytesPattern, case .bytes(let body) = request.body, let text = String(data: body, encoding: .utf8),
            text == bytesPattern || Self.fits(text, pattern: bytesPattern)
        {
            request.body = .bytes(Data(bytesPattern.utf8))
        }
        if !jsonPaths.isEmpty || !jsonPatterns.isEmpty, var json = request.json {
            for path in jsonPaths { json = json.replacing(at: path, with: .string(Redaction.placeholder)) }
            for (path, pattern) in jsonPatterns {
                if case .string(let text) = json.value(at: path), Self.fits(text, pattern: pattern) {
                    json = json.replacing(at: path, with: .string(pattern))
                }
            }
            request.json = json
            request.body = .json(canonical: json.canonicalForm)
        }
        return request
    }

    private static func masked(_ items: [QueryItem], names: Set<String>) -> [QueryItem] {
        items.map { names.contains($0.name) && $0.value != nil ? QueryItem(name: $0.name, value: Redaction.placeholder) : $0 }
            .sorted(by: QueryItem.matchingOrder)
    }

    private static func collectPlaceholders(
        in value: JSONValue, at path: JSONPath, into paths: inout Set<JSONPath>, patterns: inout [JSONPath: String]
    ) {
        switch value {
        case .string(let text) where text == Redaction.placeholder:
            paths.insert(path)
        case .string(let text) where text.contains(Redaction.placeholder):
            patterns[path] = text
        case .object(let members):
            for member in members {
                collectPlaceholders(in: member.value, at: path.member(member.name), into: &paths, patterns: &patterns)
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                collectPlaceholders(in: element, at: path.index(index), into: &paths, patterns: &patterns)
            }
        default:
            break
        }
    }
}
