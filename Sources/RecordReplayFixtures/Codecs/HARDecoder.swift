import RepositoryContractsJSON
import Foundation
import RecordReplayMessages

/// Reads a HAR log's JSON into a ``Fixture``, tolerantly; see ``HARCodec`` for the rules.
struct HARDecoder {
    /// Names the data in notes.
    let source: String
    /// What was skipped, one line each.
    private(set) var notes: [String] = []

    init(source: String) {
        self.source = source
    }

    /// An entry read, before the upstream is known.
    private struct Entry {
        var url: String
        var parts: URLText.Parts
        var queryString: [QueryItem]
        var interaction: Interaction
        /// The request's `_origin`, which this package writes for an interaction recorded with an origin:
        /// its path is the URL's path, whatever the upstream.
        var declaresOrigin: Bool
    }

    mutating func fixture(from root: SchemaNode) throws(SchemaError) -> Fixture {
        let log = try root.object(strict: false).required("log").object(strict: false)
        if let versionNode = log.optional("version") {
            let version = try versionNode.string()
            guard version.split(separator: ".").first == "1" else {
                let quoted = JSONValue.string(version).briefDescription
                var error = versionNode.error("unsupported HAR version \(quoted); expected 1.x")
                error.isUnsupportedVersion = true
                throw error
            }
        }
        var entries: [Entry] = []
        for node in try log.required("entries").array() {
            if let entry = try entry(from: node) { entries.append(entry) }
        }
        let upstream = try resolveUpstream(log: log, entries: &entries)
        return Fixture(interactions: entries.map(\.interaction), upstream: upstream)
    }

    // MARK: Entries

    private mutating func entry(from node: SchemaNode) throws(SchemaError) -> Entry? {
        let object = try node.object(strict: false)
        let responseObject = try object.required("response").object(strict: false)
        let statusNode = try responseObject.required("status")
        if case .number("0") = statusNode.value {
            var detail = ""
            if let error = responseObject.optional("_error"), case .string(let text) = error.value {
                detail = " (\(text))"
            }
            notes.append("\(source): \(node.path): skipped: status 0, a request that got no response\(detail)")
            return nil
        }
        let requestObject = try object.required("request").object(strict: false)
        let urlNode = try requestObject.required("url")
        let url = try urlNode.string()
        guard let parts = URLText.split(url) else {
            throw urlNode.mismatch("expected an absolute URL")
        }
        var request = try request(from: requestObject)
        request.origin = try Self.declaredOrigin(requestObject.optional("_origin"))
        let response = try response(from: responseObject, status: statusNode)
        return Entry(
            url: url, parts: parts, queryString: try queryString(from: requestObject.optional("queryString")),
            interaction: Interaction(request: request, response: response, latency: try Self.latency(of: object)),
            declaresOrigin: request.origin != nil)
    }

    /// A request's `_origin` (`scheme://host[:port]`), or `nil` when it has none.
    private static func declaredOrigin(_ node: SchemaNode?) throws(SchemaError) -> HTTPOrigin? {
        try node.map { node throws(SchemaError) in try node.origin() }
    }

    /// The entry's `time` (total milliseconds, fractional allowed) when it is positive; `-1` and `0`
    /// (unknown, or written by a tool that does not measure) give none.
    private static func latency(of entry: SchemaObject) throws(SchemaError) -> Duration? {
        guard let node = entry.optional("time") else { return nil }
        guard case .number(let lexeme) = node.value, let milliseconds = Double(lexeme), milliseconds.isFinite else {
            throw node.mismatch("expected a number of milliseconds")
        }
        guard milliseconds > 0 else { return nil }
        return .microseconds(Int64((milliseconds * 1_000).rounded()))
    }

    /// The request without its path and query, which come from the URL once the upstream is known.
    private mutating func request(from object: SchemaObject) throws(SchemaError) -> StubRequest {
        let methodNode = try object.required("method")
        let method = try methodNode.string()
        if let problem = HTTPSyntaxCheck.problem(method: method) { throw methodNode.error(problem) }
        let headers = try Self.headers(from: object.optional("headers"))
        let body = try requestBody(from: object.optional("postData"))
        return StubRequest(method: method, path: "/", headers: headers, body: body)
    }

    private mutating func requestBody(from node: SchemaNode?) throws(SchemaError) -> Data {
        guard let node else { return Data() }
        let postData = try node.object(strict: false)
        let encoding = try (postData.optional("_encoding") ?? postData.optional("encoding"))?.string()
        if let textNode = postData.optional("text") {
            let body = try Self.decodedText(textNode, encoding: encoding)
            if !body.isEmpty { return body }
        }
        guard let paramsNode = postData.optional("params") else { return Data() }
        let params = try paramsNode.array()
        guard !params.isEmpty else { return Data() }
        let mimeType = try postData.optional("mimeType")?.string() ?? ""
        let essence = MediaType(mimeType).essence
        guard essence.isEmpty || essence == "application/x-www-form-urlencoded" else {
            notes.append(
                "\(source): \(node.path): body left empty: \"params\" cannot rebuild a \(essence) body exactly")
            return Data()
        }
        let pairs = try params.map { param throws(SchemaError) in
            let object = try param.object(strict: false)
            return (try object.required("name").string(), try object.optional("value")?.string() ?? "")
        }
        return Data(URLText.formBody(pairs).utf8)
    }

    private func response(from object: SchemaObject, status statusNode: SchemaNode) throws(SchemaError) -> StubResponse {
        let status: Int
        if case .string(let text) = statusNode.value, let number = Int(text), (100...999).contains(number) {
            status = number
        } else {
            status = try statusNode.integer(in: 100...999)
        }
        var reason: String?
        if let reasonNode = object.optional("statusText") {
            let text = try reasonNode.string()
            if let problem = HTTPSyntaxCheck.problem(fieldValue: text) { throw reasonNode.error(problem) }
            reason = text.isEmpty ? nil : text
        }
        var headers = try Self.headers(from: object.optional("headers"))
        var body = Data()
        var isBase64 = false
        if let contentNode = object.optional("content") {
            let content = try contentNode.object(strict: false)
            let encoding = try content.optional("encoding")?.string()
            isBase64 = encoding?.lowercased() == "base64"
            if let textNode = content.optional("text") {
                body = try Self.decodedText(textNode, encoding: encoding)
            }
        }
        if let coding = headers["Content-Encoding"],
            !ContentCoding.bodyIsStillEncoded(
                body, contentEncoding: coding, storedAsBase64: isBase64, mediaType: headers.mediaType)
        {
            headers.removeAll(named: "Content-Encoding")
        }
        return StubResponse(status: status, reason: reason, headers: headers, body: body)
    }

    /// The bytes of a `text` field: base64-decoded for `encoding` `"base64"`, UTF-8 otherwise.
    private static func decodedText(_ node: SchemaNode, encoding: String?) throws(SchemaError) -> Data {
        let text = try node.string()
        switch encoding?.lowercased() {
        case nil, "", "utf-8", "utf8":
            return Data(text.utf8)
        case "base64":
            let compact = String(text.unicodeScalars.filter { !" \t\r\n".unicodeScalars.contains($0) })
            guard let bytes = Data(base64Encoded: compact) else { throw node.error("invalid base64") }
            return bytes
        case let other?:
            throw node.error("unsupported encoding \(JSONValue.string(other).briefDescription); expected \"base64\" or none")
        }
    }

    // MARK: Headers and query

    /// Header fields from a HAR `headers` array, tolerating the shapes real exporters write.
    private static func headers(from node: SchemaNode?) throws(SchemaError) -> HTTPHeaders {
        guard let node else { return [:] }
        var headers = HTTPHeaders()
        for element in try node.array() {
            let nameNode: SchemaNode
            let valueNode: SchemaNode?
            if case .array(let pair) = element.value, pair.count == 2 {
                nameNode = SchemaNode(value: pair[0], path: element.path.index(0))
                valueNode = SchemaNode(value: pair[1], path: element.path.index(1))
            } else if case .object = element.value {
                let object = try element.object(strict: false)
                nameNode = try object.required("name")
                valueNode = object.optional("value")
            } else {
                throw element.mismatch("expected a {\"name\", \"value\"} object or a [name, value] pair")
            }
            let name = try nameNode.string()
            if name.hasPrefix(":") { continue }  // an HTTP/2 pseudo-header
            if let problem = HTTPSyntaxCheck.problem(headerName: name) { throw nameNode.error(problem) }
            for value in try headerValues(valueNode) {
                headers.append(name: name, value: value)
            }
        }
        return headers
    }

    /// The values of one HAR header: a string (one value per line), a number, or an array of them.
    private static func headerValues(_ node: SchemaNode?) throws(SchemaError) -> [String] {
        guard let node else { return [""] }
        switch node.value {
        case .array:
            var values: [String] = []
            for element in try node.array() { values += try headerValues(element) }
            return values
        case .number(let lexeme):
            return [lexeme]
        case .bool(let flag):
            return [flag ? "true" : "false"]
        case .string(let text):
            if text.utf8.contains(0) { throw node.error("must not contain NUL characters") }
            guard text.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else { return [text] }
            return text.split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
                .map { String($0).trimmingSpacesAndTabs() }
        default:
            throw node.mismatch("expected a header value")
        }
    }

    private func queryString(from node: SchemaNode?) throws(SchemaError) -> [QueryItem] {
        guard let node, case .array = node.value else { return [] }
        return try node.array().map { element throws(SchemaError) in
            let object = try element.object(strict: false)
            return QueryItem(name: try object.required("name").string(), value: try object.optional("value")?.string() ?? "")
        }
    }

    // MARK: Upstream

    /// Sets each entry's path and query (and, for entries from several origins, its origin), and returns
    /// the fixture's upstream. Entries that declare their origin (`_origin`) keep it and the URL's path.
    private mutating func resolveUpstream(log: SchemaObject, entries: inout [Entry]) throws(SchemaError) -> String? {
        var upstream: String?
        var isResolved = false
        let undeclared = entries.indices.filter { !entries[$0].declaresOrigin }
        if let node = log.present("_upstream") {
            if let declared = try node.optionalString() {
                let targets = undeclared.compactMap { Self.target(of: entries[$0].url, relativeTo: declared) }
                if targets.count == undeclared.count {
                    for (index, target) in zip(undeclared, targets) {
                        entries[index].parts = URLText.split(target) ?? entries[index].parts
                    }
                    upstream = declared
                    isResolved = true
                }
            } else {
                isResolved = true  // written without an upstream: paths are the URLs' paths
            }
        }
        if !isResolved {
            let origins = Set(undeclared.map { entries[$0].parts.origin })
            if origins.count == 1 {
                upstream = origins.first!
            } else {
                for index in undeclared {
                    entries[index].interaction.request.origin = entries[index].parts.origin.flatMap(HTTPOrigin.init)
                }
            }
        }
        for index in entries.indices {
            let parts = entries[index].parts
            entries[index].interaction.request.path = Self.safePath(parts.path)
            entries[index].interaction.request.query =
                parts.query.map(URLText.queryItems) ?? entries[index].queryString
        }
        return upstream
    }

    /// The path and query of `url` after `base` (`/` when nothing follows), or `nil` when `url` does not
    /// start with `base` at a path boundary.
    private static func target(of url: String, relativeTo base: String) -> String? {
        let base = base.hasSuffix("/") ? String(base.dropLast()) : base
        let url = String(url.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
        guard url.hasPrefix(base) else { return nil }
        let rest = url.dropFirst(base.count)
        if rest.isEmpty { return "/" }
        if rest.hasPrefix("/") { return String(rest) }
        if rest.hasPrefix("?") { return "/" + rest }
        return nil
    }

    /// The path with spaces and control characters percent-encoded (some tools write them raw).
    private static func safePath(_ path: String) -> String {
        var safe = ""
        for scalar in path.unicodeScalars {
            if scalar.value <= 0x20 || scalar.value == 0x7F {
                safe += URLText.percentEncoded(String(scalar), keeping: [])
            } else {
                safe.unicodeScalars.append(scalar)
            }
        }
        return safe
    }
}
