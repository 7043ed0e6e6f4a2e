import Foundation
import RecordReplay
import RepositoryContractsPrimitives
import Testing

/// Where a `.stubServer` scope's `Fixtures` folder is, tried in this order when the scope starts:
///
/// 1. `fixturesRoot:` in code;
/// 2. `REPOSITORY_CONTRACTS_FIXTURES` (or `TEST_RUNNER_REPOSITORY_CONTRACTS_FIXTURES`);
/// 3. a `Fixtures` folder holding what the scope asks for, found from the test's source file: in the
///    file's folder and each folder above it up to the package root (the one holding `Package.swift`),
///    so `Tests/<Target>/Fixtures` (what `resources: [.copy("Fixtures")]` copies) comes before the
///    package's `Fixtures`;
/// 4. a test bundle's resources holding it: `fixturesBundle:`'s `Fixtures`, then the test target's
///    SwiftPM resource bundle (`<Package>_<Target>.resources` or `.bundle`, beside or inside the test
///    bundle), then a `Fixtures` folder reference of a loaded `.xctest` bundle;
/// 5. in a source checkout (the test's source file exists), the folder a recording writes a new fixture
///    into: the package's `Fixtures` when it exists, else the nearest `Fixtures` of step 3's folders,
///    else `<package root>/Fixtures`.
///
/// Steps 1 and 2 are taken as given (a recording creates what is missing); steps 3 and 4 only when the
/// folder or file asked for exists there. When no step gives a folder, the error lists each step and
/// the paths it tried.
struct FixturesSearch: Sendable {
    /// `fixturesRoot:`, when given.
    var explicitRoot: URL?
    /// The resources folder of `fixturesBundle:`, when given.
    var bundleResources: URL?
    /// The test's source file (`#filePath`).
    var sourceFilePath: String
    /// The test target's name, as its resource bundle ends (`SourceLocation.moduleName`).
    var targetName: String

    /// The `Fixtures` folder that holds `item` (a fixtures folder or a fixture file, relative to the
    /// `Fixtures` folder), or where a recording creates it.
    ///
    /// - Throws: ``FixturesNotFoundError`` listing each step and the paths it tried.
    func resolve(
        _ item: String, environment: [String: String], bundles: TestBundleFolders
    ) throws(FixturesNotFoundError) -> FixturesRoot {
        var tried: [String] = []
        if let explicitRoot { return FixturesRoot(url: explicitRoot, origin: .code) }
        tried.append("fixturesRoot: not given in code")
        if let path = EnvironmentVariable.value(of: EnvironmentVariable.fixtures, in: environment) {
            return FixturesRoot(url: URL(fileURLWithPath: path, isDirectory: true), origin: .environment)
        }
        tried.append("\(EnvironmentVariable.fixtures) not set (nor \(EnvironmentVariable.testRunnerPrefix + EnvironmentVariable.fixtures))")
        let walk = SourceWalk(from: sourceFilePath)
        if let root = walk.folders.map(Self.fixtures(in:)).first(where: { Self.holds($0, item) }) {
            return FixturesRoot(url: root, origin: .sourceTree)
        }
        tried.append(walk.describeMiss(of: item))
        if let found = bundleCandidates(bundles).first(where: { Self.holds($0.fixtures, item) }) {
            return FixturesRoot(url: found.fixtures, origin: .testBundle(found.bundle))
        }
        tried.append(describeBundleMiss(of: item, bundles))
        guard FileManager.default.fileExists(atPath: sourceFilePath) else {
            tried.append("no source checkout to record into: \(sourceFilePath) does not exist")
            throw FixturesNotFoundError(item: item, tried: tried)
        }
        guard let root = walk.recordingRoot else {
            tried.append("no Package.swift and no Fixtures folder above \(sourceFilePath) to record into")
            throw FixturesNotFoundError(item: item, tried: tried)
        }
        return FixturesRoot(url: root, origin: .sourceTree)
    }

    /// The `Fixtures` folders step 4 looks at, in order, each with the bundle it is in.
    private func bundleCandidates(_ bundles: TestBundleFolders) -> [(fixtures: URL, bundle: URL)] {
        var candidates: [(fixtures: URL, bundle: URL)] = []
        if let bundleResources { candidates.append((Self.fixtures(in: bundleResources), bundleResources)) }
        for bundle in resourceBundles(in: bundles) + testBundles(bundles) {
            candidates.append((Self.fixtures(in: bundle), bundle))
            candidates.append((Self.fixtures(in: bundle.appendingPathComponent("Contents/Resources")), bundle))
        }
        return candidates
    }

    /// The test target's SwiftPM resource bundles in `bundles`' folders.
    private func resourceBundles(in bundles: TestBundleFolders) -> [URL] {
        let suffixes = ["_\(targetName).resources", "_\(targetName).bundle"]
        return bundles.resourceBundleParents.flatMap { parent in
            let names = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
            return names.filter { name in suffixes.contains { name.hasSuffix($0) } }.sorted()
                .map { parent.appendingPathComponent($0, isDirectory: true) }
        }
    }

    /// The loaded `.xctest` bundles, the test target's own first.
    private func testBundles(_ bundles: TestBundleFolders) -> [URL] {
        let own = bundles.testBundles.filter { $0.lastPathComponent == "\(targetName).xctest" }
        return own + bundles.testBundles.filter { $0.lastPathComponent != "\(targetName).xctest" }
    }

    private func describeBundleMiss(of item: String, _ bundles: TestBundleFolders) -> String {
        let given = bundleResources.map { "\(Self.fixtures(in: $0).appendingPathComponent(item).path) does not exist" }
        let found = resourceBundles(in: bundles) + testBundles(bundles)
        let searched = bundles.resourceBundleParents.map(\.path).joined(separator: ", ")
        let looked =
            found.isEmpty
            ? "no *_\(targetName).resources or *_\(targetName).bundle in \(searched), and no .xctest bundle loaded"
            : "no Fixtures/\(item) in \(found.map(\.path).joined(separator: ", "))"
        return "test bundle resources: " + [given ?? "fixturesBundle: not given", looked].joined(separator: "; ")
    }

    static func fixtures(in folder: URL) -> URL {
        folder.appendingPathComponent("Fixtures", isDirectory: true)
    }

    static func holds(_ root: URL, _ item: String) -> Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent(item).path)
    }
}

extension FixturesSearch {
    /// The search for a trait given `fixturesRoot:` and `fixturesBundle:`, used at `sourceLocation`.
    init(root: URL?, bundle: Bundle?, sourceLocation: SourceLocation) {
        self.init(
            explicitRoot: root, bundleResources: bundle.map { $0.resourceURL ?? $0.bundleURL },
            sourceFilePath: sourceLocation.filePath, targetName: sourceLocation.moduleName)
    }
}

/// The folders from a test's source file up to its package root (the nearest folder holding
/// `Package.swift`), or up to `/` when there is none.
private struct SourceWalk {
    /// The source file's folder first.
    var folders: [URL] = []
    var packageRoot: URL?

    init(from sourceFilePath: String) {
        let walk = PackageFolders(from: URL(fileURLWithPath: sourceFilePath).deletingLastPathComponent())
        folders = walk.folders
        packageRoot = walk.root
    }

    /// Where a recording writes a fixture no `Fixtures` folder holds yet: the package's `Fixtures` when
    /// it exists, else the nearest existing `Fixtures`, else `<package root>/Fixtures`.
    var recordingRoot: URL? {
        let existing = folders.map(FixturesSearch.fixtures(in:)).filter { FileManager.default.fileExists(atPath: $0.path) }
        if let packageRoot, existing.contains(FixturesSearch.fixtures(in: packageRoot)) {
            return FixturesSearch.fixtures(in: packageRoot)
        }
        return existing.first ?? packageRoot.map(FixturesSearch.fixtures(in:))
    }

    func describeMiss(of item: String) -> String {
        guard let first = folders.first, let last = folders.last else { return "from the test's source file: no folder" }
        let end = packageRoot.map { "\($0.path) (the package root)" } ?? "\(last.path) (no Package.swift above)"
        return "from the test's source file: no Fixtures/\(item) in \(first.path) or the folders above it up to \(end)"
    }
}
