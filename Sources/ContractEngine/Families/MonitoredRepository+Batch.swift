extension MonitoredRepository {
    /// Inserts `entities` in one call (the witness's ``RepositoryWitness/insertAll``) and returns what it
    /// returned, watched as `insertAll([3 entities: 4, 5, 6])`. Throws when the witness has no batch insert
    /// (``RepositoryWitness/insertingAll(_:)``).
    @discardableResult
    public func insertAll(_ entities: [Entity]) async throws -> [Entity] {
        guard let insertAll = witness.insertAll else { throw MissingBatchInsert() }
        return try await call("insertAll(\(Self.batchText(entities)))") { try await insertAll(entities) }
    }

    /// `[3 entities: 4, 5, 6]`: a batch as a call names it, by its ids.
    static func batchText(_ entities: [Entity]) -> String {
        let noun = entities.count == 1 ? "entity" : "entities"
        let ids = entities.map { "\($0.id)" }.joined(separator: ", ")
        return entities.isEmpty ? "[]" : "[\(entities.count) \(noun): \(abbreviate(ids, limit: 80))]"
    }
}

/// Thrown by ``MonitoredRepository/insertAll(_:)`` on a subject whose witness has no batch insert.
private struct MissingBatchInsert: Error, CustomStringConvertible {
    var description: String { "insertAll(_:) was called, but the witness has no batch insert: add .insertingAll { … } to it" }
}
