import Foundation
import Testing

/// The folders of `Sources/RecordReplay` form a one-way chain (see ``SourceFolderChain/recordReplay``):
/// playback knows recording, the drift check and interception only through its hooks, and nothing
/// below the stub server climbs up to it.
@Suite("RecordReplay's folders: a one-way chain")
struct SourceFolderChainTests {
    private static var moduleFolder: URL { PackageTree.root.appendingPathComponent("Sources/RecordReplay") }

    @Test("no file mentions a type declared in a folder that is not below its own, and every folder is ranked")
    func chainHolds() throws {
        let files = try SourceFolderChain.sources(under: Self.moduleFolder)
        try #require(files.count > 50, "read \(files.count) files from \(Self.moduleFolder.path)")
        let chain = SourceFolderChain.recordReplay
        #expect(chain.unrankedFolders(in: files).isEmpty, "give each new folder a rank in SourceFolderChain.recordReplay")
        let violations = chain.violations(in: files)
        #expect(violations.isEmpty, "\(violations.map(\.description).joined(separator: "\n"))")
    }

    @Test("playback reaches no folder above it: it knows recording and the drift check only through its hooks")
    func playbackKnowsOnlyItsHooks() throws {
        let files = try SourceFolderChain.sources(under: Self.moduleFolder)
        let playback = files.filter { SourceFolderChain.folder(of: $0.key) == "Playback" }
        try #require(!playback.isEmpty)
        for (path, source) in playback {
            let code = SourceFolderChain.code(of: source)
            for name in ["UpstreamRecorder", "DriftCheck", "DriftSummary", "StubServer", "UpstreamForwarder"] {
                #expect(!SourceFolderChain.mentionedNames(in: code).contains(name), "\(path) mentions \(name)")
            }
        }
    }

    @Test("the scan finds a lower folder mentioning a higher one's type, and a sibling's, but not in comments or strings")
    func scanFindsViolations() {
        let files = [
            "Playback/Engine.swift": """
                struct Engine {
                    let recorder: Recorder  // reaches up
                    /// Not ``Checker``: a comment.
                    let note = "Checker"
                }
                """,
            "Recording/Recorder.swift": "final class Recorder { let engine: Engine; let check: Checker? }",
            "Drift/Checker.swift": "struct Checker { let engine: Engine }",
            "Server.swift": "struct Server { let recorder: Recorder; let checker: Checker }",
        ]
        let chain = SourceFolderChain.recordReplay
        #expect(
            chain.violations(in: files).map(\.description) == [
                "Playback/Engine.swift mentions Recorder, declared in Recording",
                "Recording/Recorder.swift mentions Checker, declared in Drift",
            ])
        #expect(chain.unrankedFolders(in: files.merging(["Extra/Thing.swift": "enum Thing {}"]) { $1 }) == ["Extra"])
    }
}
