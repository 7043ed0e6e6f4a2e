import Foundation
import RecordReplayMessages
import Testing

@testable import RecordReplayFixtures

/// Every fixture committed in this package (the `Fixtures` folder at its root and the test targets'
/// own) was recorded before interactions had origins: each still decodes with no origin and writes
/// back to the same bytes.
@Suite("Fixtures: every committed fixture loads unchanged")
struct CommittedFixturesTests {
    private static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `.json` and `.har` files under `Fixtures/` and under every `Fixtures` folder in `Tests/`.
    private static func committedFixtures() -> [URL] {
        var files: [URL] = []
        for folder in ["Fixtures", "Tests"] {
            let root = packageRoot.appendingPathComponent(folder)
            // Hidden folders are left out: Tests/RealStores/.build holds the real stores' package build.
            guard let walk = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles]) else {
                continue
            }
            for case let url as URL in walk where ["json", "har"].contains(url.pathExtension) {
                let inFixtures = folder == "Fixtures" || url.pathComponents.contains("Fixtures")
                if inFixtures { files.append(url) }
            }
        }
        return files.sorted { $0.path < $1.path }
    }

    @Test("the folder holds the package's fixtures")
    func findsTheFixtures() {
        let files = Self.committedFixtures()
        #expect(files.count >= 60, "found \(files.count)")
        #expect(files.contains { $0.path.hasSuffix("Fixtures/Interop/todos-api.json") })
        #expect(files.contains { $0.path.hasSuffix("FixturesFromResourcesTests/Fixtures/Todos/listsTodos.json") })
    }

    /// Fixtures written by hand, not in the writer's layout (a JSON body on one line, a request without
    /// `"headers": []`): before origins too, they re-encode to the same fixture, not to the same bytes.
    private static let handWritten: Set<String> = [
        "Fixtures/Examples/listsTodos.json", "Fixtures/Interop/todos-api.json",
        "Fixtures/Interception/quickPrototypeLoadsTodo.json",
        "Tests/FixturesFromResourcesTests/Fixtures/Todos/listsTodos.json",
    ]

    @Test("each decodes with no interaction origin and re-encodes to the same bytes (hand-written ones: the same fixture)")
    func loadUnchanged() throws {
        for file in Self.committedFixtures() {
            let relative = String(file.path.dropFirst(Self.packageRoot.path.count + 1))
            let bytes = try Data(contentsOf: file)
            let fixture = try Fixture(contentsOf: file)
            #expect(fixture.interactions.allSatisfy { $0.request.origin == nil }, "\(relative)")
            let format: FixtureFormat = file.pathExtension == "har" ? .har : .native
            let encoded = fixture.encoded(as: format)
            // Bytes equal to the file's decode to the fixture just decoded from them: only other bytes (a
            // hand-written fixture's) are decoded again.
            if encoded != bytes {
                #expect(try Fixture(decoding: encoded, format: format, source: relative) == fixture, "\(relative)")
            }
            if !Self.handWritten.contains(relative) {
                #expect(
                    encoded == bytes,
                    "\(relative) re-encodes to other bytes (a fixture written by hand belongs in handWritten)")
            }
        }
    }
}
