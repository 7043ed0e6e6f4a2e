import Foundation

/// The package's source tree, found from this file's place in it (`Tests/RecordReplayTests/`), for the
/// tests that read the sources and the documentation as text.
enum PackageTree {
    /// The package's root folder.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
}
