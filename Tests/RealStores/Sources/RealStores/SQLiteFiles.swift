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
}
