extension Conformance where Terms: RepositoryTerms, Terms.Promises == RepositoryPromises<Terms.Entity> {
    /// The same conformer with the bulk clauses scaled to `entityCount` entities
    /// (``RepositoryPromises/bulkEntityCount``): for a backend where 1,000 creates and reads take too long
    /// (a live API, a store whose `fetch(id:)` scans a list, so the clause costs about n² row reads).
    ///
    /// ```swift
    /// Conformance("bookmarks over HTTP") { … }.scalingBulkClauses(to: 50)
    /// ```
    public func scalingBulkClauses(to entityCount: Int) -> Self {
        var copy = self
        copy.promises.bulkEntityCount = entityCount
        return copy
    }
}
