import Foundation
import GRDB

/// How the SQLite stores open their files.
enum SQLiteFiles {
    /// Write-ahead logging with `synchronous = NORMAL`, as apps commonly open SQLite: a commit does not wait
    /// for the disk, so the contract's thousand-write clauses run in seconds, not minutes.
    static var configuration: Configuration {
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL")
        }
        return configuration
    }

    /// A new folder in the temporary directory for one store's database and its WAL files.
    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("real-stores-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        return folder
    }

    /// Closes `database` (SQLite then checkpoints and removes its WAL files) and removes its folder.
    static func close(_ database: DatabaseQueue, removing folder: URL) {
        try? database.close()
        try? FileManager.default.removeItem(at: folder)
    }
}
