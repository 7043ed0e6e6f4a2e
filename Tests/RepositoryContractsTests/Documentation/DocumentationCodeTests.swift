import Foundation
import Testing

/// The Swift in the documentation is code the tests compile: every block tagged `swift` in README.md and in
/// every DocC catalogue's pages appears, line for line, in a Swift file under `Tests/`, where a test target
/// compiles it (and a test runs it). A block that drifts from its compiled copy fails here, naming the page
/// and line. Package manifest fragments (a first line `// Package.swift`) are the one exception.
@Suite("Documentation code is compiled")
struct DocumentationCodeTests {
    static let root = ReadmeExampleTests.root

    @Test("every swift block of the README and the DocC articles is in a Swift file the tests compile")
    func everyBlockIsCompiled() throws {
        let sources = CompiledSources(files: try Self.files(under: "Tests", withExtension: "swift").map { try Self.lines(of: $0) })
        var blocks = 0
        var fences = 0
        for page in try Self.documentationPages() {
            fences += try String(contentsOf: page, encoding: .utf8).components(separatedBy: "```swift\n").count - 1
            for block in try SwiftBlock.all(in: page) {
                blocks += 1
                if block.isManifestFragment { continue }
                #expect(
                    sources.contain(block),
                    """
                    \(Self.relative(page)):\(block.line): this swift block appears in no file under Tests/: put it, \
                    verbatim, in a test that compiles and runs it (Tests/<target>/Documentation/<Page>Examples.swift)
                    """)
            }
        }
        #expect(blocks == fences, "\(fences) swift fences, \(blocks) blocks read: the block reader is broken")
    }

    @Test("a block is found with other indentation and missed when one line differs")
    func matching() {
        let block = SwiftBlock(line: 1, lines: ["let a = 1", "if a > 0 {", "    print(a)", "}"])
        #expect(block.appears(in: ["struct S {", "    func f() {", "        let a = 1", "        if a > 0 {", "            print(a)", "        }", "    }", "}"]))
        #expect(!block.appears(in: ["let a = 1", "if a > 0 {", "print(a)", "}"]))
        #expect(!block.appears(in: ["let a = 2", "if a > 0 {", "    print(a)", "}"]))
        #expect(!block.appears(in: ["let a = 1", "if a > 0 {", "    print(a)"]))
        // The index of every file's lines finds it in the same places, and only there.
        let indented = ["struct S {", "        let a = 1", "        if a > 0 {", "            print(a)", "        }", "}"]
        #expect(CompiledSources(files: [["let a = 2"], indented]).contain(block))
        #expect(!CompiledSources(files: [["let a = 1", "if a > 0 {", "print(a)", "}"], ["let a = 1"]]).contain(block))
    }

    @Test("blocks are read with their page line; other languages and manifest fragments are told apart")
    func reading() throws {
        let page = """
            # Title

            ```swift
            let x = 1
            ```

            ```text
            output
            ```

            ```swift
            // Package.swift
            dependencies: []
            ```
            """
        let blocks = SwiftBlock.all(inText: page)
        #expect(blocks.map(\.line) == [3, 11])
        #expect(blocks.map(\.lines) == [["let x = 1"], ["// Package.swift", "dependencies: []"]])
        #expect(blocks.map(\.isManifestFragment) == [false, true])
    }

    static func documentationPages() throws -> [URL] {
        let catalogues = try ["Sources", "Contracts"].flatMap { try files(under: $0, withExtension: "md") }
            .filter { $0.path.contains(".docc/") }
        return [root.appendingPathComponent("README.md")] + catalogues
    }

    static func files(under folder: String, withExtension pathExtension: String) throws -> [URL] {
        let base = root.appendingPathComponent(folder)
        // Hidden folders are left out: Tests/RealStores/.build holds the real stores' package checkouts.
        guard let walk = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles]) else {
            return []
        }
        return walk.compactMap { $0 as? URL }.filter { $0.pathExtension == pathExtension }.sorted { $0.path < $1.path }
    }

    static func lines(of file: URL) throws -> [String] {
        try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
    }

    static func relative(_ url: URL) -> String {
        String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
    }
}

/// The lines of the Swift files under `Tests/`, indexed by their text without leading spaces, so that a
/// block is looked for only where its first line is.
struct CompiledSources {
    let files: [[String]]
    private let starts: [Substring: [(file: Int, line: Int)]]

    init(files: [[String]]) {
        self.files = files
        var starts: [Substring: [(file: Int, line: Int)]] = [:]
        for (file, lines) in files.enumerated() {
            for (line, text) in lines.enumerated() {
                starts[text.drop { $0 == " " }, default: []].append((file, line))
            }
        }
        self.starts = starts
    }

    /// Whether `block` is a run of consecutive lines of one of the files (``SwiftBlock/appears(in:)``).
    func contain(_ block: SwiftBlock) -> Bool {
        guard let first = block.lines.first else { return false }
        return starts[first.drop { $0 == " " }, default: []].contains { block.appears(in: files[$0.file], at: $0.line) }
    }
}

/// One fenced block tagged `swift` of a documentation page.
struct SwiftBlock {
    /// The page line of the opening fence, counted from 1.
    var line: Int
    /// The block's lines, with the indentation they all share removed.
    var lines: [String]

    /// A fragment of a package manifest, which no test target can compile.
    var isManifestFragment: Bool { lines.first?.hasPrefix("// Package.swift") == true }

    static func all(in page: URL) throws -> [SwiftBlock] {
        all(inText: try String(contentsOf: page, encoding: .utf8))
    }

    static func all(inText text: String) -> [SwiftBlock] {
        var blocks: [SwiftBlock] = []
        var swift: (line: Int, indent: Int, lines: [String])?
        var inOtherBlock = false
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            let isFence = line.drop { $0 == " " }.hasPrefix("```")
            if var current = swift {
                if isFence {
                    blocks.append(SwiftBlock(line: current.line, lines: unindented(current.lines)))
                    swift = nil
                } else {
                    current.lines.append(String(line.dropFirst(min(current.indent, leadingSpaces(line)))))
                    swift = current
                }
            } else if inOtherBlock {
                inOtherBlock = !isFence
            } else if isFence {
                let language = line.drop { $0 == " " }.dropFirst(3).prefix { !$0.isWhitespace }
                if language == "swift" { swift = (index + 1, leadingSpaces(line), []) } else { inOtherBlock = true }
            }
        }
        return blocks
    }

    /// Whether the block is a run of consecutive lines of `file`, indented there by any one amount.
    func appears(in file: [String]) -> Bool {
        file.indices.contains { appears(in: file, at: $0) }
    }

    /// Whether the block is the run of `file`'s lines from `start`, indented there by any one amount.
    func appears(in file: [String], at start: Int) -> Bool {
        guard let first = lines.first, start + lines.count <= file.count else { return false }
        let firstIndent = Self.leadingSpaces(first)
        let candidate = file[start]
        let indent = Self.leadingSpaces(candidate) - firstIndent
        guard indent >= 0, candidate.dropFirst(indent + firstIndent) == first.dropFirst(firstIndent) else { return false }
        let prefix = String(candidate.prefix(indent))
        return lines.indices.allSatisfy { offset in
            let expected = lines[offset]
            let actual = file[start + offset]
            if expected.allSatisfy(\.isWhitespace) { return actual.allSatisfy(\.isWhitespace) }
            return actual == prefix + expected
        }
    }

    static func leadingSpaces(_ line: String) -> Int {
        line.prefix { $0 == " " }.count
    }

    static func unindented(_ lines: [String]) -> [String] {
        let shared = lines.filter { !$0.allSatisfy(\.isWhitespace) }.map(leadingSpaces).min() ?? 0
        return lines.map { $0.allSatisfy(\.isWhitespace) ? "" : String($0.dropFirst(shared)) }
    }
}
