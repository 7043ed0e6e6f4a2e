import Foundation
import Testing

@Suite("README")
struct ReadmeExampleTests {
    /// The repository's root, found from this file's path.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The example `ReadmeExample.swift` compiles, between its markers: what the README and the article
    /// "Getting started" show.
    static func example() throws -> String {
        let source = try String(contentsOf: root.appendingPathComponent("Tests/RepositoryContractsTests/ReadmeExample.swift"), encoding: .utf8)
        return try #require(source.components(separatedBy: "// README example begins\n").last?
            .components(separatedBy: "// README example ends").first)
    }

    @Test("the README's example is the code this test target compiles and runs")
    func exampleIsCompiled() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let example = try Self.example()
        #expect(readme.contains("```swift\n" + example + "```"))
        #expect(example.split(separator: "\n").count <= 10)
    }

    @Test("the README fits its job: under 16,000 bytes, and every page it links to exists")
    func readmeIsShortAndItsLinksResolve() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.utf8.count < 16_000)
        let links = readme.components(separatedBy: "](").dropFirst().compactMap { $0.split(separator: ")").first.map(String.init) }
            .filter { !$0.hasPrefix("http") && !$0.hasPrefix("#") }
        #expect(links.count > 10)
        for link in links {
            #expect(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(link).path), "README links to \(link), which does not exist")
        }
    }

    @Test("the toolchain floor the README states is the manifest's swift-tools-version")
    func toolchainFloorIsTheManifests() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let version = try #require(manifest.split(separator: "\n").first?.split(separator: ":").last?
            .trimmingCharacters(in: .whitespaces))
        #expect(readme.contains("**Platforms.** Swift \(version) or newer (the `swift-tools-version`)"), "the manifest says \(version)")
    }
}
