package import Foundation
import RepositoryContractsPlatform

extension Data {
    /// Writes the data to `url` atomically, leaving nothing else behind: into a hidden temporary file in
    /// the same folder, then renamed over `url`, so a reader (or a crash) sees the old file or the new
    /// one. Foundation's `.atomic` option is not used: on Linux it leaves a `TemporaryDirectory.*`
    /// folder in the temporary directory.
    package func writeAtomically(to url: URL) throws {
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        try write(to: temporary)
        if let reason = FixtureFileSystem.move(temporary.path, over: url.path) {
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [
                NSFilePathErrorKey: url.path, NSLocalizedDescriptionKey: "could not replace \(url.path): \(reason)",
            ])
        }
    }
}
