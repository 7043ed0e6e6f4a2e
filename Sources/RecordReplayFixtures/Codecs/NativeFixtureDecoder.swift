import RepositoryContractsJSON
import Foundation
import RecordReplayMessages

/// Reads the native format's JSON into a ``Fixture``; the schema is the FixtureFileFormat article of the
/// RecordReplay catalogue.
enum NativeFixtureDecoder {
    static func fixture(from root: SchemaNode) throws(SchemaError) -> Fixture {
        let object = try root.object(strict: true)
        try checkFormatMarker(object)
        let version = try object.required("version")
        guard case .number(let lexeme) = version.value, let number = Int(lexeme) else {
            throw version.mismatch("expected the integer \(NativeFixtureCodec.currentVersion)")
        }
        guard NativeFixtureCodec.readableVersions.contains(number) else {
            var error = version.error(
                "unsupported fixture version \(number); this build of swift-repository-contracts reads version "
                    + "\(NativeFixtureCodec.currentVersion) (a newer release may read it)")
            error.isUnsupportedVersion = true
            throw error
        }
        try object.rejectUnknownFields(["format", "version", "upstream", "recorded", "interactions"])
        let upstream = try object.optional("upstream")?.string()
        let recorded = try object.optional("recorded").map { node throws(SchemaError) in
            let text = try node.string()
            guard let date = RecordedDate.parse(text) else {
                throw node.error("expected a UTC date to the second such as \"2026-11-27T23:50:00Z\", found \"\(text)\"")
            }
            return date
        }
        let interactions = try object.required("interactions").array().map { node throws(SchemaError) in
            try interaction(from: node)
        }
        return Fixture(interactions: interactions, upstream: upstream, recorded: recorded)
    }

    private static func checkFormatMarker(_ object: SchemaObject) throws(SchemaError) {
        guard let marker = object.present("format") else {
            let hint =
                object.contains("log")
                ? " (this looks like a HAR file: give it the .har extension)" : ""
            throw SchemaError(
                path: object.path.description,
                reason: "not a swift-repository-contracts fixture: missing \"format\": "
                    + "\"\(NativeFixtureCodec.formatMarker)\"\(hint)")
        }
        guard case .string(NativeFixtureCodec.formatMarker) = marker.value else {
            throw marker.mismatch("expected \"\(NativeFixtureCodec.formatMarker)\"")
        }
    }

    private static func interaction(from node: SchemaNode) throws(SchemaError) -> Interaction {
        let object = try node.object(strict: true)
        try object.rejectUnknownFields(["request", "response", "latencyMilliseconds"])
        return Interaction(
            request: try request(from: object.required("request")),
            response: try response(from: object.required("response")),
            latency: try object.optional("latencyMilliseconds").map { node throws(SchemaError) in
                .milliseconds(try node.integer(in: 0...86_400_000))
            })
    }

    private static func request(from node: SchemaNode) throws(SchemaError) -> StubRequest {
        let object = try node.object(strict: true)
        try object.rejectUnknownFields(["origin", "method", "path", "query", "headers", "body"])
        let origin = try object.optional("origin").map { node throws(SchemaError) in try node.origin() }
        let methodNode = try object.required("method")
        let method = try methodNode.string()
        if let problem = HTTPSyntaxCheck.problem(method: method) { throw methodNode.error(problem) }
        let pathNode = try object.required("path")
        let path = try pathNode.string()
        if let problem = HTTPSyntaxCheck.problem(path: path) { throw pathNode.error(problem) }
        return StubRequest(
            method: method, path: path, query: try query(from: object.optional("query")),
            headers: try headers(from: object.optional("headers")), body: try body(from: object.optional("body")),
            origin: origin)
    }

    private static func response(from node: SchemaNode) throws(SchemaError) -> StubResponse {
        let object = try node.object(strict: true)
        try object.rejectUnknownFields(["status", "reason", "headers", "body"])
        let status = try object.required("status").integer(in: 100...999)
        var reason: String?
        if let reasonNode = object.optional("reason") {
            let text = try reasonNode.string()
            if let problem = HTTPSyntaxCheck.problem(fieldValue: text) { throw reasonNode.error(problem) }
            reason = text
        }
        return StubResponse(
            status: status, reason: reason, headers: try headers(from: object.optional("headers")),
            body: try body(from: object.optional("body")))
    }

    private static func query(from node: SchemaNode?) throws(SchemaError) -> [QueryItem] {
        guard let node else { return [] }
        return try node.array().map { element throws(SchemaError) in
            let (name, value) = try pair(element, expecting: "a [name, value] pair of a string and a string or null")
            return QueryItem(name: try name.string(), value: try value.optionalString())
        }
    }

    private static func headers(from node: SchemaNode?) throws(SchemaError) -> HTTPHeaders {
        guard let node else { return [:] }
        let fields = try node.array().map { element throws(SchemaError) in
            let (nameNode, valueNode) = try pair(element, expecting: "a [name, value] pair of strings")
            let name = try nameNode.string()
            if let problem = HTTPSyntaxCheck.problem(headerName: name) { throw nameNode.error(problem) }
            let value = try valueNode.string()
            if let problem = HTTPSyntaxCheck.problem(fieldValue: value) { throw valueNode.error(problem) }
            return HTTPHeaders.Field(name: name, value: value)
        }
        return HTTPHeaders(fields)
    }

    private static func pair(
        _ node: SchemaNode, expecting expectation: String
    ) throws(SchemaError) -> (SchemaNode, SchemaNode) {
        guard case .array(let elements) = node.value, elements.count == 2 else {
            throw node.mismatch("expected \(expectation)")
        }
        return (
            SchemaNode(value: elements[0], path: node.path.index(0)),
            SchemaNode(value: elements[1], path: node.path.index(1))
        )
    }

    private static func body(from node: SchemaNode?) throws(SchemaError) -> Data {
        guard let node else { return Data() }
        let object = try node.object(strict: true)
        let shapes = ["json", "text", "base64"]
        let shapeNames = object.names.filter { $0 != "style" }
        let style = object.present("style")
        if shapeNames.isEmpty, let style { throw style.error("a style needs a \"json\" member beside it") }
        guard shapeNames.count == 1, let shape = shapeNames.first else {
            throw node.error(
                "expected an object with exactly one of \"json\", \"text\" or \"base64\", found "
                    + (object.names.isEmpty ? "an empty object" : "\(object.names.count) members"))
        }
        guard shapes.contains(shape) else {
            throw SchemaError(
                path: node.path.member(shape).description,
                reason: "unknown body shape; expected \"json\", \"text\" or \"base64\"")
        }
        if let style, shape != "json" {
            throw style.error("a style applies to \"json\" bodies only, not beside \"\(shape)\"")
        }
        let content = object.present(shape)!
        switch shape {
        case "json":
            let serialization = try style.map { node throws(SchemaError) in try JSONSerializationStyle(fixtureNode: node) }
            return StoredBody.json(content.value, style: serialization ?? .compact).bytes!
        case "text":
            return Data(try content.string().utf8)
        default:
            guard let bytes = StoredBody.base64(try content.string()).bytes else {
                throw content.error("invalid base64 (expected standard base64 with \"=\" padding)")
            }
            return bytes
        }
    }
}
