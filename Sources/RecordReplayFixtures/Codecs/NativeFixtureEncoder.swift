import RepositoryContractsJSON
import Foundation
import RecordReplayMessages

/// Writes a ``Fixture`` as native-format text; the layout is in the FixtureFileFormat article of the
/// RecordReplay catalogue.
enum NativeFixtureEncoder {
    static func text(for fixture: Fixture) -> String {
        var writer = IndentedWriter()
        writer.open("{")
        writer.member("format", string: NativeFixtureCodec.formatMarker)
        writer.member("version", raw: String(NativeFixtureCodec.currentVersion))
        if let upstream = fixture.upstream { writer.member("upstream", string: upstream) }
        if let recorded = fixture.recorded { writer.member("recorded", string: RecordedDate.text(of: recorded)) }
        writer.openMember("interactions", "[")
        for interaction in fixture.interactions {
            writer.open("{", asElement: true)
            writer.openMember("request", "{")
            write(interaction.request, to: &writer)
            writer.close("}")
            writer.openMember("response", "{")
            write(interaction.response, to: &writer)
            writer.close("}")
            if let latency = interaction.latency {
                writer.member("latencyMilliseconds", raw: String(latency.wholeMilliseconds))
            }
            writer.close("}")
        }
        writer.close("]")
        writer.close("}")
        return writer.output + "\n"
    }

    private static func write(_ request: StubRequest, to writer: inout IndentedWriter) {
        if let origin = request.origin { writer.member("origin", string: origin.description) }
        writer.member("method", string: request.method)
        writer.member("path", string: request.path)
        if !request.query.isEmpty {
            writer.pairs("query", request.query.map { ($0.name, $0.value) })
        }
        writer.pairs("headers", request.headers.map { ($0.name, $0.value) })
        write(request.body, headers: request.headers, to: &writer)
    }

    private static func write(_ response: StubResponse, to writer: inout IndentedWriter) {
        writer.member("status", raw: String(response.status))
        if let reason = response.reason { writer.member("reason", string: reason) }
        writer.pairs("headers", response.headers.map { ($0.name, $0.value) })
        write(response.body, headers: response.headers, to: &writer)
    }

    private static func write(_ body: Data, headers: HTTPHeaders, to writer: inout IndentedWriter) {
        let maximumDepth = JSONValue.defaultMaximumDepth - NativeFixtureCodec.bodyNestingOffset
        guard let stored = StoredBody(body: body, mediaType: headers.mediaType, maximumJSONDepth: maximumDepth)
        else { return }
        writer.openMember("body", "{")
        switch stored {
        case .json(let value, let style):
            writer.member("json", value: value)
            let styleMembers = style.fixtureMembers
            if !styleMembers.isEmpty { writer.member("style", value: .object(styleMembers)) }
        case .text(let text): writer.member("text", string: text)
        case .base64(let encoded): writer.member("base64", string: encoded)
        }
        writer.close("}")
    }
}
