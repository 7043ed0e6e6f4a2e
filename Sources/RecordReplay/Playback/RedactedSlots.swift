/// The places where a recorded request holds the redaction placeholder (``Redaction/placeholder``):
/// path segments, query items, form fields and JSON values whose secret the recording replaced. Matching treats each
/// as matching any value, so a client that sends its real credentials replays a redacted fixture.
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

    var isEmpty: Bool { pathSegments.isEmpty && queryNames.isEmpty && formNames.isEmpty && jsonPaths.isEmpty }

    /// Where `request` (recorded, normalised) holds the placeholder.
    init(of request: NormalizedRequest) {
        let segments = request.path.split(separator: "/", omittingEmptySubsequences: false)
        pathSegments = Set(segments.indices.filter { segments[$0] == Redaction.placeholder })
        pathSegmentCount = segments.count
        queryNames = Set(request.query.filter { $0.value == Redaction.placeholder }.map(\.name))
        if case .form(let items) = request.body {
            formNames = Set(items.filter { $0.value == Redaction.placeholder }.map(\.name))
        }
        if let json = request.json {
            Self.collectPlaceholders(in: json, at: JSONPath(), into: &jsonPaths)
        }
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
        if !formNames.isEmpty, case .form(let items) = request.body {
            request.body = .form(Self.masked(items, names: formNames))
        }
        if !jsonPaths.isEmpty, var json = request.json {
            for path in jsonPaths { json = json.replacing(at: path, with: .string(Redaction.placeholder)) }
            request.json = json
            request.body = .json(canonical: json.canonicalForm)
        }
        return request
    }

    private static func masked(_ items: [QueryItem], names: Set<String>) -> [QueryItem] {
        items.map { names.contains($0.name) && $0.value != nil ? QueryItem(name: $0.name, value: Redaction.placeholder) : $0 }
            .sorted(by: QueryItem.matchingOrder)
    }

    private static func collectPlaceholders(in value: JSONValue, at path: JSONPath, into paths: inout Set<JSONPath>) {
        switch value {
        case .string(let text) where text == Redaction.placeholder:
            paths.insert(path)
        case .object(let members):
            for member in members { collectPlaceholders(in: member.value, at: path.member(member.name), into: &paths) }
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                collectPlaceholders(in: element, at: path.index(index), into: &paths)
            }
        default:
            break
        }
    }
}
