package import Foundation

/// The folders from one folder up to the package root that holds it (the nearest folder holding
/// `Package.swift`), or up to `/` when there is none: the one walk that finds a package's `Fixtures`
/// and its fixture usage log.
package struct PackageFolders: Sendable {
    /// The starting folder first, the package root (if any) last.
    package private(set) var folders: [URL] = []
    /// The nearest folder at or above the start holding `Package.swift`.
    package private(set) var root: URL?

    /// The walk up from `folder`.
    package init(from folder: URL) {
        var folder = folder.absoluteURL.standardizedFileURL
        while folder.path != "/" && !folder.path.isEmpty {
            folders.append(folder)
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                root = folder
                return
            }
            folder.deleteLastPathComponent()
        }
    }
}
