import Foundation

/// Where the running test's bundles are: the folders that may hold a SwiftPM resource bundle of a test
/// target, and the loaded `.xctest` bundles (whose resources may hold an Xcode folder reference). The one
/// place the trait asks `Bundle` and the process about them; ``FixturesSearch`` takes a value, so tests
/// give it folders of their own.
///
/// The layouts differ by platform (a `.resources` folder beside the test executable on Linux; a `.bundle`
/// beside the `.xctest` under `swift test` on macOS, inside it under Xcode), so every layout is searched
/// on every platform and no platform check is needed.
struct TestBundleFolders: Sendable, Equatable {
    /// Folders that may hold `<Package>_<Target>.resources` or `<Package>_<Target>.bundle`.
    var resourceBundleParents: [URL]
    /// The loaded `.xctest` bundles.
    var testBundles: [URL]

    /// Those of this process: the main bundle, the executable's folder (from `Bundle.main` and from
    /// `CommandLine.arguments[0]`) and every loaded bundle, with each bundle's resources and parent folder.
    static var current: TestBundleFolders {
        let bundles = [Bundle.main] + Bundle.allBundles
        var parents: [URL] = []
        for bundle in bundles {
            parents.append(bundle.bundleURL)
            if let resources = bundle.resourceURL { parents.append(resources) }
            parents.append(bundle.bundleURL.deletingLastPathComponent())
        }
        if let executable = Bundle.main.executableURL { parents.append(executable.deletingLastPathComponent()) }
        if let first = CommandLine.arguments.first {
            parents.append(URL(fileURLWithPath: first).deletingLastPathComponent())
        }
        let testBundles = bundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }
        return TestBundleFolders(resourceBundleParents: unique(parents), testBundles: unique(testBundles))
    }

    /// `urls` without repeats (compared by standardized path), in their first order.
    private static func unique(_ urls: [URL]) -> [URL] {
        var seen = Set<String>()
        return urls.filter { seen.insert($0.standardizedFileURL.path).inserted }
    }
}
