import Foundation
import RepositoryContractsPlatform

/// Where the running test's bundles are: the folders that may hold a SwiftPM resource bundle of a test
/// target, and the loaded `.xctest` bundles (whose resources may hold an Xcode folder reference). The one
/// place the trait asks `Bundle` and the process about them; ``FixturesSearch`` takes a value, so tests
/// give it folders of their own.
///
/// The layouts differ by platform (a `.resources` folder beside the test executable on Linux; a `.bundle`
/// beside the `.xctest` under `swift test` on macOS, inside it under Xcode), so every layout is searched
/// on every platform; only Apple's systems list the loaded images.
struct TestBundleFolders: Sendable, Equatable {
    /// Folders that may hold `<Package>_<Target>.resources` or `<Package>_<Target>.bundle`.
    var resourceBundleParents: [URL]
    /// The loaded `.xctest` bundles.
    var testBundles: [URL]

    /// Those of this process: the main bundle, the executable's folder (from `Bundle.main` and from
    /// `CommandLine.arguments[0]`), every loaded bundle and every `.xctest` bundle whose code is loaded,
    /// with each bundle's resources and parent folder.
    static var current: TestBundleFolders {
        let bundles = [Bundle.main] + Bundle.allBundles
        let testBundles = bundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" } + loadedTestBundles
        var parents: [URL] = []
        for bundle in bundles {
            parents.append(bundle.bundleURL)
            if let resources = bundle.resourceURL { parents.append(resources) }
            parents.append(bundle.bundleURL.deletingLastPathComponent())
        }
        for bundle in testBundles {
            parents += [bundle, bundle.appendingPathComponent("Contents/Resources"), bundle.deletingLastPathComponent()]
        }
        if let executable = Bundle.main.executableURL { parents.append(executable.deletingLastPathComponent()) }
        if let first = CommandLine.arguments.first {
            parents.append(URL(fileURLWithPath: first).deletingLastPathComponent())
        }
        return TestBundleFolders(resourceBundleParents: unique(parents), testBundles: unique(testBundles))
    }

    /// The `.xctest` bundles whose code the process has loaded, from the images dyld lists: a test runner
    /// may load a test bundle's binary without `Bundle` listing it. None elsewhere (on Linux the test
    /// executable is `Bundle.main`'s).
    private static var loadedTestBundles: [URL] {
        loadedImagePaths().compactMap { path -> URL? in
            guard let end = path.range(of: ".xctest/") else { return nil }
            return URL(fileURLWithPath: String(path[..<end.lowerBound]) + ".xctest", isDirectory: true)
        }
    }

    /// `urls` without repeats (compared by standardized path), in their first order.
    private static func unique(_ urls: [URL]) -> [URL] {
        var seen = Set<String>()
        return urls.filter { seen.insert($0.standardizedFileURL.path).inserted }
    }
}
