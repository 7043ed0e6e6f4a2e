import Foundation
import Testing

/// The README's MockTime code is the code these tests compile and run.
@Suite("README: MockTime")
struct ReadmeClockExampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func quoted(_ file: String, between begin: String, and end: String) throws -> String {
        let source = try String(contentsOf: root.appendingPathComponent("Tests/MockTimeTests/\(file)"), encoding: .utf8)
        return try #require(source.components(separatedBy: begin + "\n").last?.components(separatedBy: end).first)
    }

    @Test("the first example and the production pattern are quoted from compiled test code")
    func quotedCode() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let example = try Self.quoted(
            "ReadmeClockExample.swift", between: "// README clock example begins", and: "// README clock example ends")
        #expect(readme.contains("```swift\n" + example + "```"))
        let production = try Self.quoted(
            "ProductionModels.swift", between: "// README production pattern begins", and: "// README production pattern ends")
        #expect(readme.contains("```swift\n" + production + "```"))
    }
}
