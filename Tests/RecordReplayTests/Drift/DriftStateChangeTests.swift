import RecordReplayMessages
import Foundation
import RepositoryContractsPrimitives
@_spi(Benchmarks) import RecordReplay
@_spi(Benchmarks) import RecordReplayFixtures
@_spi(Benchmarks) import RecordReplayRedaction
@_spi(Benchmarks) import RecordReplayWire
import Testing
import RepositoryContractsTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Drift on a stateful API whose server assigns ids: state-changing requests stay off the live API
/// unless the check is told to send them, and then the ids the live API assigns are mapped onto the
/// recorded ones, so an unchanged API shows no drift and a changed field shows as exactly that field.
@Suite("Recording: drift on a stateful API")
struct DriftStateChangeTests {
    /// A stateful items API on loopback that assigns a random UUID to each item it creates and answers
    /// with it in the body (`id`, and `url` under its public base URL, with `/` escaped as Foundation's
    /// `JSONEncoder` does), in `Location` and in `ETag`; `PATCH` honours `If-Match`. `names` changes how a name is answered,
    /// to make a changed API.
    final class ItemsAPI: Sendable {
        let server = StubServer()
        private let items = Protected<[String: (name: String, version: Int)]>([:])

        init(names: @escaping @Sendable (String) -> String = { $0 }) {
            server.playback.stub(.any) { [items] request in
                let segments = request.path.split(separator: "/").map(String.init)
                let base = "https://items.example"
                func answer(_ status: Int, _ id: String, _ item: (name: String, version: Int)) -> StubResponse {
                    let url = "\(base)/items/\(id)".replacingOccurrences(of: "/", with: "\\/")
                    let body = #"{"id":"\#(id)","name":"\#(names(item.name))","url":"\#(url)"}"#
                    return StubResponse(
                        status: status,
                        headers: ["Content-Type": "application/json", "Location": "/items/\(id)", "ETag": "\"\(id)-\(item.version)\""],
                        body: Data(body.utf8))
                }
                func name(in body: Data) -> String? {
                    (try? JSONSerialization.jsonObject(with: body) as? [String: Any])?["name"] as? String
                }
                switch (request.method, segments.count) {
                case ("POST", 1):
                    let id = UUID().uuidString.lowercased()
                    let item = (name: name(in: request.body) ?? "", version: 1)
                    items.withLock { $0[id] = item }
                    return answer(201, id, item)
                case ("GET", 1):
                    let listed = items.withLock { $0.values.map { names($0.name) }.sorted() }
                    return StubResponse(
                        headers: ["Content-Type": "application/json"], body: Data("[\(listed.map { #""\#($0)""# }.joined(separator: ","))]".utf8))
                case (let method, 2):
                    let id = segments[1]
                    let missing = StubResponse(
                        status: 404, headers: ["Content-Type": "application/json"], body: Data(#"{"error":"no item \#(id)"}"#.utf8))
                    guard let item = items.withLock({ $0[id] }) else { return missing }
                    switch method {
                    case "GET": return answer(200, id, item)
                    case "PATCH":
                        guard request.headers["If-Match"] == "\"\(id)-\(item.version)\"" else { return StubResponse(status: 412) }
                        let changed = (name: name(in: request.body) ?? item.name, version: item.version + 1)
                        items.withLock { $0[id] = changed }
                        return answer(200, id, changed)
                    case "DELETE":
                        items.withLock { $0[id] = nil }
                        return StubResponse(status: 204)
                    default: return StubResponse(status: 405)
                    }
                default: return StubResponse(status: 404)
                }
            }
        }
    }

    /// What a client does with items, through `base`: create one, read it, rename it (with the ETag it
    /// read), list, delete, read it again.
    static func clientFlow(_ base: URL) async throws {
        func send(_ method: String, _ path: String, _ body: String? = nil, headers: [String: String] = [:]) async throws
            -> (Data, HTTPURLResponse)
        {
            var request = URLRequest(url: URL(string: base.absoluteString + path)!)
            request.httpMethod = method
            for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
            if let body {
                request.httpBody = Data(body.utf8)
                request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            }
            let (data, response) = try await URLSession.patient.data(for: request)
            return (data, response as! HTTPURLResponse)
        }
        let (created, _) = try await send("POST", "/items", #"{"name":"milk"}"#)
        let id = try #require((try JSONSerialization.jsonObject(with: created) as? [String: Any])?["id"] as? String)
        let (_, read) = try await send("GET", "/items/\(id)")
        let tag = try #require(read.value(forHTTPHeaderField: "ETag"))
        _ = try await send("PATCH", "/items/\(id)", #"{"name":"oat milk"}"#, headers: ["If-Match": tag])
        _ = try await send("GET", "/items")
        _ = try await send("DELETE", "/items/\(id)")
        _ = try await send("GET", "/items/\(id)")
    }

    /// Records the client flow from a fresh API into `items.json` in a new folder.
    static func recordFixture() async throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("drift-state-\(UUID())", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let api = ItemsAPI()
        try await api.server.start()
        let recorder = StubServer(.init(fixtureDirectory: directory, recording: Recording(mode: .all, upstream: api.server.baseURL)))
        try recorder.loadFixture(named: "items")
        try await recorder.start()
        try await clientFlow(recorder.baseURL)
        await recorder.stop()
        _ = try recorder.finishRecording()
        await api.server.stop()
        return directory
    }

    /// Replays the fixture in `directory` with the drift check against `api`, running the client flow.
    static func checkDrift(_ directory: URL, against api: ItemsAPI, options: DriftCheckOptions) async throws -> PlaybackReport {
        try await api.server.start()
        let server = StubServer(
            .init(fixtureDirectory: directory, recording: Recording(mode: .drift, upstream: api.server.baseURL, driftCheck: options)))
        try server.loadFixture(named: "items")
        try await server.start()
        try await clientFlow(server.baseURL)
        await server.stop()
        await api.server.stop()
        return server.report
    }

    /// Writes `fixture` as `items.json` in a new folder and starts a fresh ``ItemsAPI`` and a stub server
    /// checking drift against it with the default options (state-changing requests skipped). The caller
    /// stops both servers and removes the folder.
    static func startDriftCheck(of fixture: Fixture) async throws -> (directory: URL, live: ItemsAPI, server: StubServer) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("drift-\(UUID())", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try fixture.write(to: directory.appendingPathComponent("items.json"))
        let live = ItemsAPI()
        try await live.server.start()
        let server = StubServer(.init(fixtureDirectory: directory, recording: Recording(mode: .drift, upstream: live.server.baseURL)))
        try server.loadFixture(named: "items")
        try await server.start()
        return (directory, live, server)
    }

    @Test("sent, against an unchanged API that assigns other ids: no drift; live ids reach the live API in paths and If-Match")
    func unchangedAPIHasNoDrift() async throws {
        let directory = try await Self.recordFixture()
        defer { try? FileManager.default.removeItem(at: directory) }
        let live = ItemsAPI()
        let report = try await Self.checkDrift(directory, against: live, options: DriftCheckOptions(stateChangingRequests: .send))
        #expect(report.findings.isEmpty, "\(report)")
        #expect(report.driftCheckCount == 6)
        let journal = live.server.journal
        #expect(journal.map(\.method) == ["POST", "GET", "PATCH", "GET", "DELETE", "GET"])
        let liveID = try #require(journal[1].path.split(separator: "/").last.map(String.init))
        #expect(journal.dropFirst().filter { $0.method != "GET" || $0.path != "/items" }.allSatisfy { $0.path == "/items/\(liveID)" })
        #expect(journal[2].headers["If-Match"] == "\"\(liveID)-1\"", "the PATCH carried the live ETag, so it was not refused")
    }

    @Test("sent, against an API that now answers names differently: the name, and nothing else, is drift")
    func changedFieldIsExactlyThatField() async throws {
        let directory = try await Self.recordFixture()
        defer { try? FileManager.default.removeItem(at: directory) }
        let report = try await Self.checkDrift(
            directory, against: ItemsAPI(names: { $0.uppercased() }), options: DriftCheckOptions(stateChangingRequests: .send))
        let lines = report.drifts.flatMap { drift -> [String] in
            if let lines = drift.outcome.differences { lines } else { ["not a difference: \(drift.message)"] }
        }
        #expect(
            lines == [
                #"$.name: recorded "milk", live "MILK""#,
                #"$.name: recorded "milk", live "MILK""#,
                #"$.name: recorded "oat milk", live "OAT MILK""#,
                #"$[0]: recorded "oat milk", live "OAT MILK""#,
            ], "\(report)")
        #expect(report.findings.count == 1, "one finding for the one fixture")
        #expect(
            report.findings.first?.message.contains("\n  Where: $.name in 3 requests, $[*] in 1 request.\n") == true,
            "one changed field reads as one place, whatever the number of requests")
    }

    @Test("by default: no state-changing request reaches the live API; the reads after one are compared by shape, and the report says so")
    func stateChangesAreNotSentByDefault() async throws {
        let directory = try await Self.recordFixture()
        defer { try? FileManager.default.removeItem(at: directory) }
        let live = ItemsAPI()
        let report = try await Self.checkDrift(directory, against: live, options: DriftCheckOptions())
        #expect(live.server.journal.map(\.method) == ["GET", "GET", "GET"], "the flow starts with a POST: only its reads were sent")
        #expect(report.driftCheckCount == 0)
        #expect(report.drifts.count == 3, "POST, PATCH and DELETE were not sent")
        #expect(report.drifts.map(\.request.method) == ["POST", "PATCH", "DELETE"])
        // The writes after the unsent POST name it, as the check's redaction shows it.
        let reasons = report.drifts.compactMap(\.outcome.notSentReason)
        #expect(reasons.count == 3)
        #expect(
            reasons.dropFirst().allSatisfy { $0.hasPrefix("it follows request #1 POST /items, which was not sent") }, "\(reasons)")
        #expect(!report.hasErrors)
        let finding = try #require(report.findings.first)
        #expect(report.findings.count == 1)
        #expect(finding.severity == .warning)
        #expect(
            finding.message.contains(
                ": 3 requests not sent; 1 read after the first unsent one compared by shape only (member names and "
                    + "JSON types, not values); 2 reads not comparable (live status 404, recorded 200)."),
            "\(finding.message)")
        #expect(finding.message.contains("Not sent: request #1 POST /items (POST may change the live API's data"))
        #expect(finding.message.contains("and the 2 requests after it."))
        #expect(finding.message.contains("\(EnvironmentVariable.driftWrites)=send"))
    }

    @Test("by default: reads before the first state change are still checked")
    func readsBeforeAStateChangeAreChecked() async throws {
        let json: HTTPHeaders = ["Content-Type": "application/json"]
        let (directory, live, server) = try await Self.startDriftCheck(of: Fixture(interactions: [
            Interaction(request: StubRequest(method: "GET", path: "/items"), response: StubResponse(headers: json, body: Data("[]".utf8))),
            Interaction(
                request: StubRequest(method: "DELETE", path: "/items/1"),
                response: StubResponse(status: 404, headers: json, body: Data(#"{"error":"no item 1"}"#.utf8))),
        ]))
        defer { try? FileManager.default.removeItem(at: directory) }
        for (method, path) in [("GET", "/items"), ("DELETE", "/items/1")] {
            var request = URLRequest(url: URL(string: server.baseURL.absoluteString + path)!)
            request.httpMethod = method
            _ = try await URLSession.patient.data(for: request)
        }
        await server.stop()
        await live.server.stop()
        #expect(live.server.journal.map(\.method) == ["GET"])
        #expect(server.report.driftCheckCount == 1)
        #expect(server.report.findings.map(\.severity) == [.warning])
    }

    @Test("a hand-written fixture holding a credential in clear: the skipped write's line and every drift show it redacted")
    func skippedWriteLineIsRedacted() async throws {
        let secret = "sk_live_" + "4eC39HqLyjWDarjtT1zdp7dc"
        let json: HTTPHeaders = ["Content-Type": "application/json"]
        let (directory, live, server) = try await Self.startDriftCheck(of: Fixture(interactions: [
            Interaction(
                request: StubRequest(method: "POST", path: "/items", query: [QueryItem(name: "api_key", value: secret)], headers: json,
                                     body: Data(#"{"name":"milk"}"#.utf8)),
                response: StubResponse(status: 201, headers: json, body: Data(#"{"id":"1","name":"milk"}"#.utf8))),
            Interaction(request: StubRequest(method: "DELETE", path: "/items/1"), response: StubResponse(status: 204)),
        ]))
        defer { try? FileManager.default.removeItem(at: directory) }
        // As app code sends them: the write and the delete after it from tasks of their own, one after the other.
        try await Task {
            var create = URLRequest(url: URL(string: server.baseURL.absoluteString + "/items?api_key=\(secret)")!)
            create.httpMethod = "POST"
            create.setValue("application/json", forHTTPHeaderField: "Content-Type")
            create.httpBody = Data(#"{"name":"milk"}"#.utf8)
            _ = try await URLSession.patient.data(for: create)
        }.value
        async let deleted = {
            var delete = URLRequest(url: URL(string: server.baseURL.absoluteString + "/items/1")!)
            delete.httpMethod = "DELETE"
            return try await URLSession.patient.data(for: delete)
        }()
        _ = try await deleted
        await server.stop()
        await live.server.stop()
        #expect(live.server.journal.isEmpty, "nothing state-changing reached the live API")
        let drifts = server.report.drifts
        #expect(drifts.map(\.request.method) == ["POST", "DELETE"])
        #expect(drifts.first?.request.query == [QueryItem(name: "api_key", value: Redaction.placeholder)])
        let reason = try #require(drifts.last?.outcome.notSentReason)
        #expect(reason.hasPrefix("it follows request #1 POST /items?api_key=\(Redaction.placeholder), which was not sent"), "\(reason)")
        let messages = server.report.findings.map(\.message).joined() + drifts.map(\.message).joined()
        #expect(!messages.contains(secret))
    }

    @Test("REPOSITORY_CONTRACTS_DRIFT_WRITES: send sends them, skip and no value leave the options, anything else is an error")
    func environment() throws {
        let variable = EnvironmentVariable.driftWrites
        #expect(try DriftCheckOptions().resolved(environment: [variable: "send"]).stateChangingRequests == .send)
        #expect(try DriftCheckOptions().resolved(environment: [variable: "skip"]).stateChangingRequests == .skip)
        #expect(try DriftCheckOptions().resolved(environment: [:]).stateChangingRequests == .skip)
        #expect(
            try DriftCheckOptions(stateChangingRequests: .send).resolved(environment: [variable: "skip"]).stateChangingRequests
                == .send, "the code's choice to send stands")
        #expect {
            try DriftCheckOptions().resolved(environment: [variable: "yes"])
        } throws: { error in
            (error as? DriftWritesError)?.value == "yes"
                && "\(error)" == "\(variable)=yes is not understood (expected send or skip)"
        }
    }

    @Test("many drifting requests in one fixture: one finding that shows the first three and counts the rest")
    func summaryPerFixture() async throws {
        let upstream = StubServer()
        upstream.playback.stub(.any, with: StubResponse(status: 500))
        try await upstream.start()
        let playback = Playback()
        let requests = (1...8).map { StubRequest(method: "GET", path: "/items/\($0)") }
        playback.load(Fixture(interactions: requests.map { Interaction(request: $0, response: StubResponse()) }), source: "items.json")
        playback.checkDrift(against: UpstreamForwarder.patient(upstream.baseURL))
        for request in requests {
            _ = await playback.plan(for: request).settled()
        }
        await upstream.stop()
        let report = playback.report
        #expect(report.drifts.count == 8)
        #expect(report.findings.count == 1)
        let message = try #require(report.findings.first?.message)
        #expect(message.hasPrefix("Drift in items.json against the live API (\(upstream.baseURL.absoluteString)): 8 of 8 requests sent now answer differently.\n"))
        #expect(message.components(separatedBy: "status: recorded 200, live 500").count - 1 == 3)
        #expect(message.hasSuffix("\n  … and 5 more (PlaybackReport.drifts lists them all)"))
    }
}
