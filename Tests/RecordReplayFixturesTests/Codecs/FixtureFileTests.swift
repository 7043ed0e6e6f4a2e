import Foundation
import Testing

@testable import RecordReplayFixtures

@Suite struct FixtureFileTests {
    /// A fresh directory under the temporary directory, removed by `body`'s end.
    private func withTemporaryDirectory(_ body: (URL) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("fixture-file-tests-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try body(directory)
    }

    private func contents(of directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    @Test(arguments: FixtureFormat.allCases)
    func writesCreatingDirectoriesAndReadsBack(_ format: FixtureFormat) throws {
        try withTemporaryDirectory { directory in
            let folder = directory.appendingPathComponent("Fixtures/Todos", isDirectory: true)
            let url = folder.appendingPathComponent("create.\(format.pathExtension)")
            try FixtureSamples.todos.write(to: url)
            #expect(try contents(of: folder) == ["create.\(format.pathExtension)"])
            #expect(try Data(contentsOf: url) == FixtureSamples.todos.encoded(as: format))
            #expect(try Fixture(contentsOf: url) == FixtureSamples.todos)
        }
    }

    @Test func replacesAnExistingFileLeavingNoTemporaryFile() throws {
        try withTemporaryDirectory { directory in
            let url = directory.appendingPathComponent("f.json")
            try FixtureSamples.todos.write(to: url)
            let smaller = Fixture(interactions: [FixtureSamples.todos.interactions[2]])
            try smaller.write(to: url)
            #expect(try contents(of: directory) == ["f.json"])
            #expect(try Fixture(contentsOf: url) == smaller)
        }
    }

    @Test("a write removes the temporary files a killed writer left, not those of a running one")
    func removesAbandonedTemporaryFiles() throws {
        // No process has this id: Linux hands out ids up to 2^22, Darwin up to 99,999.
        let deadWriter = Int32.max
        try withTemporaryDirectory { directory in
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let abandoned = ".f.json.\(deadWriter)-0badf00d.partial"
            let inProgress = ".f.json.\(ProcessInfo.processInfo.processIdentifier)-c0ffee00.partial"
            let otherFixture = ".g.json.\(deadWriter)-0badf00d.partial"
            for name in [abandoned, inProgress, otherFixture] {
                try Data("partial".utf8).write(to: directory.appendingPathComponent(name))
            }
            try FixtureSamples.todos.write(to: directory.appendingPathComponent("f.json"))
            #expect(try contents(of: directory) == [inProgress, otherFixture, "f.json"].sorted())
        }
    }

    @Test func choosesTheFormatByExtension() throws {
        #expect(FixtureFormat(pathExtension: "JSON") == .native)
        #expect(FixtureFormat(pathExtension: "har") == .har)
        #expect(FixtureFormat(pathExtension: "yaml") == nil)
        try withTemporaryDirectory { directory in
            let url = directory.appendingPathComponent("f.yaml")
            #expect(throws: FixtureError.self) { try Fixture().write(to: url) }
            #expect(try contents(of: directory.deletingLastPathComponent()).contains(directory.lastPathComponent) == false)
            let failure = try #require(throws: FixtureError.self) { try Fixture(contentsOf: url) }
            #expect(failure.kind == .unreadable)
            #expect(failure.reason == "unknown fixture extension \"yaml\"; use .json (native) or .har (HAR 1.2)")
        }
    }

    @Test func refusesFilesLargerThanTheLimit() throws {
        try withTemporaryDirectory { directory in
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let url = directory.appendingPathComponent("huge.har")
            #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
            let handle = try FileHandle(forWritingTo: url)
            try handle.truncate(atOffset: UInt64(Fixture.maximumFileSize + 1))  // sparse: no disk used
            try handle.close()
            let failure = try #require(throws: FixtureError.self) { try Fixture(contentsOf: url) }
            #expect(failure.kind == .unreadable)
            #expect(failure.reason == "the file has \(Fixture.maximumFileSize + 1) bytes, more than the \(Fixture.maximumFileSize) a fixture may have")
        }
    }

    @Test func aMissingFileIsUnreadable() throws {
        let url = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/create.json")
        let failure = try #require(throws: FixtureError.self) { try Fixture(contentsOf: url) }
        #expect(failure.kind == .unreadable)
        #expect(failure.file == url.path)
        #expect(failure.description.hasPrefix("\(url.path): cannot read the file: "))
    }

    @Test func errorsNameTheFileAsGiven() throws {
        try withTemporaryDirectory { directory in
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let url = directory.appendingPathComponent("bad.json")
            try Data("{\"format\": 1}".utf8).write(to: url)
            let failure = try #require(throws: FixtureError.self) { try Fixture(contentsOf: url) }
            #expect(failure.description == "\(url.path): $.format: expected \"swift-repository-contracts/fixture\", found 1")
        }
    }
}
