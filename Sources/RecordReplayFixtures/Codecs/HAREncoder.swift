import RepositoryContractsJSON
import Foundation
import RecordReplayMessages

/// Writes a ``Fixture`` as a HAR 1.2 log; see ``HARCodec`` for the choices made.
enum HAREncoder {
    static func log(for fixture: Fixture) -> JSONValue {
        let base = fixture.upstream.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 } ?? "http://localhost"
        let entries = fixture.interactions.enumerated().map { index, interaction in
            entry(interaction, index: index, base: base, recorded: fixture.recorded)
        }
        return .object([
            .init(
                "log",
                .object([
                    .init("version", .string("1.2")),
                    .init(
                        "creator",
                        .object([
                            .init("name", .string(HARCodec.creatorName)),
                            .init("version", .string(HARCodec.creatorVersion)),
                        ])),
                    .init("_upstream", fixture.upstream.map(JSONValue.string) ?? .null),
                    .init("entries", .array(entries)),
                ]))
        ])
    }

    private static func entry(_ interaction: Interaction, index: Int, base: String, recorded: Date?) -> JSONValue {
        .object([
            .init(
                "startedDateTime",
                .string(RecordedDate.harStartTime(ofEntry: index, recorded: recorded) ?? startTime(ofEntry: index))),
            .init("time", .number(String(interaction.latency?.wholeMilliseconds ?? 0))),
            .init("request", request(interaction.request, base: base)),
            .init("response", response(interaction.response)),
            .init("cache", .object([])),
            .init(
                "timings",
                .object([
                    .init("send", .number("0")),
                    .init("wait", .number(String(interaction.latency?.wholeMilliseconds ?? 0))),
                    .init("receive", .number("0")),
                ])),
        ])
    }

    private static func request(_ request: StubRequest, base: String) -> JSONValue {
        var url = (request.origin?.description ?? base) + request.path
        if !request.query.isEmpty { url += "?" + URLText.query(request.query) }
        var members: [JSONValue.Member] = [
            .init("method", .string(request.method)),
            .init("url", .string(url)),
        ]
        if let origin = request.origin { members.append(.init("_origin", .string(origin.description))) }
        members += [
            .init("httpVersion", .string("HTTP/1.1")),
            .init("cookies", .array([])),
            .init("headers", headers(request.headers)),
            .init(
                "queryString",
                .array(request.query.map { pair(name: $0.name, value: $0.value ?? "") })),
        ]
        if !request.body.isEmpty {
            var postData: [JSONValue.Member] = [.init("mimeType", .string(request.headers["Content-Type"] ?? ""))]
            if let text = request.body.utf8Text {
                postData.append(.init("text", .string(text)))
            } else {
                postData.append(.init("text", .string(request.body.base64EncodedString())))
                postData.append(.init("_encoding", .string("base64")))
            }
            members.append(.init("postData", .object(postData)))
        }
        members.append(.init("headersSize", .number("-1")))
        members.append(.init("bodySize", .number(String(request.body.count))))
        return .object(members)
    }

    private static func response(_ response: StubResponse) -> JSONValue {
        var content: [JSONValue.Member] = [
            .init("size", .number(String(response.body.count))),
            .init("mimeType", .string(response.headers["Content-Type"] ?? "")),
        ]
        if !response.body.isEmpty {
            if let text = response.body.utf8Text {
                content.append(.init("text", .string(text)))
            } else {
                content.append(.init("text", .string(response.body.base64EncodedString())))
                content.append(.init("encoding", .string("base64")))
            }
        }
        return .object([
            .init("status", .number(String(response.status))),
            .init("statusText", .string(response.reason ?? "")),
            .init("httpVersion", .string("HTTP/1.1")),
            .init("cookies", .array([])),
            .init("headers", headers(response.headers)),
            .init("content", .object(content)),
            .init("redirectURL", .string(response.headers["Location"] ?? "")),
            .init("headersSize", .number("-1")),
            .init("bodySize", .number(String(response.body.count))),
        ])
    }

    private static func headers(_ headers: HTTPHeaders) -> JSONValue {
        .array(headers.map { pair(name: $0.name, value: $0.value) })
    }

    private static func pair(name: String, value: String) -> JSONValue {
        .object([.init("name", .string(name)), .init("value", .string(value))])
    }

    /// `1970-01-01T00:00:00.000Z` plus `index` milliseconds, so entries sort in fixture order (a fixture
    /// without a recorded date).
    static func startTime(ofEntry index: Int) -> String {
        let milliseconds = index % 1000
        let seconds = index / 1000 % 60
        let minutes = index / 60_000 % 60
        let hours = index / 3_600_000 % 24
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "1970-01-01T\(padded(hours, 2)):\(padded(minutes, 2)):\(padded(seconds, 2)).\(padded(milliseconds, 3))Z"
    }
}
