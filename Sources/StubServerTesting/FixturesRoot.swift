import Foundation

/// Finds the `Fixtures` folder of the package a test file belongs to.
enum FixturesRoot {
    /// `<nearest folder above filePath holding Package.swift>/Fixtures`, or `Fixtures` next to the
    /// current directory when no `Package.swift` is found.
    static func locate(from filePath: String) -> URL {
        var folder = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        while folder.path != "/" && !folder.path.isEmpty {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return folder.appendingPathComponent("Fixtures", isDirectory: true)
            }
            folder.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            .appendingPathComponent("Fixtures", isDirectory: true)
    }
}
