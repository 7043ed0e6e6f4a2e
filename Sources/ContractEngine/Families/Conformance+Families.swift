extension Conformance where Terms: RepositoryTerms, Terms.Promises == RepositoryPromises<Terms.Entity> {
    /// The same conformer, with fields the store sets itself: left out of value comparison, checked by
    /// the `maintained.*` clauses.
    public func maintaining(_ fields: StoreMaintained<Terms.Entity>...) -> Self {
        var copy = self
        copy.promises.storeMaintained += fields
        return copy
    }

    /// The same conformer, with `fetchAll()` and pages in `ordering`.
    public func ordered(_ ordering: Ordering<Terms.Entity>) -> Self {
        var copy = self
        copy.promises.ordering = ordering
        return copy
    }

    /// The same conformer, reading in pages that behave as `pagination` says (the `pages.*` clauses). Its
    /// witness must read pages: ``RepositoryWitness/paging(invalidCursor:_:)``.
    public func paginated(_ pagination: Pagination = Pagination()) -> Self {
        var copy = self
        copy.promises.pagination = pagination
        return copy
    }

    /// The same conformer, refusing stale updates (the `versions.*` clauses). Its witness must update
    /// conditionally: ``RepositoryWitness/updatingConditionally(_:)``.
    public func optimisticConcurrency(_ concurrency: OptimisticConcurrency<Terms.Entity>) -> Self {
        var copy = self
        copy.promises.optimisticConcurrency = concurrency
        return copy
    }

    /// The same conformer, deleting softly (the `softDelete.*` clauses). Its witness must name restore:
    /// ``RepositoryWitness/softDeleting(delete:restore:purge:)``.
    public func softDeleting(_ softDeletion: SoftDeletion = SoftDeletion()) -> Self {
        var copy = self
        copy.promises.softDeletion = softDeletion
        return copy
    }

    /// The same conformer, inserting batches (the `batch.*` clauses). Its witness must insert them:
    /// ``RepositoryWitness/insertingAll(_:)``.
    public func batchWrites(_ batches: BatchWrites = .allOrNothing()) -> Self {
        var copy = self
        copy.promises.batchWrites = batches
        return copy
    }

    /// The same conformer, answering `queries` (the `queries.*` clauses). Its witness must run each:
    /// ``RepositoryWitness/querying(_:_:)``.
    public func querying(_ queries: Query<Terms.Entity>...) -> Self {
        var copy = self
        copy.promises.queries += queries
        return copy
    }

    /// The same conformer, refusing the writes `failing` describes without changing anything (the
    /// `atomicity.*` clauses).
    ///
    /// Declared more than once, the refusals add up (``FailingWrites/adding(_:)``): the store must refuse
    /// what any of them describes. Give each after the first a `refuses:` predicate, so that the derived
    /// edge cases it covers are checked as refused.
    public func refusing(_ failing: FailingWrites<Terms.Entity>) -> Self {
        var copy = self
        copy.promises.failingWrites = promises.failingWrites.map { $0.adding(failing) } ?? failing
        return copy
    }

    /// The same conformer, declared to send every write through the stub server of the test's scope:
    /// the `atomicity.serverFault*` clauses break the connection of each state-changing request there and
    /// require the write to throw and change nothing. Declare it on an HTTP conformer whose base URL is the
    /// scope's stub server, and run the contract under the `.stubServer(…)` trait: without a stub server
    /// in scope, those clauses fail.
    public func writingThroughStubServer() -> Self {
        var copy = self
        copy.promises.writesThroughStubServer = true
        return copy
    }
}
