import Foundation
import Testing

/// `Tests/README.md` names every folder under `Tests/`, so a new test target cannot be added without saying
/// what it holds, and the shared test-support target stays what it says it is: not API.
@Suite("Tests/README.md")
struct TestsReadmeTests {
    static let tests = ReadmeExampleTests.root.appendingPathComponent("Tests")

    static func readme() throws -> String {
        try String(contentsOf: tests.appendingPathComponent("README.md"), encoding: .utf8)
    }

    static func folders() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: tests.path).filter { name in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: tests.appendingPathComponent(name).path, isDirectory: &isFolder)
                && isFolder.boolValue
        }.sorted()
    }

    @Test("every folder under Tests/ is named in the README")
    func everyFolderIsNamed() throws {
        let readme = try Self.readme()
        let folders = try Self.folders()
        try #require(folders.count >= 15, "read \(folders.count) folders from \(Self.tests.path)")
        #expect(folders.filter { !readme.contains("`\($0)`") }.isEmpty)
    }

    @Test("the test-support target declares nothing public")
    func supportIsNotAPI() throws {
        let support = Self.tests.appendingPathComponent("RepositoryContractsTestSupport")
        let files = try FileManager.default.contentsOfDirectory(atPath: support.path).filter { $0.hasSuffix(".swift") }
        try #require(!files.isEmpty)
        for file in files {
            let source = try String(contentsOf: support.appendingPathComponent(file), encoding: .utf8)
            #expect(!source.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("public ") }, "\(file)")
        }
    }
}
