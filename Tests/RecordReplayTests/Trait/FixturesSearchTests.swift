import Foundation
import RecordReplay
import Testing

@testable import StubServerTesting

/// Where the trait finds `Fixtures`: each step of the order, which step wins when several could, and
/// the message when none does. Every place is a folder of a temporary tree, and the environment and the
/// running test's bundle folders are given, so the order is checked apart from this process's own.
@Suite("The .stubServer trait: finding Fixtures")
struct FixturesSearchTests {
    /// A package `pkg` with a test target `T` (its source file, `Tests/T/Fixtures` beside it and the
    /// package's `Fixtures`), a build folder holding the target's resource bundle, a loaded `.xctest`
    /// bundle with a folder reference, and a folder an environment variable could name; each `Fixtures`
    /// folder holds `Todos/` only when asked.
    struct Tree {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("fixtures-search-\(UUID())")
        var package: URL { base.appendingPathComponent("pkg") }
        var sourceFile: URL { package.appendingPathComponent("Tests/T/Sub/TodoTests.swift") }
        var besideSource: URL { package.appendingPathComponent("Tests/T/Fixtures") }
        var packageFixtures: URL { package.appendingPathComponent("Fixtures") }
        var buildFolder: URL { base.appendingPathComponent("build/debug") }
        var resourceBundle: URL { buildFolder.appendingPathComponent("pkg_T.resources") }
        var testBundle: URL { base.appendingPathComponent("Products/T.xctest") }
        var environmentFolder: URL { base.appendingPathComponent("elsewhere/Fixtures") }
        var bundles: TestBundleFolders {
            TestBundleFolders(resourceBundleParents: [base.appendingPathComponent("empty"), buildFolder], testBundles: [testBundle])
        }

        init() throws {
            try write("// swift-tools-version: 6.2", to: package.appendingPathComponent("Package.swift"))
            try write("// a test", to: sourceFile)
        }

        func write(_ text: String, to file: URL) throws {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }

        /// Puts `Todos/list.json` into `fixtures`.
        func addTodos(to fixtures: URL) throws {
            try write("{}", to: fixtures.appendingPathComponent("Todos/list.json"))
        }

        func search(root: URL? = nil, bundle: URL? = nil, sourceFile: URL? = nil) -> FixturesSearch {
            FixturesSearch(
                explicitRoot: root, bundleResources: bundle, sourceFilePath: (sourceFile ?? self.sourceFile).path,
                targetName: "T")
        }

        /// Where `search` found `item` (with no environment unless given), as "<step> <folder>" compared by
        /// path; a bundle step also names the bundle.
        func place(
            _ search: FixturesSearch, _ item: String = "Todos", environment: [String: String] = [:]
        ) throws -> String {
            let root = try search.resolve(item, environment: environment, bundles: bundles)
            let step =
                switch root.origin {
                case .code: "code"
                case .environment: "environment"
                case .sourceTree: "source"
                case .testBundle(let bundle): "bundle \(bundle.path)"
                }
            return "\(step) \(root.url.path)"
        }

        func remove() {
            try? FileManager.default.removeItem(at: base)
        }
    }

    @Test("explicit root, then the environment, then the source tree, then the test bundle")
    func precedence() throws {
        let tree = try Tree()
        defer { tree.remove() }
        let copy = tree.resourceBundle.appendingPathComponent("Fixtures")
        for fixtures in [tree.besideSource, tree.packageFixtures, copy, tree.environmentFolder] {
            try tree.addTodos(to: fixtures)
        }
        let explicit = tree.base.appendingPathComponent("explicit")
        let environment = ["REPOSITORY_CONTRACTS_FIXTURES": tree.environmentFolder.path]

        #expect(try tree.place(tree.search(root: explicit), environment: environment) == "code \(explicit.path)")
        #expect(try tree.place(tree.search(), environment: environment) == "environment \(tree.environmentFolder.path)")
        let runner = ["TEST_RUNNER_REPOSITORY_CONTRACTS_FIXTURES": tree.environmentFolder.path]
        #expect(try tree.place(tree.search(), environment: runner) == "environment \(tree.environmentFolder.path)")
        #expect(try tree.place(tree.search(), environment: ["REPOSITORY_CONTRACTS_FIXTURES": ""]) == "source \(tree.besideSource.path)")
        try FileManager.default.removeItem(at: tree.besideSource)
        #expect(try tree.place(tree.search()) == "source \(tree.packageFixtures.path)")
        try FileManager.default.removeItem(at: tree.packageFixtures)
        #expect(try tree.place(tree.search()) == "bundle \(tree.resourceBundle.path) \(copy.path)")
        #expect(try tree.search().resolve("Todos", environment: [:], bundles: tree.bundles).isCopy)
    }

    @Test("a root given in code or the environment inside a bundle is a copy too, never recorded into")
    func givenRootInsideBundle() throws {
        let tree = try Tree()
        defer { tree.remove() }
        let inBundle = tree.resourceBundle.appendingPathComponent("Fixtures")
        let environment = ["REPOSITORY_CONTRACTS_FIXTURES": inBundle.path]
        #expect(try tree.search(root: inBundle).resolve("Todos", environment: [:], bundles: tree.bundles).isCopy)
        #expect(try tree.search().resolve("Todos", environment: environment, bundles: tree.bundles).isCopy)
        #expect(try !tree.search(root: tree.packageFixtures).resolve("Todos", environment: [:], bundles: tree.bundles).isCopy)
        #expect(try !tree.search().resolve("Todos", environment: ["REPOSITORY_CONTRACTS_FIXTURES": tree.environmentFolder.path], bundles: tree.bundles).isCopy)
    }

    @Test("the source step takes a Fixtures folder only when it holds what is asked for, a folder or a file")
    func sourceStepNeedsTheItem() throws {
        let tree = try Tree()
        defer { tree.remove() }
        try tree.write("not fixtures", to: tree.besideSource.appendingPathComponent("Other/a.swift"))
        try tree.addTodos(to: tree.packageFixtures)
        #expect(try tree.place(tree.search()) == "source \(tree.packageFixtures.path)")
        #expect(try tree.place(tree.search(), "Todos/list.json") == "source \(tree.packageFixtures.path)")
        #expect(try tree.place(tree.search(), "Other") == "source \(tree.besideSource.path)")
        #expect(try !tree.search().resolve("Todos", environment: [:], bundles: tree.bundles).isCopy)
    }

    @Test("without the source tree: the target's resource bundle, in either layout, and only the target's")
    func resourceBundles() throws {
        let tree = try Tree()
        defer { tree.remove() }
        let moved = tree.base.appendingPathComponent("gone/Tests/T/TodoTests.swift")
        try tree.addTodos(to: tree.buildFolder.appendingPathComponent("pkg_Other.resources/Fixtures"))
        #expect(throws: FixturesNotFoundError.self) { try tree.place(tree.search(sourceFile: moved)) }
        let darwinBundle = tree.buildFolder.appendingPathComponent("pkg_T.bundle")
        let copy = darwinBundle.appendingPathComponent("Contents/Resources/Fixtures")
        try tree.addTodos(to: copy)
        #expect(try tree.place(tree.search(sourceFile: moved)) == "bundle \(darwinBundle.path) \(copy.path)")
        try FileManager.default.removeItem(at: darwinBundle)
        try tree.addTodos(to: tree.resourceBundle.appendingPathComponent("Fixtures"))
        #expect(try tree.place(tree.search(sourceFile: moved)) == "bundle \(tree.resourceBundle.path) \(tree.resourceBundle.path)/Fixtures")
    }

    @Test("without the source tree: fixturesBundle: first, then an Xcode folder reference in the test bundle")
    func givenBundleAndFolderReference() throws {
        let tree = try Tree()
        defer { tree.remove() }
        let moved = tree.base.appendingPathComponent("gone/Tests/T/TodoTests.swift")
        let given = tree.base.appendingPathComponent("Given.bundle")
        try tree.addTodos(to: given.appendingPathComponent("Fixtures"))
        try tree.addTodos(to: tree.testBundle.appendingPathComponent("Fixtures"))
        #expect(try tree.place(tree.search(bundle: given, sourceFile: moved)) == "bundle \(given.path) \(given.path)/Fixtures")
        #expect(try tree.place(tree.search(sourceFile: moved)) == "bundle \(tree.testBundle.path) \(tree.testBundle.path)/Fixtures")
    }

    @Test("in a source checkout, a fixture no folder holds yet is recorded into the package's Fixtures, else the nearest")
    func recordingRoot() throws {
        let tree = try Tree()
        defer { tree.remove() }
        #expect(try tree.place(tree.search(), "New") == "source \(tree.packageFixtures.path)")
        try tree.addTodos(to: tree.besideSource)
        #expect(try tree.place(tree.search(), "New") == "source \(tree.besideSource.path)")
        try tree.addTodos(to: tree.packageFixtures)
        #expect(try tree.place(tree.search(), "New") == "source \(tree.packageFixtures.path)")
        try tree.addTodos(to: tree.resourceBundle.appendingPathComponent("Fixtures"))
        #expect(try tree.place(tree.search(), "New") == "source \(tree.packageFixtures.path)")
    }

    @Test("no folder found: the error lists each step and the paths it tried")
    func nothingFound() throws {
        let tree = try Tree()
        defer { tree.remove() }
        let moved = tree.base.appendingPathComponent("gone/Tests/T/TodoTests.swift")
        try FileManager.default.createDirectory(at: tree.buildFolder, withIntermediateDirectories: true)
        let error = try #require(throws: FixturesNotFoundError.self) { try tree.place(tree.search(sourceFile: moved)) }
        #expect(error.item == "Todos")
        #expect(error.tried.count == 5)
        #expect(Array(error.tried.prefix(2)) == ["fixturesRoot: not given in code", "REPOSITORY_CONTRACTS_FIXTURES not set (nor TEST_RUNNER_REPOSITORY_CONTRACTS_FIXTURES)"])
        #expect(error.tried[2].hasPrefix(
            "from the test's source file: no Fixtures/Todos in \(tree.base.path)/gone/Tests/T or the folders above it up to "))
        #expect(error.tried[2].hasSuffix(" (no Package.swift above)"))
        #expect(error.tried[3] == "test bundle resources: fixturesBundle: not given; no Fixtures/Todos in \(tree.testBundle.path)")
        #expect(error.tried[4] == "no source checkout to record into: \(moved.path) does not exist")
        #expect(error.description.hasPrefix("no Fixtures folder holds Todos; tried, in order:\n1. fixturesRoot: not given in code\n2. "))
        #expect(error.description.contains("\n5. no source checkout to record into: "))
        #expect(error.description.hasSuffix(
            #"Run the tests from the source checkout, copy the fixtures into the test bundle (resources: [.copy("Fixtures")] in Package.swift, or a Fixtures folder reference in Xcode), or set REPOSITORY_CONTRACTS_FIXTURES (or fixturesRoot:) to the Fixtures folder"#))

        let noBundles = TestBundleFolders(resourceBundleParents: [tree.buildFolder], testBundles: [])
        let bundleStep = try #require(throws: FixturesNotFoundError.self) {
            try tree.search(bundle: tree.base.appendingPathComponent("Given.bundle"), sourceFile: moved)
                .resolve("Todos", environment: [:], bundles: noBundles)
        }
        #expect(bundleStep.tried[3] == """
            test bundle resources: \(tree.base.path)/Given.bundle/Fixtures/Todos does not exist; no *_T.resources or \
            *_T.bundle in \(tree.buildFolder.path), and no .xctest bundle loaded
            """)
    }

    @Test("the source file exists but no Package.swift or Fixtures folder is above it: nothing to record into")
    func sourceWithoutPackage() throws {
        let tree = try Tree()
        defer { tree.remove() }
        let loose = tree.base.appendingPathComponent("project/AppTests/TodoTests.swift")
        try tree.write("// a test of an Xcode project", to: loose)
        let error = try #require(throws: FixturesNotFoundError.self) { try tree.place(tree.search(sourceFile: loose)) }
        #expect(error.tried.last == "no Package.swift and no Fixtures folder above \(loose.path) to record into")
        try tree.addTodos(to: tree.base.appendingPathComponent("project/Fixtures"))
        #expect(try tree.place(tree.search(sourceFile: loose)) == "source \(tree.base.path)/project/Fixtures")
    }
}
