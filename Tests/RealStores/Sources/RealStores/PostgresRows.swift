import PostgresNIO

extension PostgresClient {
    /// The rows `query` returns, read whole on a connection leased for this call alone and handed back to
    /// the pool however the query ends.
    ///
    /// The stores never call `PostgresClient.query(_:)`. In postgres-nio 1.33.2 (and its main branch as of
    /// this writing) that call leaks its pooled connection when the statement fails after its row
    /// description has arrived but before the caller's task has attached to the rows: an
    /// `INSERT … RETURNING` refused for a taken key (23505) or for NUL in a parameter (22021), on a loaded
    /// machine. `PSQLRowStream.asyncSequence(onFinish:)` finishes a stream that has already failed without
    /// calling `onFinish`, which is what would release the lease. Once every connection has leaked this
    /// way, each later query waits forever for one: the pool looks idle from the server and stuck from the
    /// client. `withConnection(_:)` releases the lease when its closure returns or throws.
    func rows(_ query: PostgresQuery) async throws -> [PostgresRow] {
        try await withConnection { connection in try await connection.rows(query) }
    }
}

extension PostgresConnection {
    /// The rows `query` returns on this connection, read whole.
    func rows(_ query: PostgresQuery) async throws -> [PostgresRow] {
        try await self.query(query, logger: PostgresServer.logger).collect()
    }
}
