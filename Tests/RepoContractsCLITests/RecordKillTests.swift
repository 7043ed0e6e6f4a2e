#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
import RecordReplayMessages
import Foundation
import RepositoryContractsPrimitives
import RecordReplay
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

@testable import RepoContractsCLI

/// Killing `repo-contracts record` (the built binary, as a child process) never costs the fixture it
/// records into: the write is atomic (a temporary file in the same folder, renamed over the fixture),
/// so the file is always the previous fixture or the complete new one.
@Suite("record: killing the recorder", .timeLimit(.minutes(10)))
struct RecordKillTests {
    /// The paths ``recordThreeItems(through:from:)`` sends.
    private static let itemPaths = (1...3).map { "/items/\($0)" }

    /// Sends ``itemPaths`` through `recorder` to `upstream`, checking each answer.
    private func recordThreeItems(through recorder: RecorderProcess, from upstream: Upstream) async throws {
        let proxy = try await recorder.baseURL()
        for path in Self.itemPaths {
            let body = try await Upstream.get(proxy, path)
            #expect(body == upstream.body(for: path))
        }
    }

    @Test("SIGKILL while recording leaves the previous fixture byte for byte, and no other file")
    func sigkillMidRecording() async throws {
        let folder = try Folder()
        defer { folder.remove() }
        let old = try folder.writeOldFixture()
        let upstream = try await Upstream.startText(bytes: 1024)
        defer { Task { await upstream.server.stop() } }

        let recorder = try RecorderProcess(upstream: upstream.server.baseURL, out: folder.fixture)
        defer { recorder.killIfRunning() }
        try await recordThreeItems(through: recorder, from: upstream)
        recorder.send(SIGKILL)
        let termination = try await recorder.exit()

        #expect(termination == .signalled(SIGKILL))
        #expect(try Data(contentsOf: folder.fixture) == old)
        // Nothing was being written when the kill came: not even a hidden temporary file.
        #expect(try folder.entries() == [folder.fixture.lastPathComponent])
    }

    @Test("SIGTERM replaces the previous fixture with the recording and exits 0")
    func sigtermReplaces() async throws {
        let folder = try Folder()
        defer { folder.remove() }
        let old = try folder.writeOldFixture()
        let upstream = try await Upstream.startText(bytes: 1024)
        defer { Task { await upstream.server.stop() } }

        let recorder = try RecorderProcess(upstream: upstream.server.baseURL, out: folder.fixture)
        defer { recorder.killIfRunning() }
        try await recordThreeItems(through: recorder, from: upstream)
        let paths = Self.itemPaths
        recorder.send(SIGTERM)
        let termination = try await recorder.exit()

        #expect(termination == .exited(0), "stderr:\n\(recorder.standardError)")
        #expect(recorder.standardError.contains("recorded 3 interactions"))
        let written = try Data(contentsOf: folder.fixture)
        #expect(written != old)
        let fixture = try Fixture(contentsOf: folder.fixture)
        #expect(fixture.interactions.map(\.request.path) == paths)
        #expect(fixture.interactions.map(\.response.body) == paths.map { upstream.body(for: $0) })
        // Mode all: the old interaction is gone, not kept in front.
        #expect(!fixture.interactions.contains { $0.request.path == "/old" })
        // The temporary file was renamed, not left behind.
        #expect(try folder.entries() == [folder.fixture.lastPathComponent])
    }

    /// SIGTERM starts the write; SIGKILL follows at a range of moments, from right away to after the
    /// write surely finished. Each kill must leave the old fixture byte for byte or the complete new
    /// one, never a partial or unparsable file; a temporary file may be left only by a kill that
    /// stopped the write, never next to a new fixture.
    ///
    /// The write is made long: the upstream answers JSON nested 200 arrays deep, which the native format
    /// pretty-prints with two spaces of indentation per level, so four ~50 KB bodies make a ~17 MB
    /// fixture (a large flat body would do too, but the secret scan takes seconds per megabyte of body
    /// in a debug build, while these bodies take ~0.6 s from SIGTERM to exit). Kills are aimed at the
    /// write by the moment the temporary file showed in the baseline run, and by watching the folder
    /// for it. Where each kill lands depends on timing, so the split is not asserted. Measured with a
    /// wider set of 23 moments on a 2-CPU Linux VM (debug build, ext4, 16 runs): 4-7 kills per run landed
    /// mid-write (old fixture kept, the hidden temporary file left, which the next complete write
    /// removes), the rest before the write (old fixture, nothing left) or after it (the new fixture);
    /// SIGKILL 0-10 ms after the temporary file showed landed mid-write in 16 of 16 runs.
    @Test("SIGKILL at any moment after SIGTERM leaves the old fixture or the complete new one")
    func sigkillDuringWrite() async throws {
        let folder = try Folder()
        defer { folder.remove() }
        let old = try folder.writeOldFixture()
        let upstream = try await Upstream.startNestedJSON(depth: 200, nulls: 10_000)
        defer { Task { await upstream.server.stop() } }
        let paths = (1...4).map { "/large/\($0)" }
        let name = folder.fixture.lastPathComponent

        /// Records the large fixture, sends SIGTERM, then SIGKILL at `moment`; checks the invariants,
        /// puts the old fixture back and returns what happened.
        func attempt(_ moment: KillMoment) async throws -> Attempt {
            let recorder = try RecorderProcess(upstream: upstream.server.baseURL, out: folder.fixture)
            defer { recorder.killIfRunning() }
            let proxy = try await recorder.baseURL()
            for path in paths {
                _ = try await Upstream.get(proxy, path)
            }
            let schedule = try await KillSchedule.run(moment, on: recorder, watching: folder.url, fixtureName: name)
            let termination = try await recorder.exit()

            let leftovers = try folder.entries().filter { $0 != name }
            #if os(Linux)
                // The temporary file is `.<fixture name>.<pid>-<random>.partial`: hidden.
                #expect(leftovers.allSatisfy { $0.hasPrefix(".") }, "\(moment): files left in the folder: \(leftovers)")
            #endif
            let written = try Data(contentsOf: folder.fixture)
            let outcome: Attempt.Outcome
            if written == old {
                outcome = .old
            } else {
                do {
                    let fixture = try Fixture(contentsOf: folder.fixture)
                    #expect(fixture.interactions.map(\.request.path) == paths, "\(moment)")
                    #expect(fixture.interactions.map(\.response.body) == paths.map(upstream.body(for:)), "\(moment)")
                    #expect(leftovers.isEmpty, "\(moment): a complete write left \(leftovers)")
                    outcome = .new
                } catch {
                    Issue.record("\(moment): the fixture is neither the old one nor a valid new one (\(written.count) bytes): \(error)")
                    outcome = .broken
                }
            }
            switch termination {
            case .exited(let status):
                // Not killed in time: it must have finished the job.
                #expect(status == 0, "\(moment): stderr:\n\(recorder.standardError)")
                #expect(outcome == .new, "\(moment): exited \(status) without writing the fixture")
            case .signalled(let signal):
                #expect(signal == SIGKILL, "\(moment)")
            }

            // Leftovers of a kill mid-write stay: the next complete write must remove them (checked above).
            if outcome != .old {
                try old.write(to: folder.fixture)
            }
            return Attempt(
                moment: moment, outcome: outcome, killed: termination == .signalled(SIGKILL), bytes: written.count,
                leftovers: leftovers, schedule: schedule)
        }

        // First without a kill: when the temporary file shows and when the recorder ends.
        let baseline = try await attempt(.never)
        var attempts = [baseline]
        #expect(baseline.outcome == .new)
        let shows = baseline.schedule.newFileSeen ?? baseline.schedule.exitedAfter ?? .zero
        let ends = baseline.schedule.exitedAfter ?? .seconds(1)
        // While the server stops and the recording is redacted, scanned and encoded: before the write.
        var moments: [KillMoment] = [0, 10].map { .afterTerm(.milliseconds($0)) }
        // Around the write as the baseline timed it, and once well after it.
        moments += [0, 20].map { .afterTerm(shows + .milliseconds($0)) }
        moments.append(.afterTerm(ends + .milliseconds(200)))
        // Aimed at the write itself: as soon as the temporary file shows in the folder, and a little later.
        moments += [0, 1, 5, 10, 40].map { .afterNewFile(.milliseconds($0)) }
        for moment in moments {
            attempts.append(try await attempt(moment))
        }

        // The temporary file is created in the fixture's folder (so the rename is atomic).
        #expect(attempts.contains { $0.schedule.newFileSeen != nil })
    }
}

// MARK: - Kill moments

/// When SIGKILL follows SIGTERM.
private enum KillMoment: CustomStringConvertible {
    /// No SIGKILL: the recorder ends by itself.
    case never
    /// This long after SIGTERM.
    case afterTerm(Duration)
    /// This long after a new file (the temporary one) shows in the fixture's folder.
    case afterNewFile(Duration)

    var description: String {
        switch self {
        case .never: "SIGTERM only"
        case .afterTerm(let delay): "SIGKILL \(delay.milliseconds) ms after SIGTERM"
        case .afterNewFile(let delay): "SIGKILL \(delay.milliseconds) ms after the temp file showed"
        }
    }
}

/// What one attempt of `sigkillDuringWrite` found.
private struct Attempt: CustomStringConvertible {
    enum Outcome { case old, new, broken }
    var moment: KillMoment
    var outcome: Outcome
    var killed: Bool
    /// The fixture's size after the attempt.
    var bytes: Int
    var leftovers: [String]
    var schedule: KillSchedule.Observation

    /// Where the kill landed, as the folder tells: before the write (old fixture, nothing left), during
    /// it (old fixture, the temporary file left), after it (the new fixture).
    var landed: String {
        switch outcome {
        case .old: leftovers.isEmpty ? "before the write" : "mid-write"
        case .new: "after the write"
        case .broken: "broken"
        }
    }

    var description: String {
        var parts = ["\(moment): \(outcome) (\(bytes) bytes)", killed ? "killed" : "exited"]
        if let seen = schedule.newFileSeen { parts.append("temp file after \(seen.milliseconds) ms") }
        if let exited = schedule.exitedAfter { parts.append("exit after \(exited.milliseconds) ms") }
        if !leftovers.isEmpty { parts.append("left \(leftovers)") }
        return parts.joined(separator: ", ")
    }
}

/// Sends SIGTERM then SIGKILL at a chosen moment, on a thread of its own (a blocking, precise wait that
/// keeps off the concurrency pool), and notes when a new file showed in the folder.
private enum KillSchedule {
    struct Observation {
        /// When (after SIGTERM) a file other than the fixture first showed in the folder.
        var newFileSeen: Duration?
        /// When (after SIGTERM) the recorder had ended, for `.never` only.
        var exitedAfter: Duration?
    }

    static func run(
        _ moment: KillMoment, on recorder: RecorderProcess, watching folder: URL, fixtureName: String
    ) async throws -> Observation {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result {
                    try runBlocking(moment, on: recorder, watching: folder.path, fixtureName: fixtureName)
                })
            }
        }
    }

    private static func runBlocking(
        _ moment: KillMoment, on recorder: RecorderProcess, watching folder: String, fixtureName: String
    ) throws -> Observation {
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(30)
        var observation = Observation()
        let start = clock.now
        recorder.send(SIGTERM)
        /// Polls the folder (every 0.1 ms) until a new file shows or the recorder ends.
        func watchForNewFile() throws {
            while observation.newFileSeen == nil && recorder.isRunning && clock.now < deadline {
                if try FileManager.default.contentsOfDirectory(atPath: folder).contains(where: { $0 != fixtureName }) {
                    observation.newFileSeen = start.duration(to: clock.now)
                } else {
                    usleep(100)
                }
            }
        }
        switch moment {
        case .never:
            try watchForNewFile()
            while recorder.isRunning && clock.now < deadline { usleep(100) }
            observation.exitedAfter = start.duration(to: clock.now)
        case .afterTerm(let delay):
            sleep(for: delay)
            recorder.killIfRunning()
        case .afterNewFile(let delay):
            try watchForNewFile()
            sleep(for: delay)
            recorder.killIfRunning()
        }
        return observation
    }

    private static func sleep(for delay: Duration) {
        let microseconds = delay.components.seconds * 1_000_000 + delay.components.attoseconds / 1_000_000_000_000
        if microseconds > 0 { usleep(useconds_t(microseconds)) }
    }
}

extension Duration {
    /// Whole milliseconds, for messages.
    fileprivate var milliseconds: Int64 {
        components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
    }
}

// MARK: - The pieces

/// A temporary folder holding the fixture `api.json`; each test has its own.
private struct Folder {
    let url: URL
    var fixture: URL { url.appendingPathComponent("api.json") }

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("record-kill-\(UUID())")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Writes a small valid fixture as the previous recording and returns its bytes.
    func writeOldFixture() throws -> Data {
        let fixture = Fixture(
            interactions: [
                Interaction(
                    request: StubRequest(method: "GET", path: "/old"),
                    response: StubResponse(headers: ["Content-Type": "text/plain"], body: Data("the old answer".utf8)))
            ],
            upstream: "https://old.example")
        try fixture.write(to: self.fixture)
        return try Data(contentsOf: self.fixture)
    }

    /// The names in the folder, hidden ones too, sorted.
    func entries() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

/// The live API: an in-process stub server answering any request with a body made from its path.
private struct Upstream: Sendable {
    let server: StubServer
    let body: @Sendable (String) -> Data

    func body(for path: String) -> Data { body(path) }

    private static func start(contentType: String, body: @escaping @Sendable (String) -> Data) async throws -> Upstream {
        let upstream = Upstream(server: StubServer(), body: body)
        upstream.server.playback.stub(.any) { request in
            StubResponse(headers: ["Content-Type": contentType], body: body(request.path))
        }
        try await upstream.server.start()
        return upstream
    }

    /// Answers text: the path on the first line, then `bytes` bytes of lorem ipsum.
    static func startText(bytes: Int) async throws -> Upstream {
        let line = Data("lorem ipsum dolor sit amet, consectetur adipiscing elit\n".utf8)
        var filler = Data()
        while filler.count < bytes { filler.append(line) }
        let text = filler.prefix(bytes)
        return try await start(contentType: "text/plain") { Data("\($0)\n".utf8) + text }
    }

    /// Answers JSON: `{"path":…,"nested":[[[…[null,…]…]]]}`, `depth` arrays deep around `nulls` nulls.
    static func startNestedJSON(depth: Int, nulls: Int) async throws -> Upstream {
        let nested = String(repeating: "[", count: depth)
            + Array(repeating: "null", count: nulls).joined(separator: ",") + String(repeating: "]", count: depth)
        return try await start(contentType: "application/json") { path in
            Data(#"{"path":"\#(path)","nested":\#(nested)}"#.utf8)
        }
    }

    /// GETs `path` from `base` (a fresh ephemeral session) and returns the body; fails on a status other than 200.
    /// The session's timeouts (a day) lie far beyond any starvation of a loaded machine: the test is about
    /// what the recorder keeps, not the clock.
    static func get(_ base: URL, _ path: String) async throws -> Data {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 24 * 60 * 60
        configuration.timeoutIntervalForResource = 24 * 60 * 60
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(from: URL(string: path, relativeTo: base)!)
        let status = (response as? HTTPURLResponse)?.statusCode
        guard status == 200 else {
            throw ToolError("GET \(path) through the recorder answered \(status.map(String.init) ?? "no status")")
        }
        return data
    }
}

#endif
